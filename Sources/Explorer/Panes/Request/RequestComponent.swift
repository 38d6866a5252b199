import TUICore

/// The request tabs as the app routes to them: the focused tab's editor takes keys, pastes and clicks.
struct RequestComponent: PaneComponent {
    var pane: Pane { .request }

    func area(in layout: AppLayout) -> Rect { layout.request }

    func isTyping(in state: AppState) -> Bool { state.editor.isTyping(in: state.draft) }

    func keyContexts(in state: AppState) -> [String] { state.editor.keyContexts(for: state.draft) }

    func inapplicableActionIDs(in state: AppState) -> Set<String> { state.editor.inapplicableActionIDs(for: state.draft) }

    var canMaximize: Bool { true }

    func handle(key: KeyEvent, _ program: ExplorerProgram, _ s: inout AppState) -> [Command<AppMessage>] {
        program.handleRequestKey(key, &s)
    }

    func handle(paste text: String, _ program: ExplorerProgram, _ s: inout AppState) -> [Command<AppMessage>] {
        program.requestEditorAction(.paste(text), &s)
    }

    func handle(mouse: MouseEvent, layout: AppLayout, _ program: ExplorerProgram, _ s: inout AppState) -> [Command<AppMessage>] {
        guard let action = s.editor.handle(mouse: mouse, tabs: layout.requestTabs, content: layout.requestContent) else { return [] }
        return program.requestEditorAction(action, &s)
    }

    func keepInView(_ s: inout AppState, layout: AppLayout) {
        s.shown.editor.keepInView(&s.shown.draft, area: layout.requestContent)
    }

    func render(_ state: AppState, layout: AppLayout, frame: inout Frame) {
        RequestView.render(state, layout: layout, frame: &frame)
    }
}
