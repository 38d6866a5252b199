/// Selection and scroll position of a list of rows (used by `ListView` and `Table`).
public struct ListState: Hashable, Sendable {
    /// The selected row, nil when nothing is selected.
    public var selected: Int?
    /// The first row shown.
    public var offset: Int

    /// Creates a state with an optional selection.
    public init(selected: Int? = nil, offset: Int = 0) {
        self.selected = selected
        self.offset = offset
    }

    /// Selects the next row (the first when nothing is selected).
    public mutating func selectNext(count: Int) {
        guard count > 0 else { return selected = nil }
        selected = min((selected.map { $0 + 1 }) ?? 0, count - 1)
    }

    /// Selects the previous row (the first when nothing is selected).
    public mutating func selectPrevious(count: Int) {
        guard count > 0 else { return selected = nil }
        selected = max((selected.map { $0 - 1 }) ?? 0, 0)
    }

    /// Moves the selection by `delta` rows, clamped.
    public mutating func move(by delta: Int, count: Int) {
        guard count > 0 else { return selected = nil }
        selected = min(max(0, (selected ?? 0) + delta), count - 1)
    }

    /// Keeps the selection inside `0..<count` (nil when empty).
    public mutating func clamp(count: Int) {
        if count == 0 {
            selected = nil
            offset = 0
        } else if let s = selected {
            selected = min(s, count - 1)
        }
        offset = max(0, min(offset, max(0, count - 1)))
    }

    /// Scrolls so the selected row is among the `height` rows shown.
    public mutating func keepSelectionVisible(height: Int) {
        guard let s = selected, height > 0 else { return }
        if s < offset { offset = s }
        if s >= offset + height { offset = s - height + 1 }
    }

    /// Applies a navigation key (Up/Down, Home/End, Page Up/Down); false for other keys.
    @discardableResult
    public mutating func handle(_ event: KeyEvent, count: Int, pageSize: Int) -> Bool {
        switch event.key {
        case .up: selectPrevious(count: count)
        case .down: selectNext(count: count)
        case .home: selected = count > 0 ? 0 : nil
        case .end: selected = count > 0 ? count - 1 : nil
        case .pageUp: move(by: -max(1, pageSize - 1), count: count)
        case .pageDown: move(by: max(1, pageSize - 1), count: count)
        default: return false
        }
        return true
    }

    /// The row index under screen row `y` for a list drawn in `area`, or nil outside the rows.
    public func row(atY y: Int, area: Rect, count: Int) -> Int? {
        guard y >= area.y, y < area.bottom else { return nil }
        let index = offset + (y - area.y)
        return index < count ? index : nil
    }
}

/// The state of a `Table`: selected row and scroll offset.
public typealias TableState = ListState

/// A scrolling list of lines with a selected row.
public struct ListView: Sendable {
    /// The rows.
    public var items: [Line]
    /// The style of unselected rows.
    public var style: Style
    /// The style laid over the selected row.
    public var selectionStyle: Style
    /// The mark drawn before the selected row (and blank space before the others).
    public var selectionMark: String

    /// Creates a list.
    public init(items: [Line], style: Style = .plain, selectionStyle: Style = Style(modifiers: .reverse), selectionMark: String = "") {
        self.items = items
        self.style = style
        self.selectionStyle = selectionStyle
        self.selectionMark = selectionMark
    }

    /// Draws the visible rows from `state`, scrolled on a copy so the selection shows (`state` is the caller's to keep);
    /// a row wider than the list ends in `…`.
    public func render(state given: ListState, area: Rect, buffer: inout Buffer) {
        var state = given
        buffer.fill(area, style: style)
        state.clamp(count: items.count)
        state.keepSelectionVisible(height: area.height)
        let markWidth = selectionMark.displayWidth
        for i in 0..<area.height {
            let index = state.offset + i
            guard index < items.count else { break }
            let y = area.y + i
            let isSelected = index == state.selected
            let rowStyle = isSelected ? style.patched(with: selectionStyle) : style
            let row = area.row(i)
            if isSelected { buffer.fill(row, style: rowStyle) }
            var x = area.x
            if markWidth > 0 {
                x = buffer.setString(isSelected ? selectionMark : String(repeating: " ", count: markWidth), x: x, y: y, style: rowStyle, clip: row)
            }
            buffer.setTruncated(items[index], x: x, y: y, base: rowStyle, clip: row)
        }
    }
}
