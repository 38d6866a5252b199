import TUICore

/// Every pane of the main screen, once: the one list that routing, the footer, help and drawing go through.
enum PaneRegistry {
    /// The panes in drawing order; the request pane comes last so that a header suggestion list may hang over the response.
    static let components: [any PaneComponent] = [
        URLBarComponent(),
        SidebarComponent(),
        ResponseComponent(),
        RunResultsComponent(),
        RequestComponent(),
    ]

    /// The component of `pane`.
    static func component(for pane: Pane) -> any PaneComponent {
        components.first { $0.pane == pane } ?? URLBarComponent()
    }

    /// The pane drawn at `position`, if any.
    static func component(at position: Position, layout: AppLayout, in state: AppState) -> (any PaneComponent)? {
        components.first { $0.isShown(in: state) && $0.area(in: layout).contains(position) }
    }
}

extension AppState {
    /// The component of the pane that has the focus.
    var focusedComponent: any PaneComponent { PaneRegistry.component(for: focus) }
}
