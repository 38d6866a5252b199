import TUICore

/// The results of a collection run as the app routes to them; drawn in the response's place while a run is shown.
struct RunResultsComponent: PaneComponent {
    var pane: Pane { .results }

    func isShown(in state: AppState) -> Bool { state.isShowingRunResults }

    func area(in layout: AppLayout) -> Rect { layout.response }

    func keyContexts(in state: AppState) -> [String] { [RunResultsState.keyContext] }

    var canMaximize: Bool { true }

    func handle(key: KeyEvent, _ program: ExplorerProgram, _ s: inout AppState) -> [Command<AppMessage>] {
        guard let action = s.run?.handle(key: key, keyMap: s.keyMap), let effect = s.run?.apply(action) else { return [] }
        return program.runResultsEffect(effect, &s)
    }

    func handle(mouse: MouseEvent, layout: AppLayout, _ program: ExplorerProgram, _ s: inout AppState) -> [Command<AppMessage>] {
        guard let action = s.run?.handle(mouse: mouse, in: layout.response), let effect = s.run?.apply(action) else { return [] }
        return program.runResultsEffect(effect, &s)
    }

    func ownsAction(_ id: String) -> Bool { RunResultsState.action(named: id) != nil }

    func perform(actionNamed id: String, _ program: ExplorerProgram, _ s: inout AppState) -> [Command<AppMessage>]? {
        guard let action = RunResultsState.action(named: id) else { return nil }
        guard let effect = s.run?.apply(action) else { return [] }
        return program.runResultsEffect(effect, &s)
    }

    func keepInView(_ s: inout AppState, layout: AppLayout) {
        if isShown(in: s) { s.run?.setViewport(for: layout.response) }
    }

    func render(_ state: AppState, layout: AppLayout, frame: inout Frame) {
        guard isShown(in: state), let run = state.run else { return }
        run.render(into: &frame.buffer, area: layout.response, theme: frame.theme, focused: isFocused(in: state),
                   unicode: frame.capabilities.unicode, borders: frame.borders)
    }
}
