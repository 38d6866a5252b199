/// One screen cell: a grapheme cluster and its style.
///
/// A wide character (CJK, emoji) sits in its first cell with `width == 2`; the cell to its
/// right is a continuation cell whose `symbol` is empty and which is never drawn on its own.
public struct Cell: Hashable, Sendable {
    /// The grapheme cluster shown, `" "` for blank, `""` for the continuation of a wide cell.
    public var symbol: String
    /// How the cell looks.
    public var style: Style

    /// Creates a cell.
    public init(_ symbol: String = " ", style: Style = .plain) {
        self.symbol = symbol
        self.style = style
    }

    /// A blank cell with the plain style.
    public static let blank = Cell(" ")

    /// True when this cell is the right half of a wide character.
    public var isContinuation: Bool { symbol.isEmpty }

    /// The number of columns the symbol occupies (0 for a continuation).
    public var width: Int {
        guard let first = symbol.first else { return 0 }
        return DisplayWidth.of(first)
    }
}

/// A cell that changed between two buffers, with its position.
public struct CellChange: Hashable, Sendable {
    /// The column.
    public var x: Int
    /// The row.
    public var y: Int
    /// The new content.
    public var cell: Cell

    /// Creates a change record.
    public init(x: Int, y: Int, cell: Cell) {
        self.x = x
        self.y = y
        self.cell = cell
    }
}

/// A run of text in one style.
public struct Span: Hashable, Sendable, ExpressibleByStringLiteral {
    /// The text.
    public var text: String
    /// Its style, patched over the style of the area it is drawn in.
    public var style: Style

    /// Creates a span.
    public init(_ text: String, style: Style = .plain) {
        self.text = text
        self.style = style
    }

    /// Creates an unstyled span from a literal.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// The display width of the text.
    public var width: Int { text.displayWidth }
}

/// A line made of styled spans.
public struct Line: Hashable, Sendable, ExpressibleByStringLiteral {
    /// The spans, left to right.
    public var spans: [Span]

    /// Creates a line from spans.
    public init(_ spans: [Span]) {
        self.spans = spans
    }

    /// Creates a line of one span.
    public init(_ text: String, style: Style = .plain) {
        self.spans = [Span(text, style: style)]
    }

    /// Creates an unstyled line from a literal.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// The text without styles.
    public var plainText: String { spans.map(\.text).joined() }

    /// The display width of the whole line.
    public var width: Int { spans.reduce(0) { $0 + $1.width } }
}
