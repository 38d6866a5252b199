/// A bar of tab titles with one active tab; also tells which tab a click hit.
public struct Tabs: Sendable {
    /// The titles.
    public var titles: [String]
    /// The index of the active tab.
    public var selected: Int
    /// The style of inactive titles and the bar.
    public var style: Style
    /// The style laid over the active title.
    public var activeStyle: Style
    /// The text between titles.
    public var divider: String
    /// Spaces added on each side of a title.
    public var padding: Int

    /// Creates a tab bar.
    public init(titles: [String], selected: Int, style: Style = .plain, activeStyle: Style = Style(modifiers: [.bold, .reverse]),
                divider: String = "│", padding: Int = 1) {
        self.titles = titles
        self.selected = selected
        self.style = style
        self.activeStyle = activeStyle
        self.divider = divider
        self.padding = padding
    }

    /// The column span of each title (including padding) when drawn from `x`.
    public func titleRanges(startingAt x: Int) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var column = x
        for title in titles {
            let width = title.displayWidth + 2 * padding
            ranges.append(column..<(column + width))
            column += width + divider.displayWidth
        }
        return ranges
    }

    /// The tab under screen column `x` for a bar drawn in `area`, nil between or after tabs.
    public func tab(atX x: Int, area: Rect) -> Int? {
        fitted(width: area.width).titleRanges(startingAt: area.x).firstIndex { $0.contains(x) && x < area.right }
    }

    /// Draws the bar in the first row of `area`, fitted to its width; a title still cut by its right edge ends in `…`.
    public func render(area: Rect, buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        let fitted = fitted(width: area.width)
        let titles = fitted.titles
        let padding = fitted.padding
        let row = area.row(0)
        buffer.fill(row, style: style)
        let pad = String(repeating: " ", count: padding)
        var x = row.x
        for (i, title) in titles.enumerated() {
            let s = i == selected ? style.patched(with: activeStyle) : style
            x = buffer.setTruncated(pad + title, x: x, y: row.y, style: s, clip: row)
            x = buffer.setString(pad, x: x, y: row.y, style: s, clip: row)
            if i < titles.count - 1 {
                x = buffer.setString(divider, x: x, y: row.y, style: style, clip: row)
            }
        }
    }
}
