import RequestKit
import RequestStore
import TUICore

extension AppState {
    /// Shows `tab`: it takes the shown place whole (the caller has put the one shown before among the others).
    mutating func load(_ tab: TabState) {
        tabs.activeID = tab.id
        shown = tab
    }

    /// Every tab in order, the shown one in its place.
    var allTabs: [TabState] { tabs.before + [shown] + tabs.after }

    /// Every open tab in order, the shown one as it is now.
    public var openTabs: [TabState] { allTabs }

    /// Takes the tabs read from the data folder (the shown one as it was, else the first); with none, one new
    /// empty tab. The drafts count as written.
    public mutating func restore(_ restored: RestoredTabs) {
        guard !restored.tabs.isEmpty else {
            tabs = DraftTabs(activeID: restored.nextID)
            load(TabState(id: restored.nextID, draft: .empty))
            return
        }
        let all = restored.tabs.map { entry -> TabState in
            var tab = TabState(id: entry.id, draft: entry.draft, baseline: restored.baselines[entry.id] ?? RequestDraft.empty.savedRequest)
            tab.draftRevision = 0
            tab.savedDraftRevision = 0
            // Its last response is read back from the history once the app is up (`restoredResponseCommands`).
            tab.openedHistoryEntry = restored.responses[entry.id]
            return tab
        }
        tabs = DraftTabs(activeID: all[0].id, nextID: restored.nextID)
        place(all, showing: all.firstIndex { $0.id == restored.activeID } ?? 0)
    }

    /// Takes each tab's request as stored in the open collection as its last saved version, so the modified marks
    /// are right after a start with restored tabs or a reload.
    public mutating func compareTabsWithCollection() {
        compareDraftWithCollection()
        for tab in tabs.before + tabs.after {
            // A tab opened from a listed collection compares with that collection's file, not the open one.
            let own = tab.draftCollectionPath.flatMap { path in
                path == collectionFile?.path ? collection : dataFolderCollections?.file(at: path)?.document
            }
            guard let id = tab.draft.savedID, let collection = own ?? collection,
                  let stored = CollectionSaving.request(id: id, in: collection) else { continue }
            tabs.updateParked(tab.id) { $0.lastSaved = RequestDraft(saved: stored).savedRequest }
        }
    }

    /// Shows the tab with this id, the one shown before keeping its place; false when no tab has this id.
    @discardableResult
    public mutating func showTab(id: Int) -> Bool {
        guard id != tabs.activeID else { return true }
        let all = allTabs
        guard let index = all.firstIndex(where: { $0.id == id }) else { return false }
        arrange(all, showing: index)
        return true
    }

    /// Shows the tab at a place in the tab bar, counted from 0.
    public mutating func showTab(at index: Int) {
        guard index != tabs.activeIndex, index >= 0, index < tabs.count else { return }
        arrange(allTabs, showing: index)
    }

    /// Lays out `all` with the tab at `index` shown.
    private mutating func arrange(_ all: [TabState], showing index: Int) {
        place(all, showing: index)
        // A search cut off while its tab was hidden (another tab's search took the command) reads again.
        if viewer.search.counting { viewer.restartSearch() }
    }

    /// Lays out `all` with the tab at `index` in the panes.
    private mutating func place(_ all: [TabState], showing index: Int) {
        tabs.before = Array(all[..<index])
        tabs.after = Array(all[(index + 1)...])
        load(all[index])
    }

    /// Runs `body` with the tab `id` in the panes, then puts back the tab shown before; nil when no tab has this id.
    mutating func withTab<T>(_ id: Int, _ body: (inout AppState) -> T) -> T? {
        let shown = tabs.activeID
        if id == shown { return body(&self) }
        let all = allTabs
        guard let index = all.firstIndex(where: { $0.id == id }) else { return nil }
        place(all, showing: index)
        let result = body(&self)
        let back = allTabs
        if let home = back.firstIndex(where: { $0.id == shown }) { place(back, showing: home) }
        return result
    }

    /// True when the shown tab differs from what it was saved as or opened from (or, never saved, from an empty request).
    public var isDraftModified: Bool {
        shown.isModified
    }

    /// The titles of every tab in order.
    public var tabTitles: [TabTitle] {
        tabs.before.map { TabTitle(draft: $0.draft, modified: $0.isModified) }
            + [TabTitle(draft: draft, modified: isDraftModified)]
            + tabs.after.map { TabTitle(draft: $0.draft, modified: $0.isModified) }
    }

    /// True while the shown tab's request is in flight.
    public var isSendingHere: Bool { send.isSending && send.tab == tabs.activeID }

    /// The id of the open tab editing the saved request with this id, if any; with a listed collection's file
    /// (`collectionPath`), only a tab whose request came from that file.
    public func tabID(editingSaved id: String, collectionPath: String? = nil) -> Int? {
        let matches = { (tab: TabState) in
            tab.draft.savedID == id && (collectionPath == nil || tab.draftCollectionPath == collectionPath)
        }
        if matches(shown) { return tabs.activeID }
        return (tabs.before + tabs.after).first(where: matches)?.id
    }

    /// Opens a request for editing: in the shown tab when it is an untouched empty draft, else in a new tab right
    /// of it, which is shown. The tab starts with nothing sent.
    public mutating func openTab(_ opened: RequestDraft, lastSaved saved: SavedRequest? = nil, baseline: SavedRequest? = nil) {
        if draft.isUntouchedEmpty, !isSendingHere {
            draft = opened
            lastSaved = saved
            draftBaseline = baseline ?? RequestDraft.empty.savedRequest
            draftCollectionPath = nil
            viewer = ResponseViewerState()
            checkReport = CheckReport()
            openedHistoryEntry = nil
            shownHistoryEntry = nil
            historySecretNames = []
            lastRequest = nil
            closesWhenSaved = false
            return
        }
        let tab = TabState(id: tabs.makeID(), draft: opened, lastSaved: saved, baseline: baseline ?? RequestDraft.empty.savedRequest)
        tabs.before.append(shown)
        load(tab)
    }

    /// Closes the shown tab and shows its right neighbour, else its left one; closing the only tab leaves a new empty one.
    public mutating func closeShownTab() {
        if let next = tabs.after.first {
            tabs.after.removeFirst()
            load(next)
        } else if let previous = tabs.before.last {
            tabs.before.removeLast()
            load(previous)
        } else {
            load(TabState(id: tabs.makeID(), draft: .empty))
        }
    }
}
