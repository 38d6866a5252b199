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
        if layout.tabBar.contains(mouse.position) {
            if case .press(.left) = mouse.kind, let index = TabBarView.tab(atX: mouse.x, in: s, area: layout.tabBar) { s.showTab(at: index) }
            return []
        }
        guard var pane = layout.pane(at: mouse.position) else { return [] }
        if pane == .response, s.isShowingRunResults { pane = .results }
        switch mouse.kind {
        case .wheelUp, .wheelDown:
            let delta = mouse.kind == .wheelUp ? -3 : 3
            switch pane {
            case .response:
                if let action = s.viewer.handle(mouse: mouse, in: layout.response), let effect = s.viewer.apply(action) {
                    return responseEffect(effect, &s)
                }
            case .sidebar:
                if let action = s.sidebar.handle(mouse: mouse, in: layout.sidebar), let effect = s.sidebar.apply(action) {
                    return sidebarEffect(effect, &s)
                }
            case .request:
                if s.requestTab == .body, s.draft.bodyMode == .json || s.draft.bodyMode == .raw {
                    for _ in 0..<3 { _ = s.draft.bodyText.handle(KeyEvent(delta < 0 ? .up : .down)) }
                } else if s.requestTab == .params { s.draft.params.select(by: delta > 0 ? 1 : -1) }
                else if s.requestTab == .headers { s.draft.headers.select(by: delta > 0 ? 1 : -1) }
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
                if layout.requestTabs.contains(mouse.position) {
                    let tabs = Tabs(titles: RequestTab.allCases.map(\.title), selected: s.requestTab.rawValue)
                    if let i = tabs.tab(atX: mouse.x, area: layout.requestTabs) { s.requestTab = RequestTab.allCases[i] }
                } else {
                    let row = mouse.y - layout.requestContent.y - 1
                    switch s.requestTab {
                    case .params: clickRow(row, &s.draft.params)
                    case .headers: clickRow(row, &s.draft.headers)
                    case .body where s.draft.bodyMode == .form || s.draft.bodyMode == .multipart:
                        clickRow(row - 1, &s.draft.formFields)
                    case .files:
                        let index = row + s.draft.fileOffset
                        if row >= 0, s.draft.files.indices.contains(index), index != s.draft.selectedFile {
                            s.draft.selectedFile = index
                            s.draft.filePartNameEditor = nil
                        }
                    case .options:
                        if let field = RequestOptionsDraft.Field(rawValue: mouse.y - layout.requestContent.y + s.optionsOffset) { s.optionsRow = field }
                    default: break
                    }
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

    /// Selects the row drawn on visible row `row` (0 for the first under the column titles) of a table at its offset.
    private func clickRow(_ row: Int, _ table: inout KeyValueTable) {
        let index = row + table.offset
        if row >= 0, table.rows.indices.contains(index) {
            table.commitEditing()
            table.selected = index
        }
    }
}
