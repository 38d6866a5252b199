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
        for component in PaneRegistry.components { component.render(state, layout: layout, frame: &frame) }
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
        if let hints = state.focusedComponent.footerHints(in: state) {
            let spans = hints.enumerated().flatMap { index, hint in
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
