/// A grid of cells that widgets draw into; it never touches the terminal.
///
/// Strings are placed by display width: a wide character fills two cells (the second
/// is a continuation), combining marks stay with their base character, and control
/// characters are replaced by visible symbols. Overwriting half of a wide character
/// blanks the other half so the grid always stays consistent.
public struct Buffer: Hashable, Sendable {
    /// The number of columns.
    public private(set) var width: Int
    /// The number of rows.
    public private(set) var height: Int
    /// All cells, row by row.
    public private(set) var cells: [Cell]

    /// Creates a buffer filled with `fill`.
    public init(width: Int, height: Int, fill: Cell = .blank) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.cells = Array(repeating: fill, count: self.width * self.height)
    }

    /// Creates a buffer of the given size filled with blanks.
    public init(size: Size) {
        self.init(width: size.width, height: size.height)
    }

    /// The whole buffer as a rectangle at the origin.
    public var area: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    /// The cell at (`x`, `y`); reading outside gives a blank, writing outside is ignored.
    ///
    /// Writing through the subscript does not repair wide characters; use `set(_:x:y:)`.
    public subscript(x: Int, y: Int) -> Cell {
        get {
            guard x >= 0, y >= 0, x < width, y < height else { return .blank }
            return cells[y * width + x]
        }
        set {
            guard x >= 0, y >= 0, x < width, y < height else { return }
            cells[y * width + x] = newValue
        }
    }

    /// Places one grapheme cluster at (`x`, `y`) keeping wide characters consistent.
    ///
    /// Returns the number of columns used (0 when it does not fit or is zero-width).
    @discardableResult
    public mutating func set(_ character: Character, x: Int, y: Int, style: Style, clip: Rect? = nil) -> Int {
        let bounds = clip.map { $0.intersection(area) } ?? area
        if containsControl(character) {
            return setString(sanitize(String(character)), x: x, y: y, style: style, clip: bounds) - x
        }
        let w = DisplayWidth.of(character)
        guard w > 0, y >= bounds.y, y < bounds.bottom else { return 0 }
        if x < bounds.x || x >= bounds.right { return 0 }
        if x + w > bounds.right {
            put(" ", width: 1, x: x, y: y, style: style)
            return 1
        }
        put(String(character), width: w, x: x, y: y, style: style)
        return w
    }

    /// Writes `symbol` of display width `w` at (`x`, `y`) and repairs broken wide neighbours.
    @inline(__always)
    private mutating func put(_ symbol: String, width w: Int, x: Int, y: Int, style: Style) {
        let row = y * width
        if cells[row + x].symbol.isEmpty, x > 0 {
            cells[row + x - 1].symbol = " "
        }
        let end = x + w
        if end < width, cells[row + end].symbol.isEmpty {
            cells[row + end].symbol = " "
        }
        cells[row + x] = Cell(symbol, style: style)
        if w == 2 { cells[row + x + 1] = Cell("", style: style) }
    }

    /// Draws `string` from (`x`, `y`) on one row, clipped to `clip` (and to the buffer).
    ///
    /// Columns left of the clip are skipped as if drawn; a wide character cut by an edge
    /// shows as a blank. Returns the column after the last one written (or skipped).
    @discardableResult
    public mutating func setString(_ string: String, x: Int, y: Int, style: Style = .plain, clip: Rect? = nil) -> Int {
        let bounds = clip.map { $0.intersection(area) } ?? area
        guard y >= bounds.y, y < bounds.bottom else { return x + string.displayWidth }
        var column = x
        if string.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            for byte in string.utf8 {
                if column >= bounds.right { break }
                if column >= bounds.x {
                    put(String(UnicodeScalar(byte)), width: 1, x: column, y: y, style: style)
                }
                column += 1
            }
            return column
        }
        for character in string {
            if column >= bounds.right { break }
            if containsControl(character) {
                let safe = sanitize(String(character))
                column = setString(safe, x: column, y: y, style: style, clip: bounds)
                continue
            }
            let w = DisplayWidth.of(character)
            if w == 0 { continue }
            if column < bounds.x {
                if column + w > bounds.x {
                    put(" ", width: 1, x: bounds.x, y: y, style: style)
                }
                column += w
                continue
            }
            if column + w > bounds.right {
                put(" ", width: 1, x: column, y: y, style: style)
                column = bounds.right
                break
            }
            put(String(character), width: w, x: column, y: y, style: style)
            column += w
        }
        return column
    }

    /// Draws styled spans from (`x`, `y`), each span's style patched over `base`.
    @discardableResult
    public mutating func setSpans(_ spans: [Span], x: Int, y: Int, base: Style = .plain, clip: Rect? = nil) -> Int {
        var column = x
        for span in spans {
            column = setString(span.text, x: column, y: y, style: base.patched(with: span.style), clip: clip)
        }
        return column
    }

    /// Draws a line of spans from (`x`, `y`), clipped to `clip`.
    @discardableResult
    public mutating func setLine(_ line: Line, x: Int, y: Int, base: Style = .plain, clip: Rect? = nil) -> Int {
        setSpans(line.spans, x: x, y: y, base: base, clip: clip)
    }

    /// Fills `rect` with one symbol in one style.
    public mutating func fill(_ rect: Rect, symbol: String = " ", style: Style = .plain) {
        let r = rect.intersection(area)
        guard !r.isEmpty else { return }
        let cell = Cell(symbol, style: style)
        for y in r.y..<r.bottom {
            if r.x > 0, cells[y * width + r.x].symbol.isEmpty { cells[y * width + r.x - 1].symbol = " " }
            if r.right < width, cells[y * width + r.right].symbol.isEmpty { cells[y * width + r.right].symbol = " " }
            for x in r.x..<r.right { cells[y * width + x] = cell }
        }
    }

    /// Lays `style` over every cell of `rect`, keeping the symbols.
    public mutating func setStyle(_ rect: Rect, style: Style) {
        let r = rect.intersection(area)
        guard !r.isEmpty else { return }
        for y in r.y..<r.bottom {
            for x in r.x..<r.right {
                cells[y * width + x].style = cells[y * width + x].style.patched(with: style)
            }
        }
    }

    /// Resets every cell (or those of `rect`) to a blank in the plain style.
    public mutating func clear(_ rect: Rect? = nil) {
        fill(rect ?? area)
    }

    /// Changes the size, keeping the top-left content that still fits.
    public mutating func resize(width newWidth: Int, height newHeight: Int) {
        var next = Buffer(width: newWidth, height: newHeight)
        for y in 0..<min(height, next.height) {
            for x in 0..<min(width, next.width) {
                next.cells[y * next.width + x] = cells[y * width + x]
            }
            if next.width < width, next.width > 0, cells[y * width + next.width].symbol.isEmpty {
                next.cells[y * next.width + next.width - 1].symbol = " "
            }
        }
        self = next
    }

    /// The cells that differ from `previous`, row by row; every cell when the sizes differ.
    ///
    /// A continuation cell is listed when it changed; backends skip drawing it because the
    /// wide cell to its left covers it.
    public func diff(from previous: Buffer) -> [CellChange] {
        var changes: [CellChange] = []
        if previous.width != width || previous.height != height {
            changes.reserveCapacity(cells.count)
            for (i, cell) in cells.enumerated() {
                changes.append(CellChange(x: i % max(width, 1), y: i / max(width, 1), cell: cell))
            }
            return changes
        }
        cells.withUnsafeBufferPointer { now in
            previous.cells.withUnsafeBufferPointer { before in
                for i in 0..<now.count where now[i] != before[i] {
                    changes.append(CellChange(x: i % width, y: i / width, cell: now[i]))
                }
            }
        }
        return changes
    }

    /// The text of row `y`, continuation cells skipped, trailing spaces kept.
    public func text(row y: Int) -> String {
        guard y >= 0, y < height else { return "" }
        var s = ""
        for x in 0..<width {
            s += cells[y * width + x].symbol
        }
        return s
    }

    /// The text of `rect`, one string per row, continuation cells skipped.
    public func text(in rect: Rect) -> [String] {
        let r = rect.intersection(area)
        guard !r.isEmpty else { return [] }
        return (r.y..<r.bottom).map { y in
            (r.x..<r.right).reduce(into: "") { $0 += cells[y * width + $1].symbol }
        }
    }
}
