/// A bordered drop-down of suggestions drawn under (or, when there is no room, over) an anchor cell.
public struct SuggestionList: Sendable {
    /// The suggestions, best first.
    public var items: [String]
    /// The highlighted item, or nil when none is.
    public var selected: Int?
    /// The most items shown at once; the list scrolls to keep the highlighted one in view.
    public var maxVisible: Int
    /// The border and fill of the box.
    public var block: Block
    /// The style of the highlighted item.
    public var selectionStyle: Style

    /// Creates a suggestion list.
    public init(items: [String], selected: Int?, maxVisible: Int = 6, block: Block, selectionStyle: Style) {
        self.items = items
        self.selected = selected
        self.maxVisible = maxVisible
        self.block = block
        self.selectionStyle = selectionStyle
    }

    /// The box the list takes for `anchor` inside `bounds`: below the anchor if it fits, else above, else clipped below.
    public func area(anchor: Rect, bounds: Rect) -> Rect {
        let shown = min(items.count, max(1, maxVisible))
        let longest = items.map { DisplayWidth.of($0) }.max() ?? 0
        let width = min(bounds.width, max(anchor.width, longest + 2) + 2)
        let height = shown + 2
        let x = max(bounds.x, min(anchor.x - 1, bounds.right - width))
        let below = anchor.bottom
        let above = anchor.y - height
        let y: Int
        if below + height <= bounds.bottom {
            y = below
        } else if above >= bounds.y {
            y = above
        } else {
            y = below
        }
        return Rect(x: x, y: y, width: width, height: max(0, min(height, bounds.bottom - y)))
    }

    /// Draws the list for `anchor`, clipped to `bounds`; draws nothing when there are no items.
    public func render(anchor: Rect, bounds: Rect, buffer: inout Buffer) {
        guard !items.isEmpty else { return }
        let box = area(anchor: anchor, bounds: bounds)
        guard box.width > 2, box.height > 2 else { return }
        block.render(area: box, buffer: &buffer)
        let inner = block.inner(box)
        let first = firstVisible(rows: inner.height)
        for row in 0..<inner.height {
            let index = first + row
            guard items.indices.contains(index) else { break }
            let line = Rect(x: inner.x, y: inner.y + row, width: inner.width, height: 1)
            let style = index == selected ? selectionStyle : block.style
            buffer.fill(line, style: style)
            buffer.setTruncated(" " + sanitize(items[index]), x: inner.x, y: inner.y + row, style: style, clip: line)
        }
    }

    /// The first item shown so the highlighted one is inside `rows` rows.
    private func firstVisible(rows: Int) -> Int {
        guard let selected, rows > 0, selected >= rows else { return 0 }
        return selected - rows + 1
    }
}
