import RequestStore
import TUICore

extension ExplorerProgram {
    /// After the sidebar changed: a new History filter searches the whole history file, and the selection on the
    /// last History row reads the next page of older entries.
    func pageHistoryIfDue(_ s: inout AppState) -> [Command<AppMessage>] {
        guard s.sidebar.section == .history else { return [] }
        let filter = s.sidebar.filter
        if filter != s.historyPaging.filter {
            s.historyPaging = HistoryPaging(filter: filter)
            return readHistoryPage(&s)
        }
        guard s.historyPaging.hasMore, !s.historyPaging.isLoading, s.sidebar.isOnLastHistoryRow else { return [] }
        s.historyPaging.limit += HistoryPaging.pageSize
        return readHistoryPage(&s)
    }

    /// The read of the page `s.historyPaging` asks for, marked as under way; none without a data folder.
    private func readHistoryPage(_ s: inout AppState) -> [Command<AppMessage>] {
        guard let read = effects.searchHistory(filter: s.historyPaging.filter, limit: s.historyPaging.limit) else {
            s.historyPaging.hasMore = false
            return []
        }
        s.historyPaging.isLoading = true
        return [read]
    }

    /// A page of the history was read: its entries join the sidebar's, unless the filter changed meanwhile.
    func historySearched(filter: String, entries: [HistoryEntry], more: Bool, _ s: inout AppState) {
        guard filter == s.historyPaging.filter else { return }
        s.historyPaging.isLoading = false
        s.historyPaging.hasMore = more
        s.show(history: entries)
    }
}
