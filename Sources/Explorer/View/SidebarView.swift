import TUICore

/// The sidebar: the collection's requests, method first, with a filter line.
enum SidebarView {
    static func render(_ state: AppState, area: Rect, frame: inout Frame) {
        let theme = frame.theme
        let focused = state.focus == .sidebar && state.overlay == nil
        let block = AppView.block(state.sidebar.title, focused: focused, frame: frame)
        block.render(area: area, buffer: &frame.buffer)
        let inner = block.inner(area)
        guard !inner.isEmpty else { return }
        let filterRow = inner.row(0)
        if state.sidebar.isFiltering || !state.sidebar.filter.isEmpty {
            var field = state.sidebar.filter
            frame.buffer.setString("/", x: filterRow.x, y: filterRow.y, style: Style(fg: theme[.accent]), clip: filterRow)
            let position = TextField(style: theme.surfaceStyle).render(state: &field, area: Rect(x: filterRow.x + 1, y: filterRow.y, width: max(0, filterRow.width - 1), height: 1), buffer: &frame.buffer)
            if focused, state.sidebar.isFiltering { frame.cursor = position }
        } else {
            frame.buffer.setString("/ to filter", x: filterRow.x, y: filterRow.y, style: Style(fg: theme[.muted]), clip: filterRow)
        }
        let listArea = Rect(x: inner.x, y: inner.y + 1, width: inner.width, height: max(0, inner.height - 1))
        let items = state.sidebar.visibleItems
        if state.sidebar.items.isEmpty {
            frame.buffer.setString("No collection open.", x: listArea.x, y: listArea.y, style: Style(fg: theme[.muted]), clip: listArea)
            return
        }
        let lines = items.map { item in
            Line([Span(item.request.method.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0), style: Style(fg: theme.methodColor(item.request.method.rawValue), modifiers: .bold)),
                  Span(sanitize(item.title))])
        }
        var list = state.sidebar.list
        ListView(items: lines, style: theme.surfaceStyle, selectionStyle: focused ? theme.selectionStyle : Style(modifiers: .bold))
            .render(state: &list, area: listArea, buffer: &frame.buffer)
    }
}
