import TUICore

/// The method and URL bar as the app routes to it: it always takes typed text.
struct URLBarComponent: PaneComponent {
    var pane: Pane { .url }

    func area(in layout: AppLayout) -> Rect { layout.urlBar }

    func isTyping(in state: AppState) -> Bool { true }

    func keyContexts(in state: AppState) -> [String] { [Actions.urlContext] }

    /// A curl command pasted into the URL bar is imported, though the bar takes typed text.
    func importsPastedCurl(in state: AppState) -> Bool { true }

    func handle(key: KeyEvent, _ program: ExplorerProgram, _ s: inout AppState) -> [Command<AppMessage>] {
        if s.draft.url.handle(key) { program.urlEdited(&s) }
        return []
    }

    func handle(paste text: String, _ program: ExplorerProgram, _ s: inout AppState) -> [Command<AppMessage>] {
        s.draft.url.insert(text.replacingLineBreaks(with: ""))
        program.urlEdited(&s)
        return []
    }

    func keepInView(_ s: inout AppState, layout: AppLayout) {
        s.draft.url.keepCursorVisible(width: URLBarView.fieldArea(in: layout.urlBar, method: s.draft.method).width)
    }

    func render(_ state: AppState, layout: AppLayout, frame: inout Frame) {
        URLBarView.render(state, area: layout.urlBar, frame: &frame)
    }
}
