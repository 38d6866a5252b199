import Foundation
import TUICore

/// The sidebar: the open collection as a tree and the history, with a filter and a selection.
///
/// A value the app keeps in its state. The app fills it (`setCollection`, `setHistory`,
/// `now`), tells it its area (`setViewport(for:)`), maps input with `handle(key:)` /
/// `handle(mouse:in:)`, runs the result through `apply(_:)` and carries out the returned
/// `SidebarEffect`. `render` draws it.
public struct SidebarState: Equatable, Sendable {
    /// The visible section.
    public private(set) var section: SidebarSection = .collection
    /// The collection's name, shown above the tree.
    public private(set) var collectionName = ""
    /// The collection's top-level folders and requests.
    public private(set) var nodes: [SidebarNode] = []
    /// The history, newest first.
    public private(set) var history: [SidebarHistoryItem] = []
    /// The ids of open folders.
    public private(set) var expanded: Set<String> = []
    /// The filter text (applies to the visible section).
    public private(set) var filter = ""
    /// Whether keys are going into the filter.
    public private(set) var isEditingFilter = false
    /// The selected row's id in each section.
    public private(set) var selectedIDs: [SidebarSection: String] = [:]
    /// The first row shown in each section.
    public private(set) var scrollTops: [SidebarSection: Int] = [:]
    /// The number of rows the list has room for, as last set by `setViewport(for:)`.
    public private(set) var viewportHeight = 20
    /// The time ages are measured from; the app updates it (e.g. once a minute and on each new entry).
    public var now: Date

    /// Creates an empty sidebar.
    public init(now: Date = Date()) {
        self.now = now
    }

    /// Replaces the collection; open folders and the selection are kept where their ids still exist, and a
    /// selected row that went away (deleted) leaves the selection on the row that took its place, or the one above.
    public mutating func setCollection(name: String, nodes: [SidebarNode]) {
        let position = selectedPosition(in: .collection)
        collectionName = name
        self.nodes = nodes
        keepSelectionValid(.collection, near: position)
    }

    /// Replaces the history (any order; it is shown newest first); a selected entry that went away leaves the
    /// selection on its neighbour.
    public mutating func setHistory(_ items: [SidebarHistoryItem]) {
        let position = selectedPosition(in: .history)
        history = items.sorted { $0.date > $1.date }
        keepSelectionValid(.history, near: position)
    }

    /// Opens the folders with these ids (e.g. the path to a request just saved).
    public mutating func expand(_ ids: some Sequence<String>) {
        expanded.formUnion(ids)
    }

    /// Selects the row with this id in a section, when it is visible.
    public mutating func select(id: String, in section: SidebarSection) {
        selectedIDs[section] = id
        keepSelectionValid(section)
    }

    /// Records the area the sidebar is rendered into, so paging and scrolling know its height.
    public mutating func setViewport(for area: Rect) {
        viewportHeight = max(1, SidebarLayout(area: area, showsFilter: showsFilter).list.height)
        for section in SidebarSection.allCases { keepSelectionValid(section) }
    }

    /// The rows of the visible section, filtered.
    public var rows: [SidebarRow] { rows(of: section) }

    /// The rows of a section, filtered.
    public func rows(of section: SidebarSection) -> [SidebarRow] {
        switch section {
        case .collection: SidebarRows.collection(nodes, expanded: expanded, filter: filter)
        case .history: SidebarRows.history(history, filter: filter)
        }
    }

    /// The index of the selected row among `rows`, or nil when there are none.
    public var selectedIndex: Int? { selectedIndex(in: rows) }

    /// The selected row, or nil when the section is empty.
    public var selectedRow: SidebarRow? {
        let rows = rows
        return selectedIndex(in: rows).map { rows[$0] }
    }

    /// Whether the History list is shown with its last row selected.
    public var isOnLastHistoryRow: Bool {
        guard section == .history, let last = rows.last else { return false }
        return selectedRow?.id == last.id
    }

    /// Whether the filter line is shown.
    var showsFilter: Bool { isEditingFilter || !filter.isEmpty }

    /// Carries out a user action; returns work for the app, or nil.
    public mutating func apply(_ action: SidebarAction) -> SidebarEffect? {
        let rows = rows
        let index = selectedIndex(in: rows)
        switch action {
        case .moveUp: move(to: (index ?? 0) - 1, in: rows)
        case .moveDown: move(to: (index ?? -1) + 1, in: rows)
        case .pageUp: move(to: (index ?? 0) - max(1, viewportHeight - 1), in: rows)
        case .pageDown: move(to: (index ?? 0) + max(1, viewportHeight - 1), in: rows)
        case .first: move(to: 0, in: rows)
        case .last: move(to: rows.count - 1, in: rows)
        case .select(let row): move(to: row, in: rows)
        case .expand: setExpanded(true, rows: rows, index: index)
        case .collapse: collapse(rows: rows, index: index)
        case .toggle:
            if let index, case .folder(_, let open) = rows[index].content { setExpanded(!open, rows: rows, index: index) }
        case .open: return open(rows: rows, index: index)
        case .selectSection(let next): section = next
        case .nextSection: section = section == .collection ? .history : .collection
        case .startFilter: isEditingFilter = true
        case .filterInput(let character):
            isEditingFilter = true
            filter.append(character)
        case .filterBackspace:
            if !filter.isEmpty { filter.removeLast() }
        case .commitFilter: isEditingFilter = false
        case .clearFilter:
            isEditingFilter = false
            filter = ""
        case .rename, .duplicate, .delete, .resend, .move, .reorderUp, .reorderDown:
            return targetEffect(action, row: index.map { rows[$0] })
        case .newRequest, .newFolder:
            return addEffect(action == .newRequest ? .request : .folder, row: index.map { rows[$0] })
        case .settings:
            guard section == .collection else { return .notify("History entries have no settings; switch to the collection with ].") }
            return .settings(ofFolder: Self.folderID(around: index.map { rows[$0] }))
        case .undo:
            return section == .collection ? .undoEdit : .notify("Undo works on edits of the collection; switch to it with ].")
        }
        keepSelectionValid(section)
        return nil
    }

    // MARK: - Helpers

    /// The index of a section's selected row among its rows, nil when it has none selected or shown.
    private func selectedPosition(in section: SidebarSection) -> Int? {
        guard let id = selectedIDs[section] else { return nil }
        return rows(of: section).firstIndex { $0.id == id }
    }

    private func selectedIndex(in rows: [SidebarRow]) -> Int? {
        guard !rows.isEmpty else { return nil }
        if let id = selectedIDs[section], let index = rows.firstIndex(where: { $0.id == id }) { return index }
        return 0
    }

    private mutating func move(to index: Int, in rows: [SidebarRow]) {
        guard !rows.isEmpty else { return }
        selectedIDs[section] = rows[min(max(0, index), rows.count - 1)].id
    }

    private mutating func setExpanded(_ open: Bool, rows: [SidebarRow], index: Int?) {
        guard let index, case .folder = rows[index].content else { return }
        if open { expanded.insert(rows[index].id) } else { expanded.remove(rows[index].id) }
    }

    private mutating func collapse(rows: [SidebarRow], index: Int?) {
        guard let index else { return }
        let row = rows[index]
        if case .folder(_, true) = row.content, filter.isEmpty {
            expanded.remove(row.id)
        } else if let parent = row.ancestors.last {
            selectedIDs[section] = parent
        }
    }

    private mutating func open(rows: [SidebarRow], index: Int?) -> SidebarEffect? {
        guard let index else { return nil }
        let row = rows[index]
        switch row.content {
        case .folder(_, let open):
            setExpanded(!open, rows: rows, index: index)
            keepSelectionValid(section)
            return nil
        case .request: return .openRequest(id: row.id)
        case .history: return .openHistoryEntry(id: row.id)
        }
    }

    private func targetEffect(_ action: SidebarAction, row: SidebarRow?) -> SidebarEffect? {
        guard let row else { return .notify("Nothing is selected.") }
        let target: SidebarTarget
        switch row.content {
        case .folder(let name, _): target = SidebarTarget(id: row.id, name: name, kind: .folder)
        case .request(let name, _): target = SidebarTarget(id: row.id, name: name, kind: .request)
        case .history(let item): target = SidebarTarget(id: row.id, name: "\(item.method) \(item.url)", kind: .historyEntry)
        }
        switch action {
        case .rename:
            guard target.kind != .historyEntry else { return .notify("History entries cannot be renamed; save the request to a collection first.") }
            return .rename(target)
        case .duplicate:
            guard target.kind != .historyEntry else { return .notify("History entries cannot be duplicated; save the request to a collection first.") }
            return .duplicate(target)
        case .delete:
            return .confirmDelete(target)
        case .resend:
            guard target.kind == .historyEntry else { return .notify("Resend works on history entries; open a saved request with Enter and send it.") }
            return .resendHistoryEntry(id: target.id)
        case .move, .reorderUp, .reorderDown:
            guard target.kind != .historyEntry else { return .notify("History entries are in the order they were sent; save one to a collection to place it.") }
            if case .move = action { return .move(target) }
            return .reorder(target, by: action == .reorderUp ? -1 : 1)
        default:
            return nil
        }
    }

    /// Where a new request or folder goes: into the selected folder, else the selected request's folder, else the top level.
    private func addEffect(_ item: SidebarNewItem, row: SidebarRow?) -> SidebarEffect {
        guard section == .collection else { return .notify("New requests and folders go into the collection; switch to it with ].") }
        return .add(item, inFolder: Self.folderID(around: row))
    }

    /// The folder a row stands in: the row itself when it is a folder, else its folder; empty for the top level.
    private static func folderID(around row: SidebarRow?) -> String {
        guard let row else { return "" }
        if case .folder = row.content { return row.id }
        return row.ancestors.last ?? ""
    }

    /// Points the selection at an existing row and scrolls so it is in view.
    private mutating func keepSelectionValid(_ section: SidebarSection, near position: Int? = nil) {
        let rows = rows(of: section)
        guard !rows.isEmpty else {
            scrollTops[section] = 0
            return
        }
        let index = rows.firstIndex { $0.id == selectedIDs[section] } ?? min(max(0, position ?? 0), rows.count - 1)
        selectedIDs[section] = rows[index].id
        scrollTops[section] = Self.scrollTop(current: scrollTops[section] ?? 0, selected: index, count: rows.count, height: viewportHeight)
    }

    /// The first row to show so that `selected` is in view, moving as little as possible.
    static func scrollTop(current: Int, selected: Int, count: Int, height: Int) -> Int {
        let height = max(1, height)
        var top = min(current, max(0, count - height))
        if selected < top { top = selected }
        if selected >= top + height { top = selected - height + 1 }
        return max(0, top)
    }
}
