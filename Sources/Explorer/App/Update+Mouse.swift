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
        guard let component = PaneRegistry.component(at: mouse.position, layout: layout, in: s) else { return [] }
        switch mouse.kind {
        case .wheelUp, .wheelDown:
            return component.handle(mouse: mouse, layout: layout, self, &s)
        case .press(.left):
            s.focus = component.pane
            return component.handle(mouse: mouse, layout: layout, self, &s)
        default:
            return []
        }
    }
}
