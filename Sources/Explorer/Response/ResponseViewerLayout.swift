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
    /// The scrollable content.
    let content: Rect

    /// Splits `area`.
    init(area: Rect) {
        self.area = area
        inner = area.inset(by: .all(1))
        statusLine = inner.row(0)
        tabBar = inner.row(1)
        content = Rect(x: inner.x, y: inner.y + 2, width: inner.width, height: inner.height - 2)
    }

    /// The label of each tab with the columns it covers in the tab bar.
    func tabPositions(document: ResponseDocument?) -> [(tab: ResponseTab, label: String, columns: Range<Int>)] {
        var x = tabBar.x + 1
        var positions: [(tab: ResponseTab, label: String, columns: Range<Int>)] = []
        for tab in ResponseTab.allCases {
            var label = tab.title
            if tab == .headers, let document { label += " \(document.headers.count)" }
            label = " \(label) "
            let width = label.displayWidth
            positions.append((tab, label, x..<(x + width)))
            x += width + 1
        }
        return positions
    }
}
