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
            // A listed collection's request belongs to its file: the tab opened for it saves into that file.
            let entered = s.enterDataFolderCollection(ofSidebarID: id) != nil
            let file = entered && s.listsDataFolderCollections ? s.collectionFile?.path : nil
            s.focus = .url
            if let savedID = saved.id, let open = s.tabID(editingSaved: savedID, collectionPath: file) {
                s.showTab(id: open)
                return []
            }
            let draft = RequestDraft(saved: saved)
            s.openTab(draft, lastSaved: draft.savedRequest)
            s.draftCollectionPath = file
            return fileCheckCommands(s)
        case .openHistoryEntry(let id), .resendHistoryEntry(let id):
            guard let entry = s.sidebarContent.history[id] else { return [] }
            let draft = RequestDraft(saved: s.withoutInheritedHeaders(SidebarContent.savedRequest(from: entry)))
            s.openTab(draft, baseline: draft.savedRequest)
            s.historySecretNames = HistoryReplay.variableNames(in: entry)
            s.focus = .url
            s.openedHistoryEntry = entry.id
            if case .openHistoryEntry = effect, !s.isSendingHere {
                s.viewer.clear()
                s.shownHistoryEntry = nil
                if let load = effects.loadStoredResponse(entry) { return [load].routed(to: s.tabs.activeID) }
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
