import TUICore

/// Where each pane goes for a screen size: a pure function used by drawing and by mouse clicks.
public struct AppLayout: Hashable, Sendable {
    /// The row of request tabs above the URL bar, empty while one tab is open.
    public var tabBar: Rect
    /// The method and URL bar (three rows with its border).
    public var urlBar: Rect
    /// The sidebar, empty when hidden.
    public var sidebar: Rect
    /// The request area with its tabs.
    public var request: Rect
    /// The response area.
    public var response: Rect
    /// The footer row of key hints.
    public var footer: Rect
    /// True when request and response sit side by side rather than stacked.
    public var sideBySide: Bool

    /// Lays out the panes for `state`.
    public init(_ state: AppState) {
        var screen = Rect(size: state.size)
        if state.tabs.count > 1 {
            tabBar = Rect(x: 0, y: 0, width: screen.width, height: 1)
            screen = Rect(x: 0, y: 1, width: screen.width, height: max(0, screen.height - 1))
        } else {
            tabBar = Rect(x: 0, y: 0, width: 0, height: 0)
        }
        let rows = screen.split(.vertical([.length(3), .fill(1), .length(1)]))
        urlBar = rows[0]
        footer = rows[2]
        var main = rows[1]
        if let maximized = state.shownMaximizedPane {
            // One pane fills the room between the URL bar and the footer.
            sidebar = Rect(x: 0, y: main.y, width: 0, height: 0)
            sideBySide = false
            let none = Rect(x: main.x, y: main.bottom, width: 0, height: 0)
            request = maximized == .request ? main : none
            response = maximized == .request ? none : main
            return
        }
        if state.isSidebarVisible {
            let sidebarWidth = SidebarWidth.shown(chosen: state.sidebarWidth, screenWidth: state.size.width)
            let columns = main.split(.horizontal([.length(sidebarWidth), .fill(1)]))
            sidebar = columns[0]
            main = columns[1]
        } else {
            sidebar = Rect(x: 0, y: main.y, width: 0, height: 0)
        }
        sideBySide = main.width >= 120
        if sideBySide {
            let parts = main.split(.horizontal([.percentage(RequestSplit.share(state.requestSplit, sideBySide: true)), .fill(1)]))
            request = parts[0]
            response = parts[1]
        } else if main.height < Self.roomForBothPanes {
            // Too low for the content of both: the request pane in use gets the rows, else the response does, and
            // the other folds to its title row.
            let requestInUse = state.focus == .request
            let parts = main.split(.vertical(requestInUse ? [.fill(1), .length(1)] : [.length(1), .fill(1)]))
            request = parts[0]
            response = parts[1]
        } else {
            let parts = main.split(.vertical([.percentage(RequestSplit.share(state.requestSplit, sideBySide: false)), .fill(1)]))
            request = parts[0]
            response = parts[1]
        }
    }

    /// The fewest rows between the URL bar and the footer that show content in both stacked panes.
    static let roomForBothPanes = 12

    /// The row of the request tab bar, empty when the pane is folded to its title.
    public var requestTabs: Rect {
        request.height < 3 ? Rect(x: request.x, y: request.y, width: 0, height: 0)
            : Rect(x: request.x + 1, y: request.y + 1, width: max(0, request.width - 2), height: 1)
    }

    /// The area under the request tab bar, inside the border.
    public var requestContent: Rect {
        Rect(x: request.x + 1, y: request.y + 2, width: max(0, request.width - 2), height: max(0, request.height - 3))
    }

    /// Where the border between request and response is (the response's top row stacked, its left column side by
    /// side), which a drag moves; nil while one pane is maximized or folded.
    public var splitBorder: Rect? {
        guard !request.isEmpty, !response.isEmpty, request.height > 1, response.height > 1 else { return nil }
        return sideBySide ? Rect(x: response.x, y: response.y, width: 1, height: response.height)
            : Rect(x: response.x, y: response.y, width: response.width, height: 1)
    }

    /// The column of the sidebar's right border, which a drag moves; nil when the sidebar is hidden.
    public var sidebarBorderColumn: Int? { sidebar.isEmpty ? nil : sidebar.right - 1 }
}
