import Foundation

/// A key binding as data: which keys trigger which action, in which context, with what help.
public struct KeyBinding: Hashable, Sendable {
    /// The keys that trigger the action (the first one is shown in hints).
    public var keys: [KeyEvent]
    /// The keys as they were written, including any that did not parse (so a test can find those).
    public var notation: [String]
    /// The action's stable identifier, e.g. `request.send`; key map files refer to it.
    public var action: String
    /// A short description for the footer and the help overlay.
    public var help: String
    /// Where the binding applies: a pane name, or `global`.
    public var context: String
    /// True to list the binding in the footer hints of its context.
    public var showInFooter: Bool

    /// Creates a binding; `keys` uses the key notation (`ctrl+s`, `f5`, `?`).
    public init(_ keys: [String], action: String, help: String, context: String = KeyMap.global, showInFooter: Bool = true) {
        self.keys = keys.compactMap(KeyNotation.parse)
        self.notation = keys
        self.action = action
        self.help = help
        self.context = context
        self.showInFooter = showInFooter
    }

    /// The keys as text, e.g. `ctrl+s/f5`.
    public var keyText: String { keys.map(\.description).joined(separator: "/") }
}

/// Why a key map file could not be applied.
public enum KeyMapError: Error, Equatable, CustomStringConvertible {
    /// The file could not be read.
    case unreadable(path: String, reason: String)
    /// The file is not the expected JSON shape.
    case invalidFormat(path: String, reason: String)
    /// An action id is not known.
    case unknownAction(path: String, action: String)
    /// A key could not be parsed.
    case invalidKey(path: String, action: String, key: String)

    /// What happened and what to do about it.
    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            return "cannot read key map \(path): \(reason); check the file exists and is readable"
        case .invalidFormat(let path, let reason):
            return "key map \(path) is not valid: \(reason); see docs/keymap.md for the format"
        case .unknownAction(let path, let action):
            return "key map \(path): no action named \"\(action)\"; see docs/keymap.md for the list of actions"
        case .invalidKey(let path, let action, let key):
            return "key map \(path): \"\(key)\" for \(action) is not a key; write keys like ctrl+s, alt+left, shift+tab, f5, ?"
        }
    }
}

/// An ordered set of bindings: finds the action for a key and produces footer and help text.
public struct KeyMap: Hashable, Sendable {
    /// The context that applies everywhere.
    public static let global = "global"

    /// All bindings, in the order help lists them.
    public var bindings: [KeyBinding]

    /// Creates a key map.
    public init(_ bindings: [KeyBinding]) {
        self.bindings = bindings
    }

    /// The action bound to `key`, looking through `contexts` in order and then `global`.
    public func action(for key: KeyEvent, in contexts: [String]) -> String? {
        for context in contexts + [KeyMap.global] {
            if let binding = bindings.first(where: { $0.context == context && $0.keys.contains(key) }) {
                return binding.action
            }
        }
        return nil
    }

    /// The bindings of an action.
    public func bindings(for action: String) -> [KeyBinding] {
        bindings.filter { $0.action == action }
    }

    /// Footer hints for the given contexts (then `global`): `key help` pairs as spans,
    /// keys in `keyStyle`, help in `helpStyle`, cut to fit `width` columns.
    public func footer(contexts: [String], width: Int, keyStyle: Style, helpStyle: Style, hiding hidden: Set<String> = []) -> Line {
        var spans: [Span] = []
        var used = 0
        for context in contexts + [KeyMap.global] {
            for binding in bindings where binding.context == context && binding.showInFooter && !binding.keys.isEmpty && !hidden.contains(binding.action) {
                let key = binding.keys[0].description
                let piece = (spans.isEmpty ? "" : "  ") + key + " " + binding.help
                if used + piece.displayWidth > width { return Line(spans) }
                if !spans.isEmpty { spans.append(Span("  ", style: helpStyle)) }
                spans.append(Span(key, style: keyStyle))
                spans.append(Span(" " + binding.help, style: helpStyle))
                used += piece.displayWidth
            }
        }
        return Line(spans)
    }

    /// Help overlay lines: a heading per context, then `keys  help` rows with keys aligned; `leading` contexts (the
    /// focused pane's) and then the global ones first.
    public func helpLines(contexts: [String]? = nil, leading: [String] = [], headingStyle: Style = Style(modifiers: .bold), keyStyle: Style = .plain,
                          helpStyle: Style = .plain, contextTitles: [String: String] = [:]) -> [Line] {
        var order: [String] = []
        for binding in bindings where !order.contains(binding.context) { order.append(binding.context) }
        if let contexts { order = order.filter { contexts.contains($0) || $0 == KeyMap.global } }
        // The contexts in `leading` come first, in its order, then the global keys, then the rest.
        let first = leading.filter(order.contains) + (order.contains(KeyMap.global) && !leading.contains(KeyMap.global) ? [KeyMap.global] : [])
        if !leading.isEmpty { order = first + order.filter { !first.contains($0) } }
        let keyWidth = min(24, bindings.map { $0.keyText.displayWidth }.max() ?? 0)
        var lines: [Line] = []
        for context in order {
            if !lines.isEmpty { lines.append(Line("")) }
            lines.append(Line(contextTitles[context] ?? context.capitalized, style: headingStyle))
            for binding in bindings where binding.context == context && !binding.keys.isEmpty {
                lines.append(Line([
                    Span("  " + binding.keyText.padded(columns: keyWidth), style: keyStyle),
                    Span("  " + binding.help, style: helpStyle),
                ]))
            }
        }
        return lines
    }

    /// Replaces the keys of the actions named in `overrides` (an empty list unbinds).
    public func applying(_ overrides: [String: [KeyEvent]]) -> KeyMap {
        var copy = self
        for i in copy.bindings.indices {
            if let keys = overrides[copy.bindings[i].action] {
                copy.bindings[i].keys = keys
                copy.bindings[i].notation = keys.map(\.description)
            }
        }
        return copy
    }

    /// Reads a key map file (see docs/keymap.md) and returns the overrides it sets.
    ///
    /// `knownActions` lists the valid action ids; others are reported as errors.
    public static func loadOverrides(contentsOf url: URL, knownActions: Set<String>) throws(KeyMapError) -> [String: [KeyEvent]] {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadable(path: url.path, reason: error.localizedDescription)
        }
        return try decodeOverrides(data, path: url.path, knownActions: knownActions)
    }

    /// Decodes key map JSON: `{"bindings": {"action.id": ["ctrl+s", "f5"] or "ctrl+s" or []}}`.
    public static func decodeOverrides(_ data: Data, path: String = "<keymap>", knownActions: Set<String>) throws(KeyMapError) -> [String: [KeyEvent]] {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw .invalidFormat(path: path, reason: "not JSON (\(error.localizedDescription))")
        }
        guard let root = object as? [String: Any], let table = root["bindings"] as? [String: Any] else {
            throw .invalidFormat(path: path, reason: "expected an object with a \"bindings\" object")
        }
        if let extra = root.keys.first(where: { $0 != "bindings" }) {
            throw .invalidFormat(path: path, reason: "unknown key \"\(extra)\"")
        }
        var result: [String: [KeyEvent]] = [:]
        for (action, value) in table {
            guard knownActions.contains(action) else { throw .unknownAction(path: path, action: action) }
            let texts: [String]
            if let one = value as? String {
                texts = [one]
            } else if let many = value as? [String] {
                texts = many
            } else {
                throw .invalidFormat(path: path, reason: "\"\(action)\" must be a key or a list of keys")
            }
            var keys: [KeyEvent] = []
            for text in texts {
                guard let key = KeyNotation.parse(text) else { throw .invalidKey(path: path, action: action, key: text) }
                keys.append(key)
            }
            result[action] = keys
        }
        return result
    }
}
