import TUICore

extension ExplorerProgram {
    /// `sidebar.wider` and `sidebar.narrower`: moves the sidebar's border by `delta` columns and remembers the width;
    /// a hidden sidebar is shown first, at the width it had.
    func resizeSidebar(by delta: Int, _ s: inout AppState) -> [Command<AppMessage>] {
        let shown = SidebarWidth.shown(chosen: s.sidebarWidth, screenWidth: s.size.width)
        guard s.isSidebarVisible else {
            s.sidebarPreference = true
            return []
        }
        let next = SidebarWidth.clamped(shown + delta, screenWidth: s.size.width)
        guard next != shown else {
            s.notice = delta > 0
                ? "The sidebar is as wide as this screen allows; \(SidebarWidth.paneRoom) columns stay for the request and response."
                : "The sidebar is at its narrowest (\(SidebarWidth.minimum) columns); the sidebar key hides it."
            return []
        }
        return setSidebarWidth(next, &s)
    }

    /// Takes a width for the sidebar, kept within the screen, and remembers it in the settings file when it changed.
    func setSidebarWidth(_ width: Int, _ s: inout AppState) -> [Command<AppMessage>] {
        let clamped = SidebarWidth.clamped(width, screenWidth: s.size.width)
        guard clamped != s.sidebarWidth else { return [] }
        s.sidebarWidth = clamped
        return [effects.rememberSidebarWidth(clamped)].compactMap { $0 }
    }

    /// A drag of the sidebar's border: the left button going down on it starts the drag, its release sets the width
    /// to end at the release's column. Returns nil for mouse events that are not part of a drag.
    func dragSidebarBorder(_ mouse: MouseEvent, layout: AppLayout, _ s: inout AppState) -> [Command<AppMessage>]? {
        switch mouse.kind {
        case .press(.left):
            guard let border = layout.sidebarBorderColumn, mouse.x == border, layout.sidebar.contains(mouse.position) else {
                s.isDraggingSidebarBorder = false
                return nil
            }
            s.isDraggingSidebarBorder = true
            return []
        case .release(.left):
            guard s.isDraggingSidebarBorder else { return nil }
            s.isDraggingSidebarBorder = false
            guard mouse.x != layout.sidebarBorderColumn else { return [] }
            return setSidebarWidth(mouse.x - layout.sidebar.x + 1, &s)
        default:
            return nil
        }
    }
}
