import RequestStore
import TUICore

extension ExplorerProgram {
    /// Up and Down across the Headers tab's two lists: past the last own header into the inherited ones, and back.
    /// Returns true when the key was taken.
    func moveAmongInheritedHeaders(_ key: KeyEvent, _ s: inout AppState) -> Bool {
        let count = s.inheritedHeaders.count
        guard count > 0 else {
            s.inheritedHeaderRow = nil
            return false
        }
        let table = s.draft.headers
        switch (key.key, s.inheritedHeaderRow) {
        case (.down, nil) where table.rows.isEmpty || table.selected >= table.rows.count - 1:
            s.inheritedHeaderRow = 0
        case (.down, let row?):
            s.inheritedHeaderRow = min(count - 1, row + 1)
        case (.up, let row?):
            s.inheritedHeaderRow = row == 0 ? nil : row - 1
        case (.end, _):
            s.inheritedHeaderRow = count - 1
        case (.home, _):
            s.inheritedHeaderRow = nil
            return false
        default:
            return false
        }
        return true
    }

    /// The table actions on a selected inherited header: Space switches it off or on for this request; it is
    /// edited where it is set. Returns true when the action was taken here.
    func inheritedHeaderAction(_ action: AppAction, _ s: inout AppState) -> Bool {
        guard s.focus == .request, s.requestTab == .headers, let row = s.inheritedHeaderRow else { return false }
        let inherited = s.inheritedHeaders
        guard inherited.indices.contains(row) else {
            s.inheritedHeaderRow = nil
            return false
        }
        let header = inherited[row]
        switch action {
        case .tableToggle:
            s.draft.toggleInheritedHeader(header.row.name)
        case .tableAdd:
            s.inheritedHeaderRow = nil
            return false
        case .tableEdit, .tableDelete, .tableColumn, .tableMoveUp, .tableMoveDown:
            s.notice = "'\(sanitize(header.row.name))' is set in the \(HeadersView.sourceText(header.source)): Space switches it off for this request, "
                + "and a header of the same name added here replaces it."
        default:
            return false
        }
        return true
    }
}
