import TUICore

/// The row of request tabs above the URL bar: method and name (or path) per tab, `●` on modified ones, the shown
/// one highlighted; `‹` and `›` mark tabs scrolled out of view.
enum TabBarView {
    /// The columns a tab takes: ` GET name ● `.
    static func cellWidth(_ title: TabTitle) -> Int {
        cellText(title, unicode: true).displayWidth
    }

    /// The text of a tab, its label sanitized and cut to `TabTitle.maximumLabelWidth` columns.
    static func cellText(_ title: TabTitle, unicode: Bool) -> String {
        let label = sanitize(title.label).truncated(columns: TabTitle.maximumLabelWidth)
        let mark = title.modified ? (unicode ? " ●" : " *") : ""
        return " \(sanitize(title.method).truncated(columns: 10)) \(label)\(mark) "
    }

    /// Draws the bar into `area` (nothing when it is empty, i.e. one tab is open).
    static func render(_ state: AppState, area: Rect, frame: inout Frame) {
        guard !area.isEmpty else { return }
        let theme = frame.theme
        let unicode = frame.capabilities.unicode
        let base = Style(fg: theme[.muted], bg: theme[.background])
        frame.buffer.fill(area, style: base)
        let titles = state.tabTitles
        let widths = titles.map(cellWidth)
        let overflows = widths.reduce(0, +) + max(0, widths.count - 1) > area.width
        let first = overflows ? min(state.tabs.firstVisible, max(0, titles.count - 1)) : 0
        let left = area.x + (overflows ? 1 : 0)
        let right = area.right - (overflows ? 1 : 0)
        if overflows, first > 0 {
            frame.buffer.setString(unicode ? "‹" : "<", x: area.x, y: area.y, style: Style(fg: theme[.accent], bg: theme[.background], modifiers: .bold), clip: area)
        }
        var x = left
        for index in first..<titles.count {
            if index > first {
                guard x + 1 + widths[index] <= right else { break }
                frame.buffer.setString(unicode ? "│" : "|", x: x, y: area.y, style: base, clip: area)
                x += 1
            } else if x + widths[index] > right, index != state.tabs.activeIndex {
                break
            }
            let title = titles[index]
            let shown = index == state.tabs.activeIndex
            let cell = Rect(x: x, y: area.y, width: max(0, min(widths[index], right - x)), height: 1)
            let style = shown ? Style(fg: theme[.primary], bg: theme[.surface], modifiers: [.bold, .reverse]) : Style(fg: theme[.text], bg: theme[.background])
            frame.buffer.fill(cell, style: style)
            var at = frame.buffer.setString(" ", x: x, y: area.y, style: style, clip: cell)
            let methodStyle = shown ? style : Style(fg: theme.methodColor(title.method), bg: theme[.background], modifiers: .bold)
            at = frame.buffer.setString(sanitize(title.method).truncated(columns: 10), x: at, y: area.y, style: methodStyle, clip: cell)
            at = frame.buffer.setTruncated(" " + sanitize(title.label).truncated(columns: TabTitle.maximumLabelWidth), x: at, y: area.y, style: style, clip: cell)
            if title.modified {
                let markStyle = shown ? style : Style(fg: theme[.warning], bg: theme[.background], modifiers: .bold)
                _ = frame.buffer.setString(unicode ? " ●" : " *", x: at, y: area.y, style: markStyle, clip: cell)
            }
            x += widths[index]
        }
        if overflows, DraftTabs.lastFitting(from: first, cellWidths: widths, room: max(1, area.width - 2)) < titles.count - 1 {
            frame.buffer.setString(unicode ? "›" : ">", x: area.right - 1, y: area.y, style: Style(fg: theme[.accent], bg: theme[.background], modifiers: .bold), clip: area)
        }
    }

    /// The tab under column `x` of the bar, by its place, if any.
    static func tab(atX column: Int, in state: AppState, area: Rect) -> Int? {
        guard state.tabs.count > 1, column >= area.x, column < area.right else { return nil }
        let widths = state.tabTitles.map(cellWidth)
        let overflows = widths.reduce(0, +) + max(0, widths.count - 1) > area.width
        var x = area.x + (overflows ? 1 : 0)
        for index in (overflows ? state.tabs.firstVisible : 0)..<widths.count {
            if column >= x, column < x + widths[index] { return index }
            x += widths[index] + 1
            if x >= area.right { break }
        }
        return nil
    }
}
