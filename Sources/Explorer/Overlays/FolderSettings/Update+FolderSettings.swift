import RequestStore
import TUICore

extension ExplorerProgram {
    /// Opens the settings editor of a folder (by sidebar id), or of the collection for an empty id or a listed
    /// collection's own folder.
    func openSettings(ofFolder sidebarID: String, _ s: inout AppState) {
        guard let id = s.enterCollection(ofSidebarID: sidebarID), let collection = s.collection else {
            s.notice = "No collection is open; start curlew with a collection file or folder to edit its settings."
            return
        }
        guard let settings = CollectionEditing.settings(of: id, in: collection) else {
            s.notice = "That folder is no longer in the collection."
            return
        }
        let title: String
        if id.isEmpty {
            title = "Collection '\(collection.name)'"
        } else {
            let path = CollectionEditing.containerPath(of: id) ?? []
            title = "Folder '\(CollectionEditing.folder(at: path, in: collection)?.name ?? "")'"
        }
        s.overlay = .folderSettings(FolderSettingsEditor(sidebarID: s.sidebarID(ofInner: id), title: title, isCollection: id.isEmpty, settings: settings))
    }

    /// Keys of the settings editor: arrows move, Enter edits a cell (Enter keeps, Esc drops, Tab goes to a header's or
    /// variable's value), Space changes the auth type or turns a header or variable on or off, a adds and d deletes one
    /// (a variable on the variable rows, else a header), v shows
    /// secrets, Ctrl+S saves and closes, Esc closes and drops what was not saved.
    func handleFolderSettingsKey(_ key: KeyEvent, editor: FolderSettingsEditor, _ s: inout AppState) -> [Command<AppMessage>] {
        var editor = editor
        if editor.field != nil {
            switch key.key {
            case .enter: editor.commitEditing()
            case .escape: editor.field = nil
            case .tab:
                editor.commitEditing()
                if editor.hasTwoCells, editor.column == 0 {
                    editor.column = 1
                    editor.startEditing()
                }
            default: _ = editor.field?.handle(key)
            }
            s.overlay = .folderSettings(editor)
            return []
        }
        if key.key == .char("s"), key.modifiers == .ctrl { return saveFolderSettings(editor, &s) }
        switch key.key {
        case .escape:
            s.overlay = nil
            if editor.isModified { s.notice = "\(editor.title): the changes were not saved." }
            return []
        case .up: editor.move(by: -1)
        case .down: editor.move(by: 1)
        case .left: editor.column = 0
        case .right, .tab: if editor.hasTwoCells { editor.column = 1 }
        case .enter:
            if editor.selectedRow == .authMode { editor.cycleAuth() } else { editor.startEditing() }
        case .char(" "):
            if editor.selectedRow == .authMode { editor.cycleAuth() } else { editor.toggleRow() }
        case .char("a"): editor.addRow()
        case .char("d"): editor.deleteRow()
        case .char("v"): editor.revealsSecrets.toggle()
        default: break
        }
        s.overlay = .folderSettings(editor)
        return []
    }

    /// Writes the settings into the collection (one undoable edit) and closes the editor, unless a header or a variable
    /// has no name.
    func saveFolderSettings(_ editor: FolderSettingsEditor, _ s: inout AppState) -> [Command<AppMessage>] {
        if let problem = editor.problem {
            s.notice = "Not saved: " + problem
            return []
        }
        s.overlay = nil
        guard editor.isModified else {
            s.notice = "\(editor.title): nothing changed."
            return []
        }
        let settings = editor.settings
        var movedSecrets: [String] = []
        let commands = editCollection(&s, at: editor.sidebarID, name: editor.title, allowsTopLevel: true, done: "Saved the settings of \(editor.title.lowercasedFirst)",
                                      failure: "Not saved: \(editor.title.lowercasedFirst) is no longer in the collection.") { collection, id in
            var stored = settings
            movedSecrets = Self.moveTypedCredentials(of: &stored, into: &collection.variables)
            return CollectionEditing.setSettings(stored, of: id, in: &collection) ? "" : nil
        }
        if let collection = s.collection { s.variables.collection = collection.variables }
        if !movedSecrets.isEmpty, let collection = s.collection {
            let names = movedSecrets.map { "{{\($0)}}" }.joined(separator: ", ")
            let note = "The typed credential is now the secret variable \(names) of the collection, its value in \(s.collectionFile?.secretsPath ?? "its secrets file")."
            s.saveNote = (s.saveNote.map { $0 + " " } ?? "") + note
            s.notice = (s.notice.map { $0 + " " } ?? "") + note
        }
        return commands
    }

    /// Turns a token, password or credential header typed in clear into a secret variable of the collection, as
    /// Ctrl+S does for a request (one already holding the same value is reused); returns the names of those added.
    static func moveTypedCredentials(of settings: inout ContainerSettings, into variables: inout [Variable]) -> [String] {
        var carrier = SavedRequest(name: "", url: "", headers: settings.headers, auth: settings.auth)
        let before = variables
        ImportedCredentials.extract(from: &carrier, into: &variables)
        settings.headers = carrier.headers
        settings.auth = carrier.auth
        return variables.filter { !before.contains($0) }.map(\.name)
    }
}
