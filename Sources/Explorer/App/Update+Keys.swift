import RequestKit
import RequestStore
import TUICore

extension ExplorerProgram {
    /// Routes a key: overlay first, then bound actions, then the focused pane's editor.
    func handleKey(_ key: KeyEvent, _ s: inout AppState) -> [Command<AppMessage>] {
        if s.keyMap.action(for: key, in: []) == AppAction.appQuit.rawValue { return perform(.appQuit, &s) }
        if s.overlay != nil { return handleOverlayKey(key, &s) }
        if s.focusedComponent.takesKeyFirst(key, in: s) { return handlePaneKey(key, &s) }
        if key.key == .escape, s.send.isSending { return perform(.requestCancel, &s) }
        let plainCharacter: Bool = {
            if case .char = key.key { return key.modifiers.subtracting(.shift).isEmpty }
            return false
        }()
        if !(s.isTyping && plainCharacter), let action = s.keyMap.action(for: key, in: s.keyContexts) {
            return perform(action, &s)
        }
        return handlePaneKey(key, &s)
    }

    /// Keys that no binding took: editing and moving inside the focused pane.
    func handlePaneKey(_ key: KeyEvent, _ s: inout AppState) -> [Command<AppMessage>] {
        s.focusedComponent.handle(key: key, self, &s)
    }

    /// After an edit of the URL bar: take a leading method, then re-read the Params table.
    func urlEdited(_ s: inout AppState) {
        if let (method, rest) = URLBarParsing.leadingMethod(in: s.draft.url.text), !URLBarParsing.isCurlCommand(s.draft.url.text) {
            s.draft.method = method
            var field = TextFieldState(text: rest)
            field.moveCursor(to: rest.count)
            s.draft.url = field
        }
        s.draft.syncParamsFromURL()
    }

    /// Keys of the request pane that no binding took.
    func handleRequestKey(_ key: KeyEvent, _ s: inout AppState) -> [Command<AppMessage>] {
        guard let action = s.editor.handle(key: key, draft: s.draft) else { return [] }
        return requestEditorAction(action, &s)
    }

    /// Pasted text: a curl command imports; otherwise it goes into the focused editor whole.
    func handlePaste(_ text: String, _ s: inout AppState) -> [Command<AppMessage>] {
        if case .addFile(var field) = s.overlay {
            field.insert(text.replacingLineBreaks(with: ""))
            s.overlay = .addFile(field)
            return []
        }
        if case .saveRequest(var form) = s.overlay {
            let line = text.replacingLineBreaks(with: "")
            switch form.field {
            case .name: form.name.insert(line)
            case .folder: form.folder.insert(line)
            }
            s.overlay = .saveRequest(form)
            return []
        }
        if case .secretPrompt(var prompt) = s.overlay {
            prompt.field.insert(text.replacingLineBreaks(with: ""))
            s.overlay = .secretPrompt(prompt)
            return []
        }
        if case .runData(var field) = s.overlay {
            field.insert(text.replacingLineBreaks(with: ""))
            s.overlay = .runData(field)
            return []
        }
        if case .compareFile(var field, let current) = s.overlay {
            field.insert(text.replacingLineBreaks(with: ""))
            s.overlay = .compareFile(field, current: current)
            return []
        }
        if case .variables(var editor) = s.overlay, var field = editor.editor {
            field.insert(text.replacingLineBreaks(with: ""))
            editor.editor = field
            s.overlay = .variables(editor)
            return []
        }
        if s.overlay != nil { return [] }
        if s.focusedComponent.importsPastedCurl(in: s), URLBarParsing.isCurlCommand(text) {
            return importCurl(text, &s)
        }
        return s.focusedComponent.handle(paste: text, self, &s)
    }

    /// Replaces the draft with a curl command line, keeping the old one if the command cannot be read.
    func importCurl(_ text: String, _ s: inout AppState) -> [Command<AppMessage>] {
        do {
            let imported = try CurlImporter.parse(text)
            guard let first = imported.first else {
                s.notice = "No curl command found in the pasted text."
                return []
            }
            let (saved, warnings) = first.savedRequest(name: s.draft.name)
            if s.draft.savedID == nil, s.draft.url.text == text {
                // The command was typed into the URL bar of a tab holding nothing else: it is replaced in that tab.
                var rest = s.draft
                rest.url = TextFieldState()
                rest.params = KeyValueTable()
                if rest.isUntouchedEmpty { s.draft = rest }
            }
            s.openTab(RequestDraft(saved: saved))
            s.focus = .url
            s.editor.tab = RequestEditorState.firstTab(for: s.draft)
            s.editor.inheritedHeaderRow = nil
            s.notice = warnings.isEmpty
                ? "Imported the curl command."
                : "Imported the curl command; " + warnings.map { "\($0)" }.joined(separator: "; ")
            let inherited = s.inheritedHeaders.count
            if inherited > 0 {
                s.notice = (s.notice ?? "") + " The collection's \(inherited) inherited header\(inherited == 1 ? "" : "s") apply too: "
                    + "see them in the Headers tab, where Space switches one off."
            }
            if Self.holdsCredentials(saved) {
                s.notice = (s.notice ?? "") + " Its credentials stay in this tab until Ctrl+S saves it into secret variables."
            }
            return fileCheckCommands(s)
        } catch {
            s.notice = "Could not import the curl command: \(error)"
            return []
        }
    }
}

extension ExplorerProgram {
    /// Whether a pasted request carries credentials that a save moves into secret variables.
    static func holdsCredentials(_ saved: SavedRequest) -> Bool {
        var extracted = saved
        var variables: [Variable] = []
        ImportedCredentials.extract(from: &extracted, into: &variables)
        return !variables.isEmpty
    }
}

extension String {
    /// The text with every line break replaced by `replacement`.
    func replacingLineBreaks(with replacement: String) -> String {
        split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }).joined(separator: replacement)
    }
}
