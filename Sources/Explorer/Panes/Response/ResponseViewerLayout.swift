import TUICore

/// Where the parts of the response viewer go inside its area: border, status line, tab bar, content.
struct ResponseViewerLayout {
    /// The whole area, border included.
    let area: Rect
    /// Inside the border.
    let inner: Rect
    /// The status line.
    let statusLine: Rect
    /// The tab bar.
    let tabBar: Rect
    /// The scrollable content, one column in from the border on each side.
    let content: Rect

    /// Splits `area`.
    init(area: Rect) {
        self.area = area
        inner = area.inset(by: .all(1))
        statusLine = inner.row(0)
        tabBar = inner.row(1)
        content = Rect(x: inner.x + 1, y: inner.y + 2, width: max(0, inner.width - 2), height: max(0, inner.height - 2))
    }

    /// The tab titles, the headers tab with its count.
    static func tabTitles(document: ResponseDocument?, comparing: Bool = false) -> [String] {
        ResponseTab.visible(for: document, comparing: comparing).map { tab in
            if tab == .headers, let document { return "\(tab.title) \(document.headers.count)" }
            if tab == .events, let stream = document?.stream { return "\(tab.title) \(stream.eventCount)" }
            return tab.title
        }
    }

    /// The tab bar widget for `selected`, drawn in `tabBar`.
    func tabs(document: ResponseDocument?, selected: ResponseTab, comparing: Bool = false, style: Style = .plain, activeStyle: Style = .plain) -> Tabs {
        Tabs(titles: Self.tabTitles(document: document, comparing: comparing),
             selected: ResponseTab.visible(for: document, comparing: comparing).firstIndex(of: selected) ?? 0,
             style: style, activeStyle: activeStyle, divider: " ")
    }
}
