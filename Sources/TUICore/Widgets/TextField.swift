/// Draws a single-line text editor: text, placeholder, highlighting and the cursor position.
public struct TextField: Sendable {
    /// The style of the text and the empty part of the field.
    public var style: Style
    /// Text shown (in `placeholderStyle`) while the field is empty.
    public var placeholder: String?
    /// The style of the placeholder.
    public var placeholderStyle: Style
    /// Turns the text into styled spans (e.g. `{{variable}}` highlighting); their text must
    /// join to the field's text, otherwise the field is drawn plain.
    public var highlighter: (@Sendable (String) -> [Span])?

    /// Creates a field drawer.
    public init(style: Style = .plain, placeholder: String? = nil, placeholderStyle: Style = Style(modifiers: .dim),
                highlighter: (@Sendable (String) -> [Span])? = nil) {
        self.style = style
        self.placeholder = placeholder
        self.placeholderStyle = placeholderStyle
        self.highlighter = highlighter
    }

    /// Draws the field in the first row of `area` from `state`, scrolled on a copy so the cursor shows.
    ///
    /// Returns where the terminal cursor belongs (the caller puts it in `Frame.cursor`
    /// when the field has the focus).
    @discardableResult
    public func render(state given: TextFieldState, area: Rect, buffer: inout Buffer) -> Position {
        var state = given
        let row = Rect(x: area.x, y: area.y, width: area.width, height: min(1, area.height))
        buffer.fill(row, style: style)
        state.keepCursorVisible(width: row.width)
        if state.isEmpty, let placeholder {
            buffer.setString(placeholder, x: row.x, y: row.y, style: style.patched(with: placeholderStyle), clip: row)
        } else {
            let text = state.text
            var spans = highlighter?(text) ?? [Span(text)]
            if spans.map(\.text).joined() != text { spans = [Span(text)] }
            buffer.setSpans(spans, x: row.x - state.scroll, y: row.y, base: style, clip: row)
        }
        return Position(x: row.x + state.cursorColumn - state.scroll, y: row.y)
    }
}
