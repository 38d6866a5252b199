import Foundation
import RequestKit
import RequestStore
import TUICore

extension ExplorerProgram {
    /// Carries out what the sidebar asked for: open, resend, rename, duplicate, delete, or a notice.
    func sidebarEffect(_ effect: SidebarEffect, _ s: inout AppState) -> [Command<AppMessage>] {
        switch effect {
        case .openRequest(let id):
            guard let saved = s.sidebarContent.requests[id] else { return [] }
            if s.enterDataFolderCollection(ofSidebarID: id) != nil, s.listsDataFolderCollections { s.draftCollectionPath = s.collectionFile?.path }
            s.draft = RequestDraft(saved: saved)
            s.historySecretNames = []
            s.checkReport = CheckReport()
            s.lastSaved = s.draft.savedRequest
            s.focus = .url
            return fileCheckCommands(s)
        case .openHistoryEntry(let id), .resendHistoryEntry(let id):
            guard let entry = s.sidebarContent.history[id] else { return [] }
            s.draft = RequestDraft(saved: SidebarContent.savedRequest(from: entry))
            s.historySecretNames = HistoryReplay.variableNames(in: entry)
            s.checkReport = CheckReport()
            s.focus = .url
            s.openedHistoryEntry = entry.id
            if case .openHistoryEntry = effect, !s.send.isSending {
                s.viewer.clear()
                s.shownHistoryEntry = nil
                if let load = effects.loadStoredResponse(entry) { return [load] }
                s.viewer.fail(entry.error.map { "This request failed when it was sent (\($0)); Ctrl+R sends it again." }
                    ?? "This history entry holds no response; Ctrl+R sends the request again.")
            }
            if case .resendHistoryEntry = effect {
                return startSend(&s)
            }
        case .rename(let target):
            guard target.kind != .historyEntry else {
                s.notice = "History entries keep the name of their request; open one and save it to name it."
                return []
            }
            var field = TextFieldState(text: target.name)
            field.moveCursor(to: target.name.count)
            s.overlay = .rename(target, field)
        case .duplicate(let target):
            return editCollection(&s, target: target) { CollectionEditing.duplicate($1, in: &$0) }
        case .confirmDelete(let target):
            s.overlay = .confirmDelete(target)
        case .notify(let message):
            s.notice = message
        }
        return []
    }

    /// Applies an edit to the collection of the target (given the target's id inside it), shows it, and saves the file.
    func editCollection(_ s: inout AppState, target: SidebarTarget, _ edit: (inout RequestCollection, String) -> Bool) -> [Command<AppMessage>] {
        guard let id = s.enterDataFolderCollection(ofSidebarID: target.id) else {
            let file = s.collectionFile.map { " (\($0.path))" } ?? ""
            s.notice = "'\(target.name)' is a collection file\(file): rename, copy or remove the file itself; its folders and requests can be edited here."
            return []
        }
        guard var collection = s.collection else {
            s.notice = "No collection is open; start curlew with a collection file or folder."
            return []
        }
        guard edit(&collection, id) else {
            s.notice = "'\(target.name)' is no longer in the collection."
            return []
        }
        s.open(collection: collection, baseDirectory: s.baseDirectory)
        guard let file = s.collectionFile else { return [] }
        return [effects.saveCollection(collection, file: file)]
    }
}
