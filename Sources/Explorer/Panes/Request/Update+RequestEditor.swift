import TUICore

extension ExplorerProgram {
    /// Carries out a request pane action on the shown draft, then what the pane asks of the app.
    func requestEditorAction(_ action: RequestEditorAction, _ s: inout AppState) -> [Command<AppMessage>] {
        let inherited = s.editor.tab == .headers ? s.inheritedHeaders : []
        guard let effect = s.shown.editor.apply(action, to: &s.shown.draft, inherited: inherited) else { return [] }
        switch effect {
        case .notify(let text):
            s.notice = text
        case .focus:
            s.focus = .request
        case .focusNextPane:
            return perform(.focusNext, &s)
        case .askForFile:
            s.overlay = .addFile(TextFieldState())
        case .checkFiles:
            return fileCheckCommands(s)
        case .editExternally(let text, let json):
            return [effects.editExternally(text, json: json)].routed(to: s.tabs.activeID)
        }
        return []
    }
}
