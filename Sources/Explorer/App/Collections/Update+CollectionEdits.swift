import RequestStore
import TUICore

extension AppState {
    /// The id inside the open collection that a sidebar id names (`f:0`, `r:0/1`; empty for a listed collection's own
    /// folder), entering the listed collection it belongs to; nil when that collection is no longer listed.
    mutating func enterCollection(ofSidebarID id: String) -> String? {
        guard let listed = dataFolderCollections, let parts = DataFolderCollections.split(id) else { return id }
        guard let file = listed.file(named: parts.fileName) else { return nil }
        enter(file)
        return parts.inner ?? ""
    }

    /// The sidebar id of an id inside the open collection.
    func sidebarID(ofInner inner: String) -> String {
        guard listsDataFolderCollections, let path = collectionFile?.path else { return inner }
        return inner.isEmpty ? DataFolderCollections.folderID(of: path) : DataFolderCollections.id(inner, inCollectionAt: path)
    }

    /// Selects the sidebar row of an id inside the open collection, opening the folders around it.
    mutating func selectCollectionItem(_ inner: String) {
        var folders: [String] = []
        if listsDataFolderCollections, let path = collectionFile?.path { folders.append(DataFolderCollections.folderID(of: path)) }
        let path: [Int]
        switch CollectionEditing.address(of: inner) {
        case .folder(let indices)?: path = Array(indices.dropLast())
        case .request(let indices, _)?: path = indices
        case nil: path = []
        }
        for depth in path.indices {
            folders.append(sidebarID(ofInner: CollectionEditing.containerID(of: Array(path[...depth]))))
        }
        sidebar.expand(folders)
        sidebar.select(id: sidebarID(ofInner: inner), in: .collection)
    }
}

extension ExplorerProgram {
    /// Applies an edit to the collection holding the sidebar id (the edit gets the id inside the collection and returns
    /// the id to select after it, or nil when it did not apply), keeps the collection before it for one undo, shows
    /// the result and saves the file with Ctrl+S's conflict rules. `done` says what the edit did, for the notices.
    func editCollection(_ s: inout AppState, at sidebarID: String, name: String, allowsTopLevel: Bool = false, done: String,
                        failure: String? = nil, _ edit: (inout RequestCollection, String) -> String?) -> [Command<AppMessage>] {
        guard let id = s.enterCollection(ofSidebarID: sidebarID) else {
            s.notice = "'\(name)' is no longer in the data folder."
            return []
        }
        guard allowsTopLevel || !id.isEmpty else {
            let file = s.collectionFile.map { " (\($0.path))" } ?? ""
            s.notice = "'\(name)' is a collection file\(file): rename, copy or remove the file itself; its folders and requests can be edited here."
            return []
        }
        guard var collection = s.collection else {
            s.notice = "No collection is open; start curlew with a collection file or folder."
            return []
        }
        let before = collection
        guard let selected = edit(&collection, id) else {
            s.notice = failure ?? "'\(name)' is no longer in the collection."
            return []
        }
        s.collectionUndo = CollectionUndo(path: s.collectionFile?.path, before: before, after: collection, description: done,
                                          selectedID: s.sidebar.selectedIDs[.collection])
        s.open(collection: collection, baseDirectory: s.baseDirectory)
        if !selected.isEmpty { s.selectCollectionItem(selected) }
        s.notice = done + " (u undoes it)."
        guard let file = s.collectionFile else { return [] }
        s.saveNote = s.notice
        return [effects.saveCollection(collection, file: file)]
    }

    /// Adds a request (opened in a tab, its URL focused) or a folder (its name asked at once) inside a folder.
    func addToCollection(_ item: SidebarNewItem, inFolder folderID: String, _ s: inout AppState) -> [Command<AppMessage>] {
        guard s.collection != nil || s.listsDataFolderCollections else {
            s.notice = "No collection is open; start curlew with a collection file or folder to add requests to it."
            return []
        }
        if s.listsDataFolderCollections, folderID.isEmpty {
            s.notice = "Select a collection or one of its folders first; the new \(item == .request ? "request" : "folder") goes inside it."
            return []
        }
        var added: String?
        let failure = item == .folder
            ? "No folder was added: its folder is no longer in the collection, or folders there would nest more than \(FolderDepth.maximum) deep."
            : "No request was added: its folder is no longer in the collection."
        let commands = editCollection(&s, at: folderID, name: "The folder", allowsTopLevel: true,
                                      done: item == .request ? "Added a request" : "Added a folder", failure: failure) { collection, inner in
            added = item == .request
                ? CollectionEditing.addRequest(inFolder: inner, to: &collection)
                : CollectionEditing.addFolder(inFolder: inner, to: &collection)
            return added
        }
        guard let added, let row = s.sidebar.selectedRow else { return commands }
        switch (item, row.content) {
        case (.request, _):
            return commands + sidebarEffect(.openRequest(id: s.sidebarID(ofInner: added)), &s)
        case (.folder, .folder(let name, _)):
            var field = TextFieldState(text: name)
            field.moveCursor(to: name.count)
            s.overlay = .rename(SidebarTarget(id: row.id, name: name, kind: .folder), field)
            return commands
        default:
            return commands
        }
    }

    /// Opens the "Move to" picker for a request or folder, or says why it cannot move.
    func openMovePicker(_ target: SidebarTarget, _ s: inout AppState) {
        guard let id = s.enterCollection(ofSidebarID: target.id), !id.isEmpty, let collection = s.collection else {
            s.notice = "'\(target.name)' is a collection file: its folders and requests can be moved, not the file itself."
            return
        }
        s.overlay = .movePicker(MovePicker(target: target, destinations: CollectionEditing.destinations(for: id, in: collection)))
    }

    /// Keys in the "Move to" picker: typing filters, arrows choose, Enter moves, Esc cancels.
    func handleMovePickerKey(_ key: KeyEvent, picker: MovePicker, _ s: inout AppState) -> [Command<AppMessage>] {
        var picker = picker
        switch key.key {
        case .escape:
            s.overlay = nil
        case .up:
            picker.selected = max(0, picker.selected - 1)
            s.overlay = .movePicker(picker)
        case .down:
            picker.selected = min(max(0, picker.matches.count - 1), picker.selected + 1)
            s.overlay = .movePicker(picker)
        case .enter:
            guard let destination = picker.selectedDestination else {
                s.notice = picker.destinations.isEmpty ? "There is no other folder to move '\(picker.target.name)' to." : "No folder matches '\(picker.query.text)'."
                return []
            }
            s.overlay = nil
            let target = picker.target
            return editCollection(&s, at: target.id, name: target.name, done: "Moved '\(target.name)' to '\(destination.title)'") { collection, id in
                CollectionEditing.move(id, toFolder: destination.id, in: &collection)
            }
        default:
            if picker.query.handle(key) { picker.selected = 0 }
            s.overlay = .movePicker(picker)
        }
        return []
    }

    /// Swaps a request or folder with its neighbour, or says it is already first or last.
    func reorderInCollection(_ target: SidebarTarget, by offset: Int, _ s: inout AppState) -> [Command<AppMessage>] {
        guard let id = s.enterCollection(ofSidebarID: target.id), !id.isEmpty, var probe = s.collection else {
            s.notice = "'\(target.name)' is a collection file: the data folder lists its collections by name."
            return []
        }
        guard CollectionEditing.reorder(id, by: offset, in: &probe) != nil else {
            let kind = target.kind == .folder ? "folder" : "request"
            s.notice = "'\(target.name)' is already the \(offset < 0 ? "first" : "last") \(kind) of its folder."
            return []
        }
        return editCollection(&s, at: target.id, name: target.name, done: "Moved '\(target.name)' \(offset < 0 ? "up" : "down")") { collection, id in
            CollectionEditing.reorder(id, by: offset, in: &collection)
        }
    }

    /// Puts the collection back as it was before the last sidebar edit, once, if nothing has changed it since.
    func undoCollectionEdit(_ s: inout AppState) -> [Command<AppMessage>] {
        guard let undo = s.collectionUndo else {
            s.notice = "Nothing to undo: new, rename, duplicate, move and delete in the sidebar can be undone, once."
            return []
        }
        if let path = undo.path, path != s.collectionFile?.path, let file = s.dataFolderCollections?.file(at: path) { s.enter(file) }
        guard undo.path == s.collectionFile?.path, undo.isCurrent(s.collection) else {
            s.collectionUndo = nil
            s.notice = "Not undone: the collection has changed since (\(undo.description.lowercasedFirst)); nothing was changed."
            return []
        }
        s.collectionUndo = nil
        s.open(collection: undo.before, baseDirectory: s.baseDirectory)
        if let selected = undo.selectedID { s.sidebar.select(id: selected, in: .collection) }
        s.notice = "Undone: \(undo.description.lowercasedFirst)."
        guard let file = s.collectionFile else { return [] }
        s.saveNote = s.notice
        return [effects.saveCollection(undo.before, file: file)]
    }
}

extension String {
    /// The text with its first character lowercased ("Moved 'x'" → "moved 'x'").
    var lowercasedFirst: String {
        guard let first else { return self }
        return first.lowercased() + dropFirst()
    }
}
