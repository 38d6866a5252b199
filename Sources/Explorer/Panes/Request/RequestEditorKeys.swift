import TUICore

extension RequestEditorState {
    /// The action of a key that no binding took: a move of the shown tab's selection, or a key for the field
    /// being edited; nil when the shown tab has no use for it.
    public func handle(key: KeyEvent, draft: RequestDraft) -> RequestEditorAction? {
        if isEditingField(in: draft) { return .type(key) }
        switch tab {
        case .params, .headers, .files, .options:
            return Self.move(for: key)
        case .body:
            switch draft.bodyMode {
            case .none: return nil
            case .json, .raw, .graphQL, .file: return .type(key)
            case .form, .multipart: return Self.move(for: key)
            }
        case .auth:
            guard !AuthField.shown(for: draft.authMode).isEmpty else { return nil }
            switch key.key {
            case .up: return .move(.up)
            case .down, .enter: return .move(.down)
            default: return .type(key)
            }
        case .checks:
            return .type(key)
        }
    }

    /// The action of the mouse over the request pane: a click on the tab bar (`tabs`) shows a tab, a click in
    /// the content (`content`) selects a row, the wheel scrolls.
    public func handle(mouse: MouseEvent, tabs: Rect, content: Rect) -> RequestEditorAction? {
        switch mouse.kind {
        case .wheelUp: return .scroll(-3)
        case .wheelDown: return .scroll(3)
        case .press(.left):
            if tabs.contains(mouse.position) {
                let bar = Tabs(titles: RequestTab.allCases.map(\.title), selected: tab.rawValue)
                return bar.tab(atX: mouse.x, area: tabs).map { .showTab(RequestTab.allCases[$0]) }
            }
            guard content.contains(mouse.position) else { return nil }
            return .click(row: mouse.y - content.y)
        default:
            return nil
        }
    }

    /// True while a one-line field of the shown tab is open for editing (a table cell, an Options value, a file
    /// part's field name), so every key goes to it.
    func isEditingField(in draft: RequestDraft) -> Bool {
        switch tab {
        case .params, .headers: return table(of: draft)?.isEditing == true
        case .body: return (draft.bodyMode == .form || draft.bodyMode == .multipart) && draft.formFields.isEditing
        case .files: return draft.filePartNameEditor != nil
        case .options: return optionsEditor != nil
        case .auth, .checks: return false
        }
    }

    /// The move a navigation key asks for, nil for other keys.
    static func move(for key: KeyEvent) -> RequestEditorAction? {
        switch key.key {
        case .up: return .move(.up)
        case .down: return .move(.down)
        case .pageUp: return .move(.pageUp)
        case .pageDown: return .move(.pageDown)
        case .home: return .move(.first)
        case .end: return .move(.last)
        default: return nil
        }
    }
}
