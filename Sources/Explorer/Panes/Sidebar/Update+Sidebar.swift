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
            return editCollection(&s, target: target, done: "Duplicated '\(target.name)'") { CollectionEditing.duplicate($1, in: &$0) }
        case .add(let item, let folder):
            return addToCollection(item, inFolder: folder, &s)
        case .move(let target):
            openMovePicker(target, &s)
        case .reorder(let target, let offset):
            return reorderInCollection(target, by: offset, &s)
        case .undoEdit:
            return undoCollectionEdit(&s)
        case .settings(let folder):
            openSettings(ofFolder: folder, &s)
        case .confirmDelete(let target):
            s.overlay = .confirmDelete(target)
        case .notify(let message):
            s.notice = message
        }
        return []
    }

    /// Applies an edit that reports only whether it found the target, keeping the selection where it is.
    func editCollection(_ s: inout AppState, target: SidebarTarget, done: String, _ edit: (inout RequestCollection, String) -> Bool) -> [Command<AppMessage>] {
        editCollection(&s, at: target.id, name: target.name, done: done) { collection, id in edit(&collection, id) ? "" : nil }
    }
}
