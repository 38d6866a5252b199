/// A table column: a header and a width rule.
public struct TableColumn: Hashable, Sendable {
    /// The header text.
    public var title: String
    /// How wide the column is (`.length`, `.percentage`, `.min` or `.fill`).
    public var width: Constraint

    /// Creates a column.
    public init(_ title: String, width: Constraint) {
        self.title = title
        self.width = width
    }
}

/// A table row: one line per column and an optional enabled flag shown as a checkbox.
public struct TableRow: Hashable, Sendable {
    /// The cells, one per column.
    public var cells: [Line]
    /// Whether the row is enabled; nil shows no checkbox mark.
    public var enabled: Bool?
    /// The row's style (disabled rows may pass a dim style).
    public var style: Style

    /// Creates a row.
    public init(_ cells: [Line], enabled: Bool? = nil, style: Style = .plain) {
        self.cells = cells
        self.enabled = enabled
        self.style = style
    }
}

/// A table with a header, an optional checkbox column, selection and vertical scrolling.
public struct Table: Sendable {
    /// The columns.
    public var columns: [TableColumn]
    /// The rows.
    public var rows: [TableRow]
    /// True to draw the enabled checkbox column first.
    public var showsCheckbox: Bool
    /// The base style.
    public var style: Style
    /// The header style (patched over the base).
    public var headerStyle: Style
    /// The style laid over the selected row.
    public var selectionStyle: Style
    /// The checkbox marks for enabled and disabled rows.
    public var checkboxes: (on: String, off: String)
    /// Columns of space between cells.
    public var columnSpacing: Int

    /// Creates a table.
    public init(columns: [TableColumn], rows: [TableRow], showsCheckbox: Bool = false, style: Style = .plain,
                headerStyle: Style = Style(modifiers: .bold), selectionStyle: Style = Style(modifiers: .reverse),
                checkboxes: (on: String, off: String) = ("[x]", "[ ]"), columnSpacing: Int = 1) {
        self.columns = columns
        self.rows = rows
        self.showsCheckbox = showsCheckbox
        self.style = style
        self.headerStyle = headerStyle
        self.selectionStyle = selectionStyle
        self.checkboxes = checkboxes
        self.columnSpacing = columnSpacing
    }

    /// The width of the checkbox column including its spacing (0 without checkboxes).
    public var checkboxWidth: Int {
        showsCheckbox ? max(checkboxes.on.displayWidth, checkboxes.off.displayWidth) + columnSpacing : 0
    }

    /// The rectangles of the columns in the header row of `area` (checkbox column excluded).
    public func columnRects(in area: Rect) -> [Rect] {
        let content = Rect(x: area.x + checkboxWidth, y: area.y, width: area.width - checkboxWidth, height: 1)
        return Layout.horizontal(columns.map(\.width), spacing: columnSpacing).split(content)
    }

    /// The area of the data rows (below the header).
    public func bodyArea(_ area: Rect) -> Rect {
        Rect(x: area.x, y: area.y + 1, width: area.width, height: area.height - 1)
    }

    /// The rectangle of one cell on screen, nil when the row is scrolled out of view.
    public func cellRect(row: Int, column: Int, state: TableState, area: Rect) -> Rect? {
        let body = bodyArea(area)
        let y = body.y + row - state.offset
        guard y >= body.y, y < body.bottom else { return nil }
        let rects = columnRects(in: area)
        guard column >= 0, column < rects.count else { return nil }
        return Rect(x: rects[column].x, y: y, width: rects[column].width, height: 1)
    }

    /// The column under screen column `x` (-1 for the checkbox column), nil for none.
    public func column(atX x: Int, area: Rect) -> Int? {
        if showsCheckbox && x >= area.x && x < area.x + checkboxWidth { return -1 }
        return columnRects(in: area).firstIndex { x >= $0.x && x < $0.right }
    }

    /// Draws the header and visible rows from `state`, scrolled on a copy so the selection shows (`state` is the caller's to keep);
    /// a title or cell wider than its column ends in `…`.
    public func render(state given: TableState, area: Rect, buffer: inout Buffer) {
        var state = given
        buffer.fill(area, style: style)
        guard area.height > 0 else { return }
        let rects = columnRects(in: area)
        let header = style.patched(with: headerStyle)
        buffer.fill(area.row(0), style: header)
        for (i, column) in columns.enumerated() where i < rects.count {
            buffer.setTruncated(column.title, x: rects[i].x, y: area.y, style: header, clip: rects[i])
        }
        let body = bodyArea(area)
        state.clamp(count: rows.count)
        state.keepSelectionVisible(height: body.height)
        for i in 0..<body.height {
            let index = state.offset + i
            guard index < rows.count else { break }
            let row = rows[index]
            let y = body.y + i
            let line = body.row(i)
            var rowStyle = style.patched(with: row.style)
            if index == state.selected { rowStyle = rowStyle.patched(with: selectionStyle) }
            buffer.fill(line, style: rowStyle)
            if showsCheckbox, let enabled = row.enabled {
                buffer.setString(enabled ? checkboxes.on : checkboxes.off, x: area.x, y: y, style: rowStyle, clip: line)
            }
            for (c, cell) in row.cells.enumerated() where c < rects.count {
                let clip = Rect(x: rects[c].x, y: y, width: rects[c].width, height: 1)
                buffer.setTruncated(cell, x: clip.x, y: y, base: rowStyle, clip: clip)
            }
        }
    }
}
