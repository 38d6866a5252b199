import TUICore

extension AppState {
    /// The maximized pane while it is drawn so: while it or the URL bar has the focus.
    var shownMaximizedPane: Pane? {
        guard let maximizedPane, focus == maximizedPane || focus == .url else { return nil }
        return maximizedPane
    }
}

extension ExplorerProgram {
    /// `pane.maximize`: the focused request or response pane fills the screen, or a maximized one is restored.
    func toggleMaximized(_ s: inout AppState) {
        if s.shownMaximizedPane != nil {
            s.maximizedPane = nil
            return
        }
        if s.focusedComponent.canMaximize {
            s.maximizedPane = s.focus
        } else {
            s.notice = "Maximize works on the request or the response pane: focus one (Tab) and press the key again."
        }
    }

    /// `split.requestLarger` and `split.requestSmaller`: moves the border between request and response by `delta`
    /// percent and remembers the share.
    func resizeSplit(by delta: Int, _ s: inout AppState) -> [Command<AppMessage>] {
        let layout = AppLayout(s)
        let current = RequestSplit.share(s.requestSplit, sideBySide: layout.sideBySide)
        let next = RequestSplit.clamped(current + delta)
        guard next != current else {
            s.notice = "The request pane is at its \(delta > 0 ? "largest" : "smallest") (\(next)% of the room it shares with the response)."
            return []
        }
        return setRequestSplit(next, &s)
    }

    /// Takes a share for the request pane and remembers it in the settings file when it changed.
    func setRequestSplit(_ percent: Int, _ s: inout AppState) -> [Command<AppMessage>] {
        let clamped = RequestSplit.clamped(percent)
        guard clamped != s.requestSplit else { return [] }
        s.requestSplit = clamped
        return [effects.rememberRequestSplit(clamped)].compactMap { $0 }
    }

    /// A drag of the border between request and response: the left button going down on it starts the drag, its
    /// release puts the border there. Returns nil for mouse events that are not part of a drag.
    func dragSplitBorder(_ mouse: MouseEvent, layout: AppLayout, _ s: inout AppState) -> [Command<AppMessage>]? {
        switch mouse.kind {
        case .press(.left):
            guard let border = layout.splitBorder, border.contains(mouse.position) else {
                s.isDraggingSplitBorder = false
                return nil
            }
            s.isDraggingSplitBorder = true
            s.focus = s.isShowingRunResults ? .results : .response
            return []
        case .release(.left):
            guard s.isDraggingSplitBorder else { return nil }
            s.isDraggingSplitBorder = false
            guard let border = layout.splitBorder, !border.contains(mouse.position) else { return [] }
            let room = layout.sideBySide ? layout.request.width + layout.response.width : layout.request.height + layout.response.height
            let offset = layout.sideBySide ? mouse.x - layout.request.x : mouse.y - layout.request.y
            guard room > 0 else { return [] }
            return setRequestSplit((offset * 100 + room / 2) / room, &s)
        default:
            return nil
        }
    }
}
