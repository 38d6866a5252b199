import TUICore

/// Turns buffers into text for assertions and snapshots.
public enum ScreenText {
    /// One string per row, continuation cells skipped, trailing spaces removed.
    public static func lines(of buffer: Buffer) -> [String] {
        (0..<buffer.height).map { trimTrailing(buffer.text(row: $0)) }
    }

    /// The position of the first occurrence of `text`, in cell columns.
    public static func position(of text: String, in buffer: Buffer) -> Position? {
        for y in 0..<buffer.height {
            var row = ""
            var columns: [Int] = []
            for x in 0..<buffer.width where !buffer[x, y].isContinuation {
                for _ in buffer[x, y].symbol.unicodeScalars { columns.append(x) }
                row += buffer[x, y].symbol
            }
            if let range = row.range(of: text) {
                let offset = row.unicodeScalars.distance(from: row.unicodeScalars.startIndex, to: range.lowerBound.samePosition(in: row.unicodeScalars) ?? row.unicodeScalars.startIndex)
                return Position(x: columns[offset], y: y)
            }
        }
        return nil
    }

    /// The text of the screen, then a style map: each row repeated with one letter per cell
    /// naming its style, then a legend of the letters. Plain cells show as `.`.
    public static func styled(_ buffer: Buffer) -> String {
        var legend: [Style: Character] = [.plain: "."]
        var order: [Style] = []
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        var out = lines(of: buffer).joined(separator: "\n") + "\n--- styles ---\n"
        for y in 0..<buffer.height {
            var row = ""
            for x in 0..<buffer.width {
                let style = buffer[x, y].style
                if legend[style] == nil {
                    legend[style] = order.count < letters.count ? letters[order.count] : "?"
                    order.append(style)
                }
                row.append(legend[style] ?? "?")
            }
            out += row + "\n"
        }
        out += "--- legend ---\n"
        for style in order {
            out += "\(legend[style] ?? "?"): \(describe(style))\n"
        }
        return out
    }

    /// A style as text, e.g. `fg=#ff0000 bg=default bold`.
    public static func describe(_ style: Style) -> String {
        var parts: [String] = []
        if let fg = style.fg { parts.append("fg=\(fg)") }
        if let bg = style.bg { parts.append("bg=\(bg)") }
        let names: [(Modifiers, String)] = [(.bold, "bold"), (.dim, "dim"), (.italic, "italic"), (.underline, "underline"), (.reverse, "reverse")]
        for (m, name) in names where style.modifiers.contains(m) { parts.append(name) }
        return parts.isEmpty ? "plain" : parts.joined(separator: " ")
    }

    static func trimTrailing(_ s: String) -> String {
        var end = s.endIndex
        while end > s.startIndex {
            let before = s.index(before: end)
            if s[before] != " " { break }
            end = before
        }
        return String(s[..<end])
    }
}
