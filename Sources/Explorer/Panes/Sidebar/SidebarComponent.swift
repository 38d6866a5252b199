import TUICore

/// The collection and history sidebar as the app routes to it; its filter line, while edited, takes every key.
struct SidebarComponent: PaneComponent {
    var pane: Pane { .sidebar }

    func area(in layout: AppLayout) -> Rect { layout.sidebar }

    func isTyping(in state: AppState) -> Bool { state.sidebar.isEditingFilter }

    func keyContexts(in state: AppState) -> [String] { [Actions.sidebarContext] }

    func inapplicableActionIDs(in state: AppState) -> Set<String> { state.sidebar.inapplicableActionIDs }

    func footerHints(in state: AppState) -> [(key: String, help: String)]? {
        state.sidebar.isEditingFilter ? SidebarState.filterKeyHints : nil
    }

    /// The filter line being edited takes every key; Escape clears a kept filter, unless it cancels a send in flight.
    func takesKeyFirst(_ key: KeyEvent, in state: AppState) -> Bool {
        if state.sidebar.isEditingFilter { return true }
        return !state.send.isSending && state.sidebar.handle(key: key, keyMap: state.keyMap) == .clearFilter
    }

    func handle(key: KeyEvent, _ program: ExplorerProgram, _ s: inout AppState) -> [Command<AppMessage>] {
        guard let action = s.sidebar.handle(key: key, keyMap: s.keyMap) else { return [] }
        return apply(action, program, &s)
    }

    func handle(paste text: String, _ program: ExplorerProgram, _ s: inout AppState) -> [Command<AppMessage>] {
        guard s.sidebar.isEditingFilter else { return [] }
        for c in text where c != "\n" { _ = s.sidebar.apply(.filterInput(c)) }
        return program.pageHistoryIfDue(&s)
    }

    func handle(mouse: MouseEvent, layout: AppLayout, _ program: ExplorerProgram, _ s: inout AppState) -> [Command<AppMessage>] {
        guard let action = s.sidebar.handle(mouse: mouse, in: layout.sidebar) else { return [] }
        return apply(action, program, &s)
    }

    func ownsAction(_ id: String) -> Bool { SidebarState.action(named: id) != nil }

    func perform(actionNamed id: String, _ program: ExplorerProgram, _ s: inout AppState) -> [Command<AppMessage>]? {
        SidebarState.action(named: id).map { apply($0, program, &s) }
    }

    func keepInView(_ s: inout AppState, layout: AppLayout) {
        if !layout.sidebar.isEmpty { s.sidebar.setViewport(for: layout.sidebar) }
    }

    func render(_ state: AppState, layout: AppLayout, frame: inout Frame) {
        guard !layout.sidebar.isEmpty else { return }
        state.sidebar.render(into: &frame.buffer, area: layout.sidebar, theme: frame.theme, focused: isFocused(in: state), borders: frame.borders)
    }

    /// Applies a sidebar action, then loads the next page of history when the selection nears the end of what is loaded.
    private func apply(_ action: SidebarAction, _ program: ExplorerProgram, _ s: inout AppState) -> [Command<AppMessage>] {
        let effect = s.sidebar.apply(action)
        return (effect.map { program.sidebarEffect($0, &s) } ?? []) + program.pageHistoryIfDue(&s)
    }
}
