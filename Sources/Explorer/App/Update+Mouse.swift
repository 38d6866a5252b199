import TUICore

extension ExplorerProgram {
    /// Clicks focus panes, pick tabs and rows; the wheel scrolls the pane under the pointer.
    func handleMouse(_ mouse: MouseEvent, _ s: inout AppState) -> [Command<AppMessage>] {
        guard !s.isTooSmall else { return [] }
        if s.overlay != nil {
            if case .press(.left) = mouse.kind { s.overlay = nil }
            return []
        }
        let layout = AppLayout(s)
        if let drag = dragSidebarBorder(mouse, layout: layout, &s) { return drag }
        if let drag = dragSplitBorder(mouse, layout: layout, &s) { return drag }
        if layout.tabBar.contains(mouse.position) {
            if case .press(.left) = mouse.kind, let index = TabBarView.tab(atX: mouse.x, in: s, area: layout.tabBar) { s.showTab(at: index) }
            return []
        }
        guard var pane = layout.pane(at: mouse.position) else { return [] }
        if pane == .response, s.isShowingRunResults { pane = .results }
        switch mouse.kind {
        case .wheelUp, .wheelDown:
            switch pane {
            case .response:
                if let action = s.viewer.handle(mouse: mouse, in: layout.response), let effect = s.viewer.apply(action) {
                    return responseEffect(effect, &s)
                }
            case .sidebar:
                if let action = s.sidebar.handle(mouse: mouse, in: layout.sidebar) {
                    let effect = s.sidebar.apply(action)
                    return (effect.map { sidebarEffect($0, &s) } ?? []) + pageHistoryIfDue(&s)
                }
            case .request:
                if let action = s.editor.handle(mouse: mouse, tabs: layout.requestTabs, content: layout.requestContent) {
                    return requestEditorAction(action, &s)
                }
            case .results:
                if let action = s.run?.handle(mouse: mouse, in: layout.response), let effect = s.run?.apply(action) {
                    return runResultsEffect(effect, &s)
                }
            case .url: break
            }
        case .press(.left):
            s.focus = pane
            switch pane {
            case .request:
                if let action = s.editor.handle(mouse: mouse, tabs: layout.requestTabs, content: layout.requestContent) {
                    return requestEditorAction(action, &s)
                }
            case .response:
                if let action = s.viewer.handle(mouse: mouse, in: layout.response), let effect = s.viewer.apply(action) {
                    return responseEffect(effect, &s)
                }
            case .sidebar:
                if let action = s.sidebar.handle(mouse: mouse, in: layout.sidebar), let effect = s.sidebar.apply(action) {
                    return sidebarEffect(effect, &s)
                }
            case .results:
                if let action = s.run?.handle(mouse: mouse, in: layout.response), let effect = s.run?.apply(action) {
                    return runResultsEffect(effect, &s)
                }
            case .url:
                break
            }
        default:
            break
        }
        return []
    }
}
