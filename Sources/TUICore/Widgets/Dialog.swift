/// A centred box over the screen for prompts, confirmations and help.
public struct Dialog: Sendable {
    /// The title in the border.
    public var title: String
    /// The body lines (plain text is word-wrapped by `message(_:)`).
    public var body: [Line]
    /// Button labels along the bottom, e.g. `["Delete", "Cancel"]`.
    public var buttons: [String]
    /// The highlighted button.
    public var selectedButton: Int
    /// The preferred width including the border; limited by the screen.
    public var width: Int
    /// The block drawn around it.
    public var block: Block
    /// The style laid over the selected button.
    public var buttonStyle: Style

    /// Creates a dialog.
    public init(title: String, body: [Line], buttons: [String] = [], selectedButton: Int = 0, width: Int = 50,
                block: Block = Block(), buttonStyle: Style = Style(modifiers: .reverse)) {
        self.title = title
        self.body = body
        self.buttons = buttons
        self.selectedButton = selectedButton
        self.width = width
        self.block = block
        self.buttonStyle = buttonStyle
    }

    /// A dialog whose body is `text` word-wrapped to the dialog width.
    public static func message(title: String, text: String, buttons: [String] = ["OK"], width: Int = 50, block: Block = Block()) -> Dialog {
        let lines = TextViewer.wordWrap(text, width: max(1, width - 4)).map { Line($0) }
        return Dialog(title: title, body: lines, buttons: buttons, width: width, block: block)
    }

    /// The box's rectangle, centred in `area`.
    public func rect(in area: Rect) -> Rect {
        let height = body.count + 2 + (buttons.isEmpty ? 0 : 2)
        return area.centered(width: min(width, area.width), height: min(height, area.height))
    }

    /// The inner area where `body` goes (for drawing an input field inside instead).
    public func bodyArea(in area: Rect) -> Rect {
        let inner = block.inner(rect(in: area)).inset(by: .symmetric(horizontal: 1))
        return Rect(x: inner.x, y: inner.y, width: inner.width, height: min(body.count, inner.height))
    }

    /// The index of the button at a screen position, nil when none.
    public func button(at position: Position, area: Rect) -> Int? {
        buttonRanges(area: area).firstIndex { $0.y == position.y && $0.range.contains(position.x) }
    }

    private func buttonRanges(area: Rect) -> [(y: Int, range: Range<Int>)] {
        let box = rect(in: area)
        let y = box.bottom - 2
        let labels = buttons.map { "[ \($0) ]" }
        let total = labels.reduce(0) { $0 + $1.displayWidth } + max(0, labels.count - 1) * 2
        var x = box.x + max(1, (box.width - total) / 2)
        return labels.map { label in
            defer { x += label.displayWidth + 2 }
            return (y, x..<(x + label.displayWidth))
        }
    }

    /// Clears the box area and draws the dialog.
    public func render(area: Rect, buffer: inout Buffer) {
        let box = rect(in: area)
        var b = block
        b.title = Line(" \(title) ")
        b.render(area: box, buffer: &buffer)
        let inner = bodyArea(in: area)
        for (i, line) in body.enumerated() where i < inner.height {
            buffer.setLine(line, x: inner.x, y: inner.y + i, base: block.style, clip: inner.row(i))
        }
        let clip = block.inner(box)
        for (i, place) in buttonRanges(area: area).enumerated() {
            let style = i == selectedButton ? block.style.patched(with: buttonStyle) : block.style
            buffer.setString("[ \(buttons[i]) ]", x: place.range.lowerBound, y: place.y, style: style, clip: clip)
        }
    }
}

/// A small animation that shows work in progress; the app advances `tick` with a timer command.
public struct Spinner: Hashable, Sendable {
    /// The animation frames.
    public var frames: [String]

    /// Creates a spinner from frames.
    public init(frames: [String]) {
        self.frames = frames.isEmpty ? [" "] : frames
    }

    /// Braille dots, for UTF-8 terminals.
    public static let dots = Spinner(frames: ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"])
    /// A turning line, for ASCII terminals.
    public static let line = Spinner(frames: ["|", "/", "-", "\\"])

    /// The suggested time between frames.
    public static let interval: Duration = .milliseconds(80)

    /// The frame for animation step `tick`.
    public func frame(_ tick: Int) -> String {
        frames[((tick % frames.count) + frames.count) % frames.count]
    }
}
