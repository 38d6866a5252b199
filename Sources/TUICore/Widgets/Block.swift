/// The characters used to draw a box.
public struct BorderSet: Hashable, Sendable {
    /// Top-left corner.
    public var topLeft: String
    /// Top-right corner.
    public var topRight: String
    /// Bottom-left corner.
    public var bottomLeft: String
    /// Bottom-right corner.
    public var bottomRight: String
    /// Horizontal line.
    public var horizontal: String
    /// Vertical line.
    public var vertical: String

    /// Creates a border set.
    public init(topLeft: String, topRight: String, bottomLeft: String, bottomRight: String, horizontal: String, vertical: String) {
        self.topLeft = topLeft
        self.topRight = topRight
        self.bottomLeft = bottomLeft
        self.bottomRight = bottomRight
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// Unicode light box drawing with rounded corners.
    public static let rounded = BorderSet(topLeft: "╭", topRight: "╮", bottomLeft: "╰", bottomRight: "╯", horizontal: "─", vertical: "│")
    /// Unicode light box drawing with square corners.
    public static let plain = BorderSet(topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘", horizontal: "─", vertical: "│")
    /// Unicode heavy box drawing.
    public static let thick = BorderSet(topLeft: "┏", topRight: "┓", bottomLeft: "┗", bottomRight: "┛", horizontal: "━", vertical: "┃")
    /// Unicode double lines.
    public static let double = BorderSet(topLeft: "╔", topRight: "╗", bottomLeft: "╚", bottomRight: "╝", horizontal: "═", vertical: "║")
    /// Plain ASCII, for terminals without a UTF-8 locale.
    public static let ascii = BorderSet(topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+", horizontal: "-", vertical: "|")
}

/// A bordered box with an optional title; the container drawn around panes and dialogs.
public struct Block: Sendable {
    /// The title shown in the top border, left-aligned after the corner.
    public var title: Line?
    /// A second title right-aligned in the top border (e.g. a status or a count).
    public var rightTitle: Line?
    /// The border characters.
    public var borders: BorderSet
    /// The style of the border lines.
    public var borderStyle: Style
    /// The style of the title (patched over the border style).
    public var titleStyle: Style
    /// The style filling the inside.
    public var style: Style
    /// Space between the border and the inner area.
    public var padding: Margin

    /// Creates a block.
    public init(title: Line? = nil, rightTitle: Line? = nil, borders: BorderSet = .rounded, borderStyle: Style = .plain,
                titleStyle: Style = .plain, style: Style = .plain, padding: Margin = .zero) {
        self.title = title
        self.rightTitle = rightTitle
        self.borders = borders
        self.borderStyle = borderStyle
        self.titleStyle = titleStyle
        self.style = style
        self.padding = padding
    }

    /// A block styled from the theme, bright when focused.
    public static func themed(_ theme: Theme, title: String? = nil, focused: Bool, borders: BorderSet = .rounded) -> Block {
        Block(
            title: title.map { Line(" \($0) ") },
            borders: borders,
            borderStyle: theme.borderStyle(focused: focused),
            titleStyle: focused ? Style(fg: theme[.primary], modifiers: .bold) : Style(fg: theme[.text]),
            style: theme.surfaceStyle
        )
    }

    /// The area inside the border and padding.
    public func inner(_ area: Rect) -> Rect {
        area.inset(by: .all(1)).inset(by: padding)
    }

    /// Draws the block into `area` of `buffer`.
    public func render(area: Rect, buffer: inout Buffer) {
        let a = area.intersection(buffer.area)
        guard a.width >= 2, a.height >= 1 else {
            buffer.fill(a, style: style)
            return
        }
        buffer.fill(a, style: style)
        let border = style.patched(with: borderStyle)
        let horizontal = String(repeating: borders.horizontal, count: a.width - 2)
        if a.height == 1 {
            // One row: a folded pane, drawn as its title line alone.
            buffer.setString(borders.horizontal + horizontal + borders.horizontal, x: a.x, y: a.y, style: border, clip: a)
        } else {
            buffer.setString(borders.topLeft + horizontal + borders.topRight, x: a.x, y: a.y, style: border, clip: a)
            buffer.setString(borders.bottomLeft + horizontal + borders.bottomRight, x: a.x, y: a.bottom - 1, style: border, clip: a)
        }
        for y in (a.y + 1)..<max(a.y + 1, a.bottom - 1) {
            buffer.setString(borders.vertical, x: a.x, y: y, style: border, clip: a)
            buffer.setString(borders.vertical, x: a.right - 1, y: y, style: border, clip: a)
        }
        let titleClip = Rect(x: a.x + 1, y: a.y, width: a.width - 2, height: 1)
        if let rightTitle {
            let x = a.right - 1 - rightTitle.width
            buffer.setLine(rightTitle, x: max(a.x + 1, x), y: a.y, base: border.patched(with: titleStyle), clip: titleClip)
        }
        if let title {
            buffer.setLine(title, x: a.x + 1, y: a.y, base: border.patched(with: titleStyle), clip: titleClip)
        }
    }
}
