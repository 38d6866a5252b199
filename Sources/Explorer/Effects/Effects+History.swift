import RequestStore
import TUICore

extension Effects {
    /// Deletes one history entry and its stored body; nothing without a data folder.
    func deleteHistoryEntry(id: String) -> Command<AppMessage>? {
        guard let paths = storePaths else { return nil }
        return .perform {
            do {
                _ = try HistoryStore(paths: paths).delete(ids: [id])
                return .historyEntryDeleted(entryID: id, error: nil)
            } catch {
                return .historyEntryDeleted(entryID: id, error: "The history entry was not deleted: \(error)")
            }
        }
    }
}
