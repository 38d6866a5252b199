import TUICore

/// Grapheme clusters that an ncurses cell cannot hold (a flag, a ZWJ family, an emoji with a skin tone: more
/// than one spacing character), written straight to the terminal after ncurses has drawn its frame.
///
/// ncurses keeps one spacing character per cell, so the backend gives it the cluster's first character (and a
/// blank for the second column), then writes the whole cluster over both columns. The cursor and attributes
/// are saved before and restored after, so what ncurses believes about the terminal stays true.
public enum ClusterOverlay {
    /// One cluster to write at a position, in a style.
    public struct Placement: Hashable, Sendable {
        /// The column.
        public var x: Int
        /// The row.
        public var y: Int
        /// The cell, its symbol already sanitized by the buffer.
        public var cell: Cell

        /// Creates a placement.
        public init(x: Int, y: Int, cell: Cell) {
            (self.x, self.y, self.cell) = (x, y, cell)
        }
    }

    /// Whether ncurses cannot hold the cluster in one cell: more than one scalar that takes columns, or more
    /// scalars than a cell has room for.
    public static func needsOverlay(_ symbol: String) -> Bool {
        let scalars = symbol.unicodeScalars
        guard scalars.count > 1 else { return false }
        if scalars.count > 5 { return true }
        return scalars.dropFirst().contains { DisplayWidth.of($0) > 0 }
    }

    /// The bytes that write each placement: save cursor and attributes, then per cluster a cursor move, its
    /// colors and attributes and the cluster, then restore. Empty for no placements.
    public static func sequence(_ placements: [Placement], depth: ColorDepth, directColor: Bool) -> String {
        guard !placements.isEmpty else { return "" }
        var out = "\u{1B}7"
        for placement in placements {
            out += "\u{1B}[\(placement.y + 1);\(placement.x + 1)H"
            out += "\u{1B}[" + sgr(placement.cell.style, depth: depth, directColor: directColor) + "m"
            out += placement.cell.symbol
        }
        out += "\u{1B}[0m\u{1B}8"
        return out
    }

    /// The SGR parameters of a style: a reset, its attributes, then its colors as the terminal can show them.
    static func sgr(_ style: Style, depth: ColorDepth, directColor: Bool) -> String {
        var parts = ["0"]
        let m = style.modifiers
        if m.contains(.bold) { parts.append("1") }
        if m.contains(.dim) { parts.append("2") }
        if m.contains(.italic) { parts.append("3") }
        if m.contains(.underline) { parts.append("4") }
        if m.contains(.reverse) { parts.append("7") }
        if let fg = color(style.fg, base: 30, depth: depth, directColor: directColor) { parts.append(fg) }
        if let bg = color(style.bg, base: 40, depth: depth, directColor: directColor) { parts.append(bg) }
        return parts.joined(separator: ";")
    }

    /// One color's SGR parameters (`base` 30 for the foreground, 40 for the background); nil for the default.
    private static func color(_ color: Color?, base: Int, depth: ColorDepth, directColor: Bool) -> String? {
        guard let color, depth != .none else { return nil }
        switch color.degraded(to: depth) {
        case .default: return nil
        case .ansi(let c):
            let n = Int(c.rawValue)
            return n < 8 ? String(base + n) : String(base + 60 + n - 8)
        case .indexed(let i): return "\(base + 8);5;\(i)"
        case .rgb(let r, let g, let b):
            return directColor ? "\(base + 8);2;\(r);\(g);\(b)" : nil
        }
    }
}
