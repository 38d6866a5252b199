import TUICore

/// The response viewer as the app routes to it; drawn where the run results are not.
struct ResponseComponent: PaneComponent {
    var pane: Pane { .response }

    func isShown(in state: AppState) -> Bool { !state.isShowingRunResults }

    func area(in layout: AppLayout) -> Rect { layout.response }

    func isTyping(in state: AppState) -> Bool { state.viewer.isEditingLine }

    func keyContexts(in state: AppState) -> [String] {
        state.viewer.isEditingLine ? [ResponseViewerState.lineContext] : state.viewer.keyContexts
    }

    /// The filter or search line being edited takes every key.
    func takesKeyFirst(_ key: KeyEvent, in state: AppState) -> Bool { state.viewer.isEditingLine }

    var canMaximize: Bool { true }

    func handle(key: KeyEvent, _ program: ExplorerProgram, _ s: inout AppState) -> [Command<AppMessage>] {
        guard let action = s.viewer.handle(key: key, keyMap: s.keyMap), let effect = s.viewer.apply(action) else { return [] }
        return program.responseEffect(effect, &s)
    }

    func handle(paste text: String, _ program: ExplorerProgram, _ s: inout AppState) -> [Command<AppMessage>] {
        guard s.viewer.isEditingLine, let effect = s.viewer.apply(.pasteLine(text)) else { return [] }
        return program.responseEffect(effect, &s)
    }

    func handle(mouse: MouseEvent, layout: AppLayout, _ program: ExplorerProgram, _ s: inout AppState) -> [Command<AppMessage>] {
        guard let action = s.viewer.handle(mouse: mouse, in: layout.response), let effect = s.viewer.apply(action) else { return [] }
        return program.responseEffect(effect, &s)
    }

    func ownsAction(_ id: String) -> Bool { ResponseViewerState.action(named: id) != nil }

    func perform(actionNamed id: String, _ program: ExplorerProgram, _ s: inout AppState) -> [Command<AppMessage>]? {
        guard let action = ResponseViewerState.action(named: id) else { return nil }
        guard let effect = s.viewer.apply(action) else { return [] }
        return program.responseEffect(effect, &s)
    }

    /// The viewer keeps its viewport while the run results cover it, so it comes back where it was.
    func keepInView(_ s: inout AppState, layout: AppLayout) {
        s.viewer.setViewport(for: layout.response)
    }

    func render(_ state: AppState, layout: AppLayout, frame: inout Frame) {
        guard isShown(in: state) else { return }
        state.viewer.render(into: &frame.buffer, area: layout.response, theme: frame.theme, focused: isFocused(in: state), borders: frame.borders)
    }
}
