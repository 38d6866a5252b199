import Foundation

/// The text notation for keys used in key maps and help: `ctrl+a`, `alt+left`, `shift+tab`, `f5`.
///
/// Modifiers come first in the order `ctrl`, `alt`, `shift`, joined with `+`. Named keys:
/// `enter`, `tab`, `backtab`, `esc`, `backspace`, `delete`, `insert`, `up`, `down`, `left`,
/// `right`, `home`, `end`, `pgup`, `pgdn`, `space`, `f1`…`f12`. Any other single character
/// stands for itself (`?`, `/`, `A`). `shift+tab` is read as `backtab`.
public enum KeyNotation {
    private static let names: [(String, Key)] = [
        ("enter", .enter), ("tab", .tab), ("backtab", .backTab), ("esc", .escape),
        ("backspace", .backspace), ("delete", .delete), ("insert", .insert), ("up", .up),
        ("down", .down), ("left", .left), ("right", .right), ("home", .home), ("end", .end),
        ("pgup", .pageUp), ("pgdn", .pageDown), ("space", .char(" ")),
    ]
    private static let aliases: [String: String] = [
        "escape": "esc", "return": "enter", "del": "delete", "ins": "insert", "pageup": "pgup",
        "pagedown": "pgdn", "bs": "backspace",
    ]

    /// Formats a key event, e.g. `ctrl+k`.
    public static func format(_ event: KeyEvent) -> String {
        var parts: [String] = []
        if event.modifiers.contains(.ctrl) { parts.append("ctrl") }
        if event.modifiers.contains(.alt) { parts.append("alt") }
        if event.modifiers.contains(.shift) { parts.append("shift") }
        parts.append(name(of: event.key))
        return parts.joined(separator: "+")
    }

    /// The name of a key without modifiers.
    public static func name(of key: Key) -> String {
        if case .function(let n) = key { return "f\(n)" }
        if key == .backTab { return "shift+tab" }
        if case .char(let c) = key { return c == " " ? "space" : String(c) }
        return names.first { $0.1 == key }?.0 ?? "?"
    }

    /// Parses the notation; nil when a part is not a known modifier or key.
    public static func parse(_ text: String) -> KeyEvent? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return nil }
        var parts = trimmed.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        if trimmed == "+" {
            parts = ["+"]
        } else if trimmed.hasSuffix("++") {
            parts = Array(parts.dropLast(2)) + ["+"]
        }
        guard let last = parts.last, !last.isEmpty else { return nil }
        var modifiers: KeyModifiers = []
        for part in parts.dropLast() {
            switch part.lowercased() {
            case "ctrl", "control", "c": modifiers.insert(.ctrl)
            case "alt", "meta", "m", "option": modifiers.insert(.alt)
            case "shift", "s": modifiers.insert(.shift)
            default: return nil
            }
        }
        let lowered = last.lowercased()
        let canonical = aliases[lowered] ?? lowered
        var key: Key
        if let named = names.first(where: { $0.0 == canonical }) {
            key = named.1
        } else if canonical.hasPrefix("f"), let n = Int(canonical.dropFirst()), (1...24).contains(n) {
            key = .function(n)
        } else if last.count == 1, let c = last.first {
            key = .char(modifiers.contains(.ctrl) ? Character(c.lowercased()) : c)
        } else {
            return nil
        }
        if key == .tab && modifiers.contains(.shift) {
            key = .backTab
            modifiers.remove(.shift)
        }
        return KeyEvent(key, modifiers: modifiers)
    }
}
