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

    /// Draws the visible lines, scrolling `state` so the cursor shows; returns the cursor position.
    @discardableResult
    public func render(state: inout TextAreaState, area: Rect, buffer: inout Buffer) -> Position {
        buffer.fill(area, style: style)
        let textArea: Rect
        let digits = String(state.lines.count).count
        let gutter = lineNumberStyle == nil ? 0 : min(area.width, digits + 1)
        textArea = Rect(x: area.x + gutter, y: area.y, width: area.width - gutter, height: area.height)
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
