import RequestStore
import TUICore

extension ExplorerProgram {
    /// `env.switch`: the palette, listing the environments beside the collection and "none", the active one selected and marked.
    func switchEnvironmentAction(_ s: inout AppState) {
        guard !s.environments.isEmpty else {
            s.notice = "No environments beside the collection; add NAME.env.json next to it (see docs/collection-format.md)."
            return
        }
        var palette = PaletteState()
        palette.query.insert("environment: ")
        let matches = PaletteEntry.matching(palette.query.text, in: PaletteEntry.all(for: s))
        palette.selected = matches.firstIndex { $0.action == "env:" + (s.activeEnvironment ?? "") } ?? 0
        s.overlay = .palette(palette)
    }

    /// The environments were read from disk: the list is replaced, the active one's variables refreshed, and the
    /// switcher opened when asked (unless another box opened meanwhile).
    func environmentsLoaded(_ files: [EnvironmentFile], problems: [String], openSwitcher: Bool, _ s: inout AppState) {
        s.environments = files
        if let active = s.activeEnvironment, !s.activate(environment: active) {
            s.activate(environment: nil)
            s.notice = "The environment '\(active)' is gone from disk; no environment is active now."
        }
        if let problem = problems.first { s.notice = "Not listed: " + problem }
        if openSwitcher, s.overlay == nil {
            let notice = s.notice
            switchEnvironmentAction(&s)
            if let notice, s.overlay != nil { s.notice = notice }
        }
    }

    /// A palette entry `env:NAME` (empty name for none) was chosen.
    func chooseEnvironment(_ name: String, _ s: inout AppState) {
        if name.isEmpty {
            s.activate(environment: nil)
            s.notice = "No environment: {{variables}} come from the collection only."
        } else if s.activate(environment: name) {
            s.notice = "Environment '\(name)' is active."
        } else {
            s.notice = "There is no environment '\(name)' any more."
        }
    }

    /// `variables.edit`: opens the editor on the active environment's variables and the collection's.
    func editVariablesAction(_ s: inout AppState) {
        var sections: [VariablesEditor.Section] = []
        if let file = s.activeEnvironmentFile {
            sections.append(VariablesEditor.Section(scope: .environment(file.document.name),
                                                    title: "Environment '\(file.document.name)' · \(Self.fileName(file.path))", variables: file.document.variables))
        }
        if let file = s.collectionFile {
            let collection = s.collection ?? file.document
            sections.append(VariablesEditor.Section(scope: .collection, title: "Collection '\(collection.name)' · \(Self.fileName(file.path))",
                                                    variables: collection.variables))
        }
        guard !sections.isEmpty else {
            s.notice = "No collection file is open, so there are no variables to edit; start curlew with a collection file or folder."
            return
        }
        var editor = VariablesEditor(sections: sections)
        editor.commandLine = s.variables.commandLine
        editor.layers = s.draftVariableLayers
        editor.collectionName = s.collection?.name ?? s.collectionFile?.document.name ?? ""
        let effective = s.effectiveSettings(of: s.draft.savedRequest)
        let templates = [String(describing: s.draft.savedRequest), String(describing: effective.headers), String(describing: effective.auth)]
        editor.usedNames = templates.flatMap { VariableResolver.references(in: $0, scope: s.draftScope).map(\.name) }
        s.overlay = .variables(editor)
    }

    /// The last component of a path.
    static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// Keys of the variables editor.
    func handleVariablesKey(_ key: KeyEvent, editor: VariablesEditor, _ s: inout AppState) -> [Command<AppMessage>] {
        var editor = editor
        if var field = editor.editor {
            switch key.key {
            case .enter: editor.commitEditing()
            case .escape: editor.cancelEditing()
            case .tab:
                editor.commitEditing()
                editor.column = 1 - editor.column
                if editor.column == 1 { editor.beginEditing() }
            default:
                _ = field.handle(key)
                editor.editor = field
            }
            s.overlay = .variables(editor)
            return []
        }
        switch key.key {
        case .escape:
            s.overlay = nil
            if editor.isModified { s.notice = "Variable edits not saved (Ctrl+S in the editor saves them)." }
            return []
        case .char("s") where key.modifiers == .ctrl:
            return saveVariables(editor, force: false, &s)
        case .up: editor.move(by: -1)
        case .down: editor.move(by: 1)
        case .left, .right, .tab: editor.column = 1 - editor.column
        case .enter: editor.beginEditing()
        case .char("a"), .insert: editor.addRow()
        case .char("d"), .delete: editor.deleteRow()
        case .char(" "): editor.toggleEnabled()
        case .char("s"): editor.toggleSecret()
        case .char("v"): editor.revealsSecrets.toggle()
        default: break
        }
        s.overlay = .variables(editor)
        return []
    }

    /// Saves the editor's changed groups, or says why not.
    func saveVariables(_ editor: VariablesEditor, force: Bool, _ s: inout AppState) -> [Command<AppMessage>] {
        if let problem = editor.problems.first {
            s.overlay = .variables(editor)
            s.notice = "Not saved: " + problem
            return []
        }
        guard editor.isModified else {
            s.overlay = .variables(editor)
            s.notice = "Nothing to save; the variables are as their files hold them."
            return []
        }
        s.overlay = .variables(editor)
        s.notice = "Saving the variables…"
        return [effects.saveVariables(editor, environment: s.activeEnvironmentFile, collectionFile: s.collectionFile,
                                      collection: s.collection, force: force)]
    }

    /// Keys of the conflict dialog of a variables save: o overwrites, r reloads the files (the edits stay in the editor), Esc cancels.
    func handleVariablesConflictKey(_ key: KeyEvent, editor: VariablesEditor, paths: [String], _ s: inout AppState) -> [Command<AppMessage>] {
        switch key.key {
        case .char("o"), .char("O"):
            return saveVariables(editor, force: true, &s)
        case .char("r"), .char("R"):
            s.overlay = .variables(editor)
            return [effects.reloadVariableFiles(editor, environmentPath: s.activeEnvironmentFile?.path, collectionPath: s.collectionFile?.path)]
        case .escape, .char("c"), .char("C"):
            s.overlay = .variables(editor)
            s.notice = "Not saved; \(paths.joined(separator: " and ")) unchanged, and your edits are still in the editor."
        default:
            break
        }
        return []
    }

    /// Takes in the files a save or reload left, then closes the editor, or reopens it on what is still unsaved.
    func variablesSaved(_ outcome: VariablesSaveOutcome, reloaded: Bool, _ s: inout AppState) {
        var editor = outcome.editor
        if let file = outcome.environment {
            if let index = s.environments.firstIndex(where: { $0.path == file.path }) { s.environments[index] = file }
            if s.activeEnvironment == file.document.name { s.variables.environment = file.document.variables }
            for i in editor.sections.indices where editor.sections[i].scope == .environment(file.document.name) {
                editor.sections[i].original = file.document.variables
                if !reloaded { editor.sections[i].variables = file.document.variables }
            }
        }
        if let file = outcome.collection {
            s.collectionFile = file
            s.open(collection: file.document, baseDirectory: s.baseDirectory ?? file.baseDirectory)
            s.variables.collection = file.document.variables
            for i in editor.sections.indices where editor.sections[i].scope == .collection {
                editor.sections[i].original = file.document.variables
                if !reloaded { editor.sections[i].variables = file.document.variables }
            }
        }
        if let failure = outcome.failure {
            s.overlay = .variables(editor)
            s.notice = failure
        } else if !outcome.conflicts.isEmpty {
            s.overlay = .variablesConflict(editor, paths: outcome.conflicts)
        } else if reloaded {
            s.overlay = .variables(editor)
            s.notice = "Reloaded; your edits are still here, and Ctrl+S saves them into the files as now stored."
        } else {
            s.overlay = nil
            s.notice = "Saved the variables."
        }
    }
}
