import RequestStore
import TUICore

/// The Headers tab: the request's own headers, then the headers it inherits from its collection and folders,
/// dimmed, each with where it is set and whether it is sent.
enum HeadersView {
    /// Draws the own headers' table in the top of `area` and the inherited list under it; suggestions may hang into `bounds`.
    static func render(_ state: AppState, area: Rect, bounds: Rect, focused: Bool, frame: inout Frame) {
        let inherited = state.inheritedHeaders
        let section = inheritedArea(in: area, ownRows: state.draft.headers.rows.count, inheritedCount: inherited.count)
        let own = Rect(x: area.x, y: area.y, width: area.width, height: max(0, area.height - section.height))
        let ownFocused = focused && state.editor.inheritedHeaderRow == nil
        let suggestions = ownFocused ? HeaderCompletion.suggestions(for: state.draft.headers) : []
        TableView.render(state.draft.headers, area: own, focused: ownFocused, frame: &frame,
                         empty: "No headers. Press a to add one; Tab completes names and values.",
                         suggestions: suggestions, suggestionBounds: bounds)
        guard section.height > 0 else { return }
        renderInherited(inherited, state: state, area: section, focused: focused, frame: &frame)
    }

    /// The inherited list's part of the tab's `area`, under the own table: the own table gets the lines its
    /// `ownRows` need (at least two), the list the rest (nothing when there are no inherited headers).
    static func inheritedArea(in area: Rect, ownRows: Int, inheritedCount: Int) -> Rect {
        let ownNeeded = max(2, ownRows + 1)
        let height = inheritedCount == 0 ? 0 : min(inheritedCount + 1, max(2, area.height - ownNeeded))
        return Rect(x: area.x, y: area.y + max(0, area.height - height), width: area.width, height: height)
    }

    /// Where an inherited header is set, as the From column writes it.
    static func sourceText(_ source: InheritedHeader.Source) -> String {
        switch source {
        case .collection: return "collection"
        case .folder(let path): return "folder " + path
        }
    }

    private static func renderInherited(_ inherited: [InheritedHeader], state: AppState, area: Rect, focused: Bool, frame: inout Frame) {
        let theme = frame.theme
        let dimmed = Style(fg: theme[.muted])
        let replacing = Set(state.draft.headers.rows.filter(\.enabled).map { $0.name.lowercased() })
        let rows = inherited.map { header -> TableRow in
            let off = state.draft.isInheritedHeaderOff(header.row.name)
            let replaced = !off && replacing.contains(header.row.name.lowercased())
            let note = off ? " · off" : (replaced ? " · replaced" : "")
            return TableRow([Line(sanitize(header.row.name)), Line(sanitize(header.row.value)), Line(sanitize(sourceText(header.source)) + note)],
                            enabled: !off, style: dimmed.patched(with: Style(modifiers: .dim)))
        }
        let widget = Table(columns: [TableColumn("Inherited", width: .percentage(30)), TableColumn("Value", width: .fill(1)),
                                     TableColumn("From", width: .percentage(35))],
                           rows: rows, showsCheckbox: true, style: theme.surfaceStyle,
                           headerStyle: Style(fg: theme[.muted], modifiers: .bold),
                           selectionStyle: focused ? theme.selectionStyle : .plain)
        let list = ListState(selected: focused ? state.editor.inheritedHeaderRow : nil, offset: focused ? state.editor.inheritedHeaderOffset : 0)
        widget.render(state: list, area: area, buffer: &frame.buffer)
    }
}
