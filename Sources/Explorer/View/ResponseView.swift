import Foundation
import RequestKit
import TUICore

/// The response area: a status line, the tab bar and the tab's text; or progress, or an error.
enum ResponseView {
    static func render(_ state: AppState, layout: AppLayout, frame: inout Frame) {
        let theme = frame.theme
        let focused = state.focus == .response && state.overlay == nil
        let block = AppView.block("Response", focused: focused, frame: frame)
        block.render(area: layout.response, buffer: &frame.buffer)
        let inner = block.inner(layout.response)
        guard !inner.isEmpty else { return }
        let muted = Style(fg: theme[.muted])
        switch state.send {
        case .idle:
            frame.buffer.setString("Press Enter in the URL bar (or Ctrl+R anywhere) to send.", x: inner.x + 1, y: inner.y, style: muted, clip: inner)
        case .cancelled:
            frame.buffer.setString("Cancelled. Nothing you typed was lost; press Ctrl+R to send again.", x: inner.x + 1, y: inner.y, style: Style(fg: theme[.warning]), clip: inner)
        case .failed(let message):
            frame.buffer.setString("✗ Request failed", x: inner.x + 1, y: inner.y, style: Style(fg: theme[.error], modifiers: .bold), clip: inner)
            let text = Rect(x: inner.x + 1, y: inner.y + 2, width: max(0, inner.width - 2), height: max(0, inner.height - 2))
            for (i, line) in TextViewer.wordWrap(sanitize(message), width: max(1, text.width)).enumerated() where i < text.height {
                frame.buffer.setString(line, x: text.x, y: text.y + i, style: Style(fg: theme[.text]), clip: text)
            }
        case .sending(let sending):
            let spinner = (frame.capabilities.unicode ? Spinner.dots : Spinner.line).frame(sending.tick)
            let seconds = Double(sending.elapsed.components.seconds) + Double(sending.elapsed.components.attoseconds) / 1e18
            let text = "\(spinner) Sending…  \(String(format: "%.1f s", seconds))  ↑ \(FileProblem.formatSize(sending.progress.bytesSent))  ↓ \(FileProblem.formatSize(sending.progress.bytesReceived))   Esc cancels"
            frame.buffer.setString(text, x: inner.x + 1, y: inner.y, style: Style(fg: theme[.primary]), clip: inner)
        case .received(let response):
            frame.buffer.setSpans(statusSpans(response, theme: theme), x: inner.x + 1, y: inner.y, base: theme.surfaceStyle, clip: inner.row(0))
            let tabs = Tabs(titles: ResponseTab.allCases.map(\.title), selected: state.viewer.tab.rawValue,
                            style: Style(fg: theme[.muted], bg: theme[.surface]),
                            activeStyle: Style(fg: theme[.primary], modifiers: focused ? [.bold, .reverse] : [.bold, .underline]),
                            divider: frame.capabilities.unicode ? "│" : "|")
            tabs.render(area: layout.responseTabs, buffer: &frame.buffer)
            var scroll = state.viewer.scroll
            TextViewer(lines: ResponseContent.lines(state, theme: theme), style: theme.surfaceStyle, scrollbarStyle: Style(fg: theme[.border]))
                .render(state: &scroll, area: layout.responseContent, buffer: &frame.buffer)
        }
    }

    /// `200 OK  HTTP/1.1  12.3 ms  1.2 KB`, the code colored by its class.
    static func statusSpans(_ response: Response, theme: Theme) -> [Span] {
        let role: ThemeRole
        switch response.statusCode {
        case 200..<300: role = .success
        case 300..<400: role = .accent
        case 400..<500: role = .warning
        default: role = .error
        }
        return [
            Span(" \(response.statusCode) \(response.reason) ", style: Style(fg: theme[role], modifiers: [.bold, .reverse])),
            Span("  \(response.httpVersion)", style: Style(fg: theme[.muted])),
            Span(String(format: "  %.1f ms", response.timings.total * 1000), style: Style(fg: theme[.text])),
            Span("  \(FileProblem.formatSize(Int64(response.body.count)))", style: Style(fg: theme[.text])),
        ]
    }
}
