import RequestKit
import RequestStore
import TUICore

/// Draws the whole app: URL bar, sidebar, request and response areas, footer, overlays.
enum AppView {
    /// Renders `state` into the frame and places the cursor.
    static func render(_ state: AppState, into frame: inout Frame) {
        let theme = frame.theme
        if state.isTooSmall {
            renderTooSmall(state, into: &frame)
            return
        }
        let layout = AppLayout(state)
        frame.buffer.fill(frame.area, style: theme.base)
        frame.cursor = nil
        TabBarView.render(state, area: layout.tabBar, frame: &frame)
        URLBarView.render(state, area: layout.urlBar, frame: &frame)
        if !layout.sidebar.isEmpty {
            state.sidebar.render(into: &frame.buffer, area: layout.sidebar, theme: theme,
                                 focused: state.focus == .sidebar && state.overlay == nil, borders: frame.borders)
        }
        if state.isShowingRunResults, let run = state.run {
            run.render(into: &frame.buffer, area: layout.response, theme: theme, focused: state.focus == .results && state.overlay == nil,
                       unicode: frame.capabilities.unicode, borders: frame.borders)
        } else {
            state.viewer.render(into: &frame.buffer, area: layout.response, theme: theme,
                                focused: state.focus == .response && state.overlay == nil, borders: frame.borders)
        }
        // After the other panes, so a header suggestion list may hang over the response area.
        RequestView.render(state, layout: layout, frame: &frame)
        FooterView.render(state, area: layout.footer, frame: &frame)
        if state.overlay != nil { OverlayView.render(state, frame: &frame) }
    }

    private static func renderTooSmall(_ state: AppState, into frame: inout Frame) {
        let style = frame.theme.base
        frame.buffer.fill(frame.area, style: style)
        let lines = [
            "Terminal too small",
            "\(state.size.width)x\(state.size.height); curlew needs",
            "at least \(AppState.minimumSize.width)x\(AppState.minimumSize.height).",
            "Enlarge the window.",
        ]
        let top = max(0, (frame.area.height - lines.count) / 2)
        for (i, line) in lines.enumerated() {
            let x = max(0, (frame.area.width - line.displayWidth) / 2)
            frame.buffer.setString(line, x: x, y: top + i, style: i == 0 ? style.bold : style)
        }
        frame.cursor = nil
    }

    /// A pane's block: bright border when focused, the title in it.
    static func block(_ title: String, focused: Bool, frame: Frame, rightTitle: Line? = nil) -> Block {
        var block = Block.themed(frame.theme, title: title, focused: focused, borders: frame.borders)
        block.rightTitle = rightTitle
        return block
    }
}

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

/// Colors `{{variables}}`: resolved ones in the accent color, unresolved ones in the error color.
enum VariableHighlighter {
    static func make(scope: VariableScope, theme: Theme) -> @Sendable (String) -> [Span] {
        let resolved = Style(fg: theme[.accent], modifiers: .bold)
        let unresolved = Style(fg: theme[.error], modifiers: [.bold, .underline])
        return { text in
            let references = VariableResolver.references(in: text, scope: scope)
            guard !references.isEmpty else { return [Span(text)] }
            var spans: [Span] = []
            var index = text.startIndex
            for reference in references where reference.range.lowerBound >= index {
                if index < reference.range.lowerBound { spans.append(Span(String(text[index..<reference.range.lowerBound]))) }
                spans.append(Span(String(text[reference.range]), style: reference.isResolved ? resolved : unresolved))
                index = reference.range.upperBound
            }
            if index < text.endIndex { spans.append(Span(String(text[index...]))) }
            return spans
        }
    }
}

/// The footer: a notice (ending in `…` when it is wider than the screen), or the key hints of the focused pane from the key map.
enum FooterView {
    static func render(_ state: AppState, area: Rect, frame: inout Frame) {
        let theme = frame.theme
        let style = Style(fg: theme[.muted], bg: theme[.background])
        frame.buffer.fill(area, style: style)
        if let notice = state.notice {
            frame.buffer.setTruncated(" " + notice, x: area.x, y: area.y, style: Style(fg: theme[.warning], bg: theme[.background]), clip: area)
            return
        }
        let keyStyle = Style(fg: theme[.accent], modifiers: .bold)
        if state.focus == .sidebar, state.sidebar.isEditingFilter {
            let spans = SidebarState.filterKeyHints.enumerated().flatMap { index, hint in
                [Span((index == 0 ? "" : "  ") + hint.key, style: keyStyle), Span(" " + hint.help)]
            }
            frame.buffer.setSpans(spans, x: area.x + 1, y: area.y, base: style, clip: area)
            return
        }
        let hidden = state.inapplicableActionIDs
        var x = area.x + 1
        if let key = SidebarHint.key(for: state) {
            x = frame.buffer.setSpans([Span(key.description, style: keyStyle), Span(" " + SidebarHint.help + "  ")], x: x, y: area.y, base: style, clip: area)
        }
        let line = state.keyMap.footer(contexts: state.keyContexts, width: max(0, area.right - 1 - x),
                                       keyStyle: keyStyle, helpStyle: Style(fg: theme[.muted]), hiding: hidden)
        frame.buffer.setLine(line, x: x, y: area.y, base: style, clip: area)
    }
}
