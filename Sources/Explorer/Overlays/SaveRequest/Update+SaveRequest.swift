import Foundation
import RequestStore
import TUICore

extension ExplorerProgram {
    /// `request.save`: updates the collection request the draft came from, else asks for a name and a folder.
    /// `request.saveAs` always asks, and adds a new request.
    func saveRequestAction(asCopy: Bool, _ s: inout AppState) -> [Command<AppMessage>] {
        if let refusal = checksRefusal(&s) { return refusal }
        s.enterDataFolderCollection(holdingRequestID: s.draft.savedID)
        if !asCopy, let id = s.draft.savedID, let open = s.collection, let file = s.collectionFile,
           CollectionSaving.contains(id: id, in: open) {
            var saved = s.draft.savedRequest
            let secrets = moveTypedSecrets(of: &saved, &s)
            var collection = s.collection ?? open
            _ = CollectionSaving.update(saved, in: &collection)
            return secrets.commands + [effects.saveRequest(saved, in: collection, file: file)]
        }
        let name = s.draft.name.isEmpty || s.draft.name == "Untitled"
            ? CollectionSaving.suggestedName(method: s.draft.method.rawValue, url: s.draft.url.text)
            : (asCopy ? s.draft.name + " copy" : s.draft.name)
        // A copy of a saved request is offered its original's folder.
        let folder = s.draftFolders.map(\.name).joined(separator: "/")
        s.overlay = .saveRequest(SaveRequestForm(name: name, folder: folder, collection: s.collection, asCopy: asCopy))
        return []
    }

    /// Refuses to save while a Checks line does not parse: names the line and column, and puts the cursor there.
    func checksRefusal(_ s: inout AppState) -> [Command<AppMessage>]? {
        let problems = s.draft.checkProblems
        guard let first = problems.first, let error = first.problem else { return nil }
        let more = problems.count > 1 ? " (\(problems.count - 1) more line\(problems.count == 2 ? "" : "s") too)" : ""
        s.overlay = .message(title: "Request not saved", text: "Checks line \(first.number), column \(error.column): \(error.message)\(more). "
            + "Fix or delete the line in the Checks tab, then save again; your lines are kept in the draft meanwhile.")
        s.editor.tab = .checks
        s.focus = .request
        s.draft.checksText.moveCursor(row: first.number - 1, column: max(0, error.column - 1))
        return []
    }

    /// Keys of the save-request overlay: typing edits the focused input, Tab switches, ↑↓ pick a folder, Enter saves.
    func handleSaveRequestKey(_ key: KeyEvent, form: SaveRequestForm, _ s: inout AppState) -> [Command<AppMessage>] {
        var form = form
        switch key.key {
        case .escape:
            s.overlay = nil
            s.closesWhenSaved = false
            return []
        case .tab:
            form.field = form.field == .name ? .folder : .name
        case .up:
            form.field = .folder
            form.stepFolder(by: -1)
        case .down:
            form.field = .folder
            form.stepFolder(by: 1)
        case .enter:
            let name = form.name.text.trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else {
                s.notice = "Give the request a name to save it."
                return []
            }
            s.overlay = nil
            var saved = s.draft.savedRequest
            let secrets = moveTypedSecrets(of: &saved, &s)
            saved.name = name
            saved.id = nil
            let folder = CollectionSaving.components(of: form.folder.text).joined(separator: "/")
            guard var collection = s.collection, let file = s.collectionFile else {
                return secrets.commands + [effects.saveRequestToDefaultCollection(saved, folder: folder, secrets: secrets.added)]
            }
            CollectionSaving.add(saved, toFolder: folder, in: &collection)
            return secrets.commands + [effects.saveRequest(saved, in: collection, file: file)]
        default:
            switch form.field {
            case .name: _ = form.name.handle(key)
            case .folder: _ = form.folder.handle(key)
            }
        }
        s.overlay = .saveRequest(form)
        return []
    }

    /// The save finished: on success the collection is shown as stored and the draft is clean;
    /// on failure the message is shown and the draft and the open collection stay as they were.
    func requestSaved(_ result: Result<CollectionFile, SendFailure>, saved: SavedRequest, _ s: inout AppState) {
        switch result {
        case .success(let file):
            if s.adoptsAsOpenCollection(file) {
                s.collectionFile = file
                s.open(collection: file.document, baseDirectory: s.baseDirectory ?? file.baseDirectory)
            }
            if s.listsDataFolderCollections { s.sidebar.expand([DataFolderCollections.folderID(of: file.path)]) }
            var stored = saved
            if saved.id == nil, let collection = s.listsDataFolderCollections ? s.dataFolderCollections?.file(at: file.path)?.document : s.collection {
                stored.id = CollectionSaving.id(ofLast: saved, in: collection)
            }
            var unnamed = s.draft.savedRequest
            unnamed.id = saved.id
            unnamed.name = saved.name
            if s.draft.savedID == saved.id || unnamed == saved {
                if s.listsDataFolderCollections { s.draftCollectionPath = file.path }
                s.draft.savedID = stored.id
                s.draft.name = saved.name
                s.lastSaved = stored
            }
            s.notice = "Saved '\(saved.name)' to \(file.path)." + (s.saveNote.map { " " + $0 } ?? "")
        case .failure(let failure):
            s.closesWhenSaved = false
            s.overlay = .message(title: "Request not saved", text: failure.message)
        }
        s.saveNote = nil
    }

    /// Keys of the conflict dialog: o overwrites the file with curlew's version, r reloads it, Esc cancels; the panes are kept in every case.
    func handleSaveConflictKey(_ key: KeyEvent, conflict: SaveConflict, _ s: inout AppState) -> [Command<AppMessage>] {
        switch key.key {
        case .char("o"), .char("O"):
            s.overlay = nil
            if let saved = conflict.saved {
                return [effects.saveRequest(saved, in: conflict.collection, file: conflict.file, force: true)]
            }
            return [effects.saveCollection(conflict.collection, file: conflict.file, force: true)]
        case .char("r"), .char("R"):
            s.overlay = nil
            return [effects.reloadCollection(conflict.file.path)]
        case .escape, .char("c"), .char("C"):
            s.overlay = nil
            s.closesWhenSaved = false
            if conflict.saved == nil {
                // A sidebar edit was shown before it was saved; show the collection as its file holds it again.
                if s.adoptsAsOpenCollection(conflict.file) {
                    s.open(collection: conflict.file.document, baseDirectory: s.baseDirectory ?? conflict.file.baseDirectory)
                }
                s.notice = "Not saved; \(conflict.file.path) is unchanged and the sidebar shows it as curlew last read it."
            } else {
                s.notice = "Not saved; \(conflict.file.path) is unchanged and your edits are still in the panes."
            }
        default:
            break
        }
        return []
    }

    /// The collection was read again: show it as stored, and compare the draft with its request there.
    func collectionReloaded(_ result: Result<CollectionFile, SendFailure>, _ s: inout AppState) {
        switch result {
        case .success(let file):
            if s.adoptsAsOpenCollection(file) {
                s.collectionFile = file
                s.open(collection: file.document, baseDirectory: s.baseDirectory ?? file.baseDirectory)
                s.compareTabsWithCollection()
            }
            s.notice = "Reloaded \(file.path). Your edits are still in the panes; Ctrl+S saves them into it."
        case .failure(let failure):
            s.overlay = .message(title: "Collection not reloaded", text: failure.message)
        }
    }
}
