import RequestKit
import RequestStore
import TUICore

/// The top bar: the method in its color and the URL field with `{{variable}}` highlighting.
enum URLBarView {
    /// The method as the bar shows it, padded by a space on each side.
    static func methodLabel(_ method: HTTPMethod) -> String { " \(method.rawValue) " }

    /// Where the URL field is drawn in a bar drawn in `area` (inside its border, right of the method and a space).
    static func fieldArea(in area: Rect, method: HTTPMethod) -> Rect {
        let inner = area.inset(by: .all(1))
        let afterMethod = min(inner.right, inner.x + methodLabel(method).displayWidth)
        return Rect(x: afterMethod + 1, y: inner.y, width: max(0, inner.right - afterMethod - 1), height: 1)
    }

    static func render(_ state: AppState, area: Rect, frame: inout Frame) {
        let theme = frame.theme
        let focused = state.focus == .url && state.overlay == nil
        let environment = state.activeEnvironment.map { Line(" env: \(sanitize($0).truncated(columns: 24)) ", style: Style(fg: theme[.accent], modifiers: .bold)) }
            ?? Line(" no environment ", style: Style(fg: theme[.muted]))
        let block = AppView.block("curlew", focused: focused, frame: frame, rightTitle: environment)
        block.render(area: area, buffer: &frame.buffer)
        let inner = block.inner(area)
        guard !inner.isEmpty else { return }
        let methodStyle = Style(fg: theme.methodColor(state.draft.method.rawValue), bg: theme[.surface], modifiers: [.bold, .reverse])
        frame.buffer.setString(methodLabel(state.draft.method), x: inner.x, y: inner.y, style: methodStyle, clip: inner)
        let fieldArea = self.fieldArea(in: area, method: state.draft.method)
        let variables = state.variables
        let field = TextField(
            style: theme.surfaceStyle,
            placeholder: "Type a URL, or paste a curl command, then press Enter",
            placeholderStyle: Style(fg: theme[.muted]),
            highlighter: VariableHighlighter.make(scope: variables, theme: theme))
        let url = state.draft.url
        let cursor = field.render(state: url, area: fieldArea, buffer: &frame.buffer)
        if focused { frame.cursor = cursor }
    }
}
