import RequestStore
import TUICore

extension RequestEditorState {
    /// A table or field-editor action in the shown tab: on a selected inherited header, the Files tab's field
    /// name, the Options field, or the tab's name/value table.
    mutating func apply(_ action: RequestTableAction, to draft: inout RequestDraft, inherited: [InheritedHeader]) -> RequestEditorEffect? {
        if tab == .headers, let row = inheritedHeaderRow {
            if inherited.indices.contains(row) {
                let outcome = applyToInherited(action, header: inherited[row], draft: &draft)
                if outcome.taken { return outcome.effect }
            } else {
                inheritedHeaderRow = nil
            }
        }
        switch tab {
        case .files:
            return applyToFilePartName(action, &draft)
        case .options:
            switch action {
            case .commit, .complete:
                if let editor = optionsEditor { draft.options.setText(editor.text, of: optionsRow) }
                optionsEditor = nil
            case .cancel:
                optionsEditor = nil
            default:
                break
            }
        case .params:
            Self.apply(action, to: &draft.params, completesHeaders: false)
            draft.syncURLFromParams()
        case .headers:
            Self.apply(action, to: &draft.headers, completesHeaders: true)
        case .body:
            Self.apply(action, to: &draft.formFields, completesHeaders: false)
        case .auth, .checks:
            break
        }
        return nil
    }

    /// A table action on a selected inherited header: toggling switches it off or on for this request; it is
    /// edited where it is set, which a notice says. `taken` is false when the action goes on to the request's own headers.
    private mutating func applyToInherited(_ action: RequestTableAction, header: InheritedHeader,
                                           draft: inout RequestDraft) -> (taken: Bool, effect: RequestEditorEffect?) {
        switch action {
        case .toggle:
            draft.toggleInheritedHeader(header.row.name)
            return (true, nil)
        case .add:
            inheritedHeaderRow = nil
            return (false, nil)
        case .edit, .delete, .column, .moveUp, .moveDown:
            return (true, .notify("'\(sanitize(header.row.name))' is set in the \(HeadersView.sourceText(header.source)): Space switches it off for this request, "
                + "and a header of the same name added here replaces it."))
        case .commit, .complete, .cancel, .nextSuggestion, .previousSuggestion:
            return (false, nil)
        }
    }

    /// Enter, Tab and Esc while a Files tab part's field name is edited: keep a valid name, or drop the edit.
    /// An empty name is refused with a notice and the editor stays open with what was typed.
    private func applyToFilePartName(_ action: RequestTableAction, _ draft: inout RequestDraft) -> RequestEditorEffect? {
        guard let editor = draft.filePartNameEditor else { return nil }
        switch action {
        case .commit, .complete:
            let index = draft.selectedFile
            guard draft.files.indices.contains(index) else {
                draft.filePartNameEditor = nil
                return nil
            }
            if let problem = FilePartName.problem(with: editor.text) { return .notify(problem) }
            draft.files[index].fieldName = editor.text
            draft.filePartNameEditor = nil
        case .cancel:
            draft.filePartNameEditor = nil
        default:
            break
        }
        return nil
    }

    /// A table action on a name/value table; the Headers table completes names and values from known headers.
    private static func apply(_ action: RequestTableAction, to table: inout KeyValueTable, completesHeaders: Bool) {
        let candidates = completesHeaders ? HeaderCompletion.suggestions(for: table) : []
        switch action {
        case .edit: table.beginEditing()
        case .add: table.addRow()
        case .delete: table.deleteRow()
        case .toggle: table.toggleRow()
        case .column: table.column = 1 - table.column
        case .moveUp: table.moveRow(by: -1)
        case .moveDown: table.moveRow(by: 1)
        case .commit:
            if let index = table.suggestion, candidates.indices.contains(index) {
                table.accept(suggestion: candidates[index])
            } else {
                table.commitEditing()
            }
        case .cancel:
            if table.suggestion != nil { table.suggestion = nil } else { table.cancelEditing() }
        case .nextSuggestion, .previousSuggestion:
            table.moveSuggestion(by: action == .nextSuggestion ? 1 : -1, count: candidates.count)
        case .complete:
            complete(&table, candidates: candidates, completesHeaders: completesHeaders)
        }
    }

    /// Tab in a table cell: take the highlighted suggestion, a header name typed in full, or the first suggestion
    /// at the end of the text; else keep the cell and go on to the next one.
    private static func complete(_ table: inout KeyValueTable, candidates: [String], completesHeaders: Bool) {
        guard let editor = table.editor else { return }
        func nextCell() {
            table.commitEditing()
            table.column = 1 - table.column
            if table.column == 1 { table.beginEditing() }
        }
        if let index = table.suggestion, candidates.indices.contains(index) {
            table.accept(suggestion: candidates[index])
        } else if completesHeaders, let known = HeaderCompletion.exactMatch(for: table) {
            table.accept(suggestion: known)
            nextCell()
        } else if editor.cursor == editor.characters.count, let first = candidates.first {
            table.accept(suggestion: first)
        } else {
            nextCell()
        }
    }
}
