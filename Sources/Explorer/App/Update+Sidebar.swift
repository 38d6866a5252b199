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
            s.focus = .url
            if let savedID = saved.id, let open = s.tabID(editingSaved: savedID) {
                s.showTab(id: open)
                return []
            }
            let draft = RequestDraft(saved: saved)
            s.openTab(draft, lastSaved: draft.savedRequest)
            return fileCheckCommands(s)
        case .openHistoryEntry(let id), .resendHistoryEntry(let id):
            guard let entry = s.sidebarContent.history[id] else { return [] }
            let draft = RequestDraft(saved: SidebarContent.savedRequest(from: entry))
            s.openTab(draft, baseline: draft.savedRequest)
            s.historySecretNames = HistoryReplay.variableNames(in: entry)
            s.focus = .url
            s.openedHistoryEntry = entry.id
            if case .openHistoryEntry = effect, !s.isSendingHere, let load = effects.loadStoredResponse(entry) {
                return [load].routed(to: s.tabs.activeID)
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
            return editCollection(&s, target: target) { CollectionEditing.duplicate(target.id, in: &$0) }
        case .confirmDelete(let target):
            s.overlay = .confirmDelete(target)
        case .notify(let message):
            s.notice = message
        }
        return []
    }

    /// Applies an edit to the open collection, shows it, and saves the file.
    func editCollection(_ s: inout AppState, target: SidebarTarget, _ edit: (inout RequestCollection) -> Bool) -> [Command<AppMessage>] {
        guard var collection = s.collection else {
            s.notice = "No collection is open; start curlew with a collection file or folder."
            return []
        }
        guard edit(&collection) else {
            s.notice = "'\(target.name)' is no longer in the collection."
            return []
        }
        s.open(collection: collection, baseDirectory: s.baseDirectory)
        guard let file = s.collectionFile else { return [] }
        return [effects.saveCollection(collection, file: file)]
    }
}
