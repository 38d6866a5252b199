/// Draws a multi-line text editor with optional line numbers and per-line highlighting.
public struct TextArea: Sendable {
    /// The style of the text area.
    public var style: Style
    /// The style of the line-number gutter, or nil for no gutter.
    public var lineNumberStyle: Style?
    /// Turns one line into styled spans (their text must join to the line).
    public var highlighter: (@Sendable (String) -> [Span])?

    /// Creates a text area drawer.
    public init(style: Style = .plain, lineNumberStyle: Style? = nil, highlighter: (@Sendable (String) -> [Span])? = nil) {
        self.style = style
        self.lineNumberStyle = lineNumberStyle
        self.highlighter = highlighter
    }

    /// The part of `area` the text takes, right of the line-number gutter, for a text of `lineCount` lines.
    public func textRect(lineCount: Int, in area: Rect) -> Rect {
        let gutter = lineNumberStyle == nil ? 0 : min(area.width, String(lineCount).count + 1)
        return Rect(x: area.x + gutter, y: area.y, width: area.width - gutter, height: area.height)
    }

    /// Scrolls `state` as drawing in `area` would, so that its cursor is in view; an offset that already shows it is kept.
    public func keepCursorVisible(state: inout TextAreaState, area: Rect) {
        let text = textRect(lineCount: state.lines.count, in: area)
        guard text.width > 0, text.height > 0 else { return }
        state.keepCursorVisible(width: text.width, height: text.height)
    }

    /// Draws the visible lines from `state`, scrolled on a copy so the cursor shows; returns the cursor position.
    @discardableResult
    public func render(state given: TextAreaState, area: Rect, buffer: inout Buffer) -> Position {
        var state = given
        buffer.fill(area, style: style)
        let digits = String(state.lines.count).count
        let textArea = textRect(lineCount: state.lines.count, in: area)
        state.keepCursorVisible(width: textArea.width, height: textArea.height)
        if let numberStyle = lineNumberStyle {
            for i in 0..<area.height where state.topRow + i < state.lines.count {
                let label = String(state.topRow + i + 1)
                let padded = String(repeating: " ", count: max(0, digits - label.count)) + label
                buffer.setString(padded, x: area.x, y: area.y + i, style: style.patched(with: numberStyle), clip: area)
            }
        }
        for i in 0..<textArea.height {
            let index = state.topRow + i
            guard index < state.lines.count else { break }
            let text = String(state.lines[index])
            var spans = highlighter?(text) ?? [Span(text)]
            if spans.map(\.text).joined() != text { spans = [Span(text)] }
            buffer.setSpans(spans, x: textArea.x - state.leftColumn, y: textArea.y + i, base: style, clip: textArea)
        }
        return Position(x: textArea.x + state.cursorDisplayColumn - state.leftColumn, y: textArea.y + state.row - state.topRow)
    }
}
