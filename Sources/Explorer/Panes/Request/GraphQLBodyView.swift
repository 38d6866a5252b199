import TUICore

/// The Body tab in GraphQL mode: the query on the left and its variables (JSON) on the right, each with a title
/// row; Tab moves the keys between them, and the variables' title says whether they are a JSON object.
enum GraphQLBodyView {
    /// Where the query and the variables editors are drawn in `area`, below their title rows.
    static func editorAreas(in area: Rect) -> (query: Rect, variables: Rect) {
        let leftWidth = max(1, (area.width - 1) / 2)
        let query = Rect(x: area.x, y: area.y + 1, width: leftWidth, height: max(0, area.height - 1))
        let variables = Rect(x: area.x + leftWidth + 1, y: area.y + 1, width: max(0, area.width - leftWidth - 1), height: max(0, area.height - 1))
        return (query, variables)
    }

    /// Draws both editors into `area`; the focused one gets the cursor when the pane is focused.
    static func render(_ draft: RequestDraft, area: Rect, focused: Bool, frame: inout Frame) {
        let theme = frame.theme
        let leftWidth = max(1, (area.width - 1) / 2)
        let left = Rect(x: area.x, y: area.y, width: leftWidth, height: area.height)
        let right = Rect(x: area.x + leftWidth + 1, y: area.y, width: max(0, area.width - leftWidth - 1), height: area.height)
        let onVariables = draft.editsGraphQLVariables
        func title(_ text: String, active: Bool) -> Style {
            active ? Style(fg: theme[.primary], modifiers: [.bold, .reverse]) : Style(fg: theme[.muted], modifiers: .bold)
        }
        frame.buffer.setString(" Query ", x: left.x, y: left.y, style: title("Query", active: !onVariables), clip: left.row(0))
        var variablesTitle: [Span] = [Span(" Variables (JSON) ", style: title("Variables", active: onVariables))]
        variablesTitle.append(variablesStatus(draft.graphQLVariables.text, theme: theme))
        frame.buffer.setSpans(variablesTitle, x: right.x, y: right.y, base: theme.surfaceStyle, clip: right.row(0))
        for y in area.y..<area.bottom {
            frame.buffer.setString("│", x: area.x + leftWidth, y: y, style: Style(fg: theme[.muted]), clip: area)
        }
        let (queryArea, variablesArea) = editorAreas(in: area)
        guard !queryArea.isEmpty else { return }
        let query = draft.bodyText
        let queryCursor = TextArea(style: theme.surfaceStyle, lineNumberStyle: Style(fg: theme[.muted]))
            .render(state: query, area: queryArea, buffer: &frame.buffer)
        let variables = draft.graphQLVariables
        let highlighter: @Sendable (String) -> [Span] = { line in JSONLineColorer.spans(line, theme: theme) }
        let variablesCursor = variablesArea.isEmpty ? nil : TextArea(style: theme.surfaceStyle, lineNumberStyle: Style(fg: theme[.muted]), highlighter: highlighter)
            .render(state: variables, area: variablesArea, buffer: &frame.buffer)
        if focused { frame.cursor = onVariables ? variablesCursor : queryCursor }
    }

    /// "✓ object", "✗ problem", or a note that templates are checked when sending.
    private static func variablesStatus(_ text: String, theme: Theme) -> Span {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return Span(" none", style: Style(fg: theme[.muted])) }
        if trimmed.contains("{{") { return Span(" checked when sent", style: Style(fg: theme[.muted])) }
        if let problem = JSONCheck.check(trimmed) { return Span(" ✗ \(problem)", style: Style(fg: theme[.error])) }
        guard trimmed.hasPrefix("{") else { return Span(" ✗ not an object", style: Style(fg: theme[.error])) }
        return Span(" ✓", style: Style(fg: theme[.success]))
    }
}
