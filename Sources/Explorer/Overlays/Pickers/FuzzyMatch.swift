import TUICore
/// Fuzzy matching for the command palette: each word of the query matched in order in the title (`FuzzyScore`),
/// else in the entry's keywords at half the score.
public enum FuzzyMatch {
    /// A score (higher is better) when every word of `query` matches the title or the keywords, else nil.
    /// Matches in the first `lesserPrefix` characters of the title (a context such as "Run results: ") count half.
    public static func score(_ query: String, in text: String, lesserPrefix: Int = 0, keywords: String = "") -> Int? {
        let words = query.split(whereSeparator: \.isWhitespace)
        guard !words.isEmpty else { return 0 }
        var total = 0
        for word in words {
            let inTitle = FuzzyScore.term(String(word), in: text, lesserPrefix: lesserPrefix)
            let inKeywords = keywords.isEmpty ? nil : FuzzyScore.term(String(word), in: keywords).map { $0 / 2 }
            guard let best = [inTitle, inKeywords].compactMap({ $0 }).max() else { return nil }
            total += best
        }
        return total
    }
}

/// One entry of the command palette.
public struct PaletteEntry: Hashable, Sendable {
    /// The action id run when chosen, or `theme:NAME` for a theme.
    public var action: String
    /// The title shown and searched.
    public var title: String
    /// The keys bound to the action, as text.
    public var keys: String
    /// The length of the title's context part ("Run results: "), whose matches count less than the action's own words.
    public var contextLength: Int

    /// Creates an entry.
    public init(action: String, title: String, keys: String, contextLength: Int = 0) {
        self.action = action
        self.title = title
        self.keys = keys
        self.contextLength = contextLength
    }

    /// The words of the action id (`body.mode.none` → `body mode none`), searched when the title does not match.
    public var keywords: String {
        String(action.map { $0 == "." || $0 == ":" || $0 == "-" ? " " : $0 })
    }

    /// What the keys column of the environment and theme in force shows.
    public static let activeMark = "✓ active"

    /// Every entry for a state: bound actions, palette-only actions, one per environment and one per theme.
    public static func all(for state: AppState) -> [PaletteEntry] {
        var seen: Set<String> = []
        var entries: [PaletteEntry] = []
        let hidden: Set<String> = ["app.palette", "url.send"]
        for binding in state.keyMap.bindings where !seen.contains(binding.action) && !hidden.contains(binding.action)
            && binding.context != Actions.editingContext && binding.context != ResponseViewerState.lineContext {
            seen.insert(binding.action)
            var seen = Set<String>()
            let keys = state.keyMap.bindings(for: binding.action).map(\.keyText).filter { seen.insert($0).inserted }.joined(separator: ", ")
            let help = binding.help.prefix(1).uppercased() + binding.help.dropFirst()
            let context = binding.context == KeyMap.global ? nil : Actions.contextTitles[binding.context] ?? binding.context.capitalized
            let title = context.map { "\($0): \(help)" } ?? help
            entries.append(PaletteEntry(action: binding.action, title: title, keys: keys, contextLength: context.map { $0.count + 2 } ?? 0))
        }
        if !state.environments.isEmpty {
            entries.append(PaletteEntry(action: "env:", title: "environment: none", keys: state.activeEnvironment == nil ? activeMark : ""))
            for file in state.environments {
                let active = file.document.name == state.activeEnvironment
                entries.append(PaletteEntry(action: "env:" + file.document.name, title: "environment: " + file.document.name, keys: active ? activeMark : ""))
            }
        }
        for theme in state.themes {
            entries.append(PaletteEntry(action: "theme:" + theme.name, title: "theme: " + theme.name, keys: theme.name == state.themeName ? activeMark : ""))
        }
        return entries
    }

    /// The entries matching `query`, best first.
    public static func matching(_ query: String, in entries: [PaletteEntry]) -> [PaletteEntry] {
        entries.enumerated()
            .compactMap { index, entry in
                FuzzyMatch.score(query, in: entry.title, lesserPrefix: entry.contextLength, keywords: entry.keywords).map { (entry, $0, index) }
            }
            .sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.2 < $1.2 }
            .map(\.0)
    }
}
