import RequestStore
import TUICore

extension RequestEditorState {
    /// Carries out `action` on `draft`, the request the pane edits; `inherited` are the collection's and
    /// folders' headers the draft inherits (the Headers tab lists them below its own). Returns what the app
    /// must do besides, if anything.
    public mutating func apply(_ action: RequestEditorAction, to draft: inout RequestDraft, inherited: [InheritedHeader]) -> RequestEditorEffect? {
        switch action {
        case .showTab(let shown):
            tab = shown
            return .focus
        case .move(let move):
            self.move(move, in: &draft, inherited: inherited)
        case .type(let key):
            type(key, into: &draft)
        case .paste(let text):
            paste(text, into: &draft)
        case .click(let row):
            click(row: row, in: &draft)
        case .scroll(let lines):
            scroll(lines, in: &draft)
        case .table(let tableAction):
            return apply(tableAction, to: &draft, inherited: inherited)
        case .cycleBodyMode:
            draft.bodyMode = draft.bodyMode.next
        case .pickBodyMode(let mode):
            draft.bodyMode = mode
            tab = .body
            return .focus
        case .nextBodyEditor:
            guard draft.bodyMode == .graphQL else { return .focusNextPane }
            draft.editsGraphQLVariables.toggle()
        case .formatBody:
            if inapplicableActionIDs(for: draft).contains(AppAction.bodyFormat.rawValue) {
                return .notify("Format JSON works on a JSON, raw or GraphQL body; this body is \(draft.bodyMode.title). Ctrl+T changes the mode.")
            }
            return formatBody(&draft)
        case .editBodyExternally:
            if inapplicableActionIDs(for: draft).contains(AppAction.bodyEditor.rawValue) {
                return .notify("$EDITOR edits a text body; this body is \(draft.bodyMode.title). Ctrl+T changes the mode.")
            }
            return .editExternally(text: draft.bodyText.text, json: draft.bodyMode == .json)
        case .addFile:
            return .askForFile
        case .deleteFile:
            if draft.files.indices.contains(draft.selectedFile) {
                draft.files.remove(at: draft.selectedFile)
                draft.selectedFile = max(0, min(draft.selectedFile, draft.files.count - 1))
            }
        case .toggleFile:
            if draft.files.indices.contains(draft.selectedFile) { draft.files[draft.selectedFile].enabled.toggle() }
        case .checkFiles:
            return .checkFiles
        case .renameFile:
            if draft.files.indices.contains(draft.selectedFile) {
                draft.filePartNameEditor = Self.field(draft.files[draft.selectedFile].fieldName)
            }
        case .cycleAuthMode:
            draft.authMode = draft.authMode.next
            authRow = AuthField.shown(for: draft.authMode).first ?? .token
        case .revealCredentials:
            revealsCredentials.toggle()
        case .editOption:
            if optionsRow.isToggle {
                draft.options.toggle(optionsRow)
            } else {
                optionsEditor = Self.field(draft.options.text(of: optionsRow))
            }
        }
        return nil
    }

    /// A one-line field holding `text` with the cursor at its end.
    static func field(_ text: String) -> TextFieldState {
        var field = TextFieldState(text: text)
        field.moveCursor(to: text.count)
        return field
    }

    /// Moves the selection of the shown tab.
    private mutating func move(_ move: RequestEditorMove, in draft: inout RequestDraft, inherited: [InheritedHeader]) {
        switch tab {
        case .params: Self.move(move, in: &draft.params)
        case .headers:
            if !moveAmongInheritedHeaders(move, own: draft.headers, count: inherited.count) { Self.move(move, in: &draft.headers) }
        case .body:
            if draft.bodyMode == .form || draft.bodyMode == .multipart { Self.move(move, in: &draft.formFields) }
        case .files:
            draft.selectedFile = Self.moved(draft.selectedFile, move, count: draft.files.count)
        case .auth:
            let rows = AuthField.shown(for: draft.authMode)
            switch move {
            case .up, .pageUp, .first: authRow = rows.first ?? authRow
            case .down, .pageDown, .last: authRow = rows.last ?? authRow
            }
        case .options:
            let all = RequestOptionsDraft.Field.allCases
            optionsRow = all[Self.moved(optionsRow.rawValue, move, count: all.count)]
        case .checks:
            break
        }
    }

    /// Moves a table's selected row.
    private static func move(_ move: RequestEditorMove, in table: inout KeyValueTable) {
        switch move {
        case .up: table.select(by: -1)
        case .down: table.select(by: 1)
        case .pageUp: table.select(by: -10)
        case .pageDown: table.select(by: 10)
        case .first: table.selected = 0
        case .last: table.selected = max(0, table.rows.count - 1)
        }
    }

    /// An index of a list of `count` rows after a move, kept inside the list.
    private static func moved(_ index: Int, _ move: RequestEditorMove, count: Int) -> Int {
        let last = max(0, count - 1)
        switch move {
        case .up: return max(0, min(last, index - 1))
        case .down: return min(last, index + 1)
        case .pageUp: return max(0, min(last, index - 10))
        case .pageDown: return min(last, index + 10)
        case .first: return 0
        case .last: return last
        }
    }

    /// Up and Down across the Headers tab's two lists: past the last own header into the `count` inherited ones,
    /// and back. Returns true when the move was taken here.
    private mutating func moveAmongInheritedHeaders(_ move: RequestEditorMove, own table: KeyValueTable, count: Int) -> Bool {
        guard count > 0 else {
            inheritedHeaderRow = nil
            return false
        }
        switch (move, inheritedHeaderRow) {
        case (.down, nil) where table.rows.isEmpty || table.selected >= table.rows.count - 1:
            inheritedHeaderRow = 0
        case (.down, let row?):
            inheritedHeaderRow = min(count - 1, row + 1)
        case (.up, let row?):
            inheritedHeaderRow = row == 0 ? nil : row - 1
        case (.last, _):
            inheritedHeaderRow = count - 1
        case (.first, _):
            inheritedHeaderRow = nil
            return false
        default:
            return false
        }
        return true
    }

    /// A key for the field being edited in the shown tab.
    private mutating func type(_ key: KeyEvent, into draft: inout RequestDraft) {
        switch tab {
        case .params: Self.type(key, into: &draft.params)
        case .headers: Self.type(key, into: &draft.headers)
        case .body:
            switch draft.bodyMode {
            case .none: break
            case .json, .raw: _ = draft.bodyText.handle(key)
            case .graphQL:
                if draft.editsGraphQLVariables { _ = draft.graphQLVariables.handle(key) } else { _ = draft.bodyText.handle(key) }
            case .file: _ = draft.bodyFilePath.handle(key)
            case .form, .multipart: Self.type(key, into: &draft.formFields)
            }
        case .files:
            _ = draft.filePartNameEditor?.handle(key)
        case .auth:
            let rows = AuthField.shown(for: draft.authMode)
            guard let first = rows.first else { return }
            if !rows.contains(authRow) { authRow = first }
            _ = draft.authFields[authRow].handle(key)
        case .options:
            _ = optionsEditor?.handle(key)
        case .checks:
            _ = draft.checksText.handle(key)
        }
    }

    /// A key for a table's cell editor; a typed key drops the header suggestion chosen so far.
    private static func type(_ key: KeyEvent, into table: inout KeyValueTable) {
        guard var editor = table.editor else { return }
        if editor.handle(key) { table.suggestion = nil }
        table.editor = editor
    }

    /// Pasted text: whole into a body or checks editor (an empty body becomes JSON or raw text), on one line into
    /// a one-line field being edited.
    private mutating func paste(_ text: String, into draft: inout RequestDraft) {
        switch tab {
        case .body where draft.bodyMode == .graphQL && draft.editsGraphQLVariables:
            draft.graphQLVariables.insert(text)
        case .body where draft.bodyMode == .json || draft.bodyMode == .raw || draft.bodyMode == .graphQL:
            draft.bodyText.insert(text)
        case .body where draft.bodyMode == .none:
            draft.bodyMode = JSONCheck.check(text) == nil ? .json : .raw
            draft.bodyText = TextAreaState(text: text)
        case .body where draft.bodyMode == .file:
            draft.bodyFilePath.insert(text.replacingLineBreaks(with: ""))
        case .checks:
            draft.checksText.insert(text)
        default:
            let line = text.replacingLineBreaks(with: " ")
            switch tab {
            case .params: draft.params.editor?.insert(line)
            case .headers: draft.headers.editor?.insert(line)
            case .body: draft.formFields.editor?.insert(line)
            case .auth:
                if draft.authMode == .bearer || draft.authMode == .basic { draft.authFields[authRow].insert(line) }
            case .options: optionsEditor?.insert(line)
            case .files: draft.filePartNameEditor?.insert(line)
            case .checks: break
            }
        }
    }

    /// Selects the row drawn on line `row` of the shown tab's content (0 for its first line).
    private mutating func click(row: Int, in draft: inout RequestDraft) {
        switch tab {
        case .params: Self.click(row - 1, in: &draft.params)
        case .headers: Self.click(row - 1, in: &draft.headers)
        case .body where draft.bodyMode == .form || draft.bodyMode == .multipart:
            Self.click(row - 2, in: &draft.formFields)
        case .files:
            let index = row - 1 + draft.fileOffset
            if row >= 1, draft.files.indices.contains(index), index != draft.selectedFile {
                draft.selectedFile = index
                draft.filePartNameEditor = nil
            }
        case .options:
            if row >= 0, let field = RequestOptionsDraft.Field(rawValue: row + optionsOffset) { optionsRow = field }
        default:
            break
        }
    }

    /// Selects the table row drawn on visible row `row` (0 for the first under the column titles), at the table's offset.
    private static func click(_ row: Int, in table: inout KeyValueTable) {
        let index = row + table.offset
        if row >= 0, table.rows.indices.contains(index) {
            table.commitEditing()
            table.selected = index
        }
    }

    /// The wheel over the shown tab: moves a body editor's cursor, or a table's selection one row.
    private func scroll(_ lines: Int, in draft: inout RequestDraft) {
        switch tab {
        case .body where draft.bodyMode == .json || draft.bodyMode == .raw:
            for _ in 0..<abs(lines) { _ = draft.bodyText.handle(KeyEvent(lines < 0 ? .up : .down)) }
        case .params: draft.params.select(by: lines > 0 ? 1 : -1)
        case .headers: draft.headers.select(by: lines > 0 ? 1 : -1)
        default: break
        }
    }

    /// Pretty-prints the JSON body, or a GraphQL body's variables; a notice names the error of JSON that does not parse.
    private func formatBody(_ draft: inout RequestDraft) -> RequestEditorEffect? {
        if draft.bodyMode == .graphQL {
            switch JSONCheck.format(draft.graphQLVariables.text) {
            case .success(let text): draft.graphQLVariables = TextAreaState(text: text)
            case .failure(let problem): return .notify("Cannot format: the variables JSON has an error at \(problem).")
            }
            return nil
        }
        switch JSONCheck.format(draft.bodyText.text) {
        case .success(let text): draft.bodyText = TextAreaState(text: text)
        case .failure(let problem): return .notify("Cannot format: the JSON has an error at \(problem).")
        }
        return nil
    }
}
