import TUICore
/// Fuzzy matching for the command palette: the query's characters in order, anywhere in the text.
public enum FuzzyMatch {
    /// A score (higher is better) when every character of `query` appears in `text` in order, else nil.
    ///
    /// Consecutive matches and matches at word starts score more; case is ignored.
    public static func score(_ query: String, in text: String) -> Int? {
        let q = Array(query.lowercased().filter { $0 != " " })
        guard !q.isEmpty else { return 0 }
        let t = Array(text.lowercased())
        var qi = 0
        var score = 0
        var previous = -2
        for (ti, c) in t.enumerated() where qi < q.count && c == q[qi] {
            score += 1
            if ti == previous + 1 { score += 3 }
            if ti == 0 || t[ti - 1] == " " || t[ti - 1] == ":" || t[ti - 1] == "." { score += 2 }
            previous = ti
            qi += 1
        }
        return qi == q.count ? score - t.count / 10 : nil
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

    /// Creates an entry.
    public init(action: String, title: String, keys: String) {
        self.action = action
        self.title = title
        self.keys = keys
    }

    /// Every entry for a state: bound actions, palette-only actions, and one per theme.
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
            entries.append(PaletteEntry(action: binding.action, title: title, keys: keys))
        }
        if !state.environments.isEmpty {
            entries.append(PaletteEntry(action: "env:", title: "environment: none", keys: ""))
            for file in state.environments {
                entries.append(PaletteEntry(action: "env:" + file.document.name, title: "environment: " + file.document.name, keys: ""))
            }
        }
        for theme in state.themes {
            entries.append(PaletteEntry(action: "theme:" + theme.name, title: "theme: " + theme.name, keys: ""))
        }
        return entries
    }

    /// The entries matching `query`, best first.
    public static func matching(_ query: String, in entries: [PaletteEntry]) -> [PaletteEntry] {
        entries.enumerated()
            .compactMap { index, entry in FuzzyMatch.score(query, in: entry.title).map { (entry, $0, index) } }
            .sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.2 < $1.2 }
            .map(\.0)
    }
}
