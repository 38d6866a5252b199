import Foundation
import TUICore

extension ExplorerProgram {
    /// Enter, Tab and Esc while the field name of a Files tab part is edited: keep a valid name, or drop the edit.
    ///
    /// An empty name is refused with a notice and the editor stays open with what was typed.
    func filePartNameAction(_ action: AppAction, _ s: inout AppState) {
        guard let editor = s.draft.filePartNameEditor else { return }
        switch action {
        case .editingCommit, .editingComplete:
            let index = s.draft.selectedFile
            guard s.draft.files.indices.contains(index) else {
                s.draft.filePartNameEditor = nil
                return
            }
            if let problem = FilePartName.problem(with: editor.text) {
                s.notice = problem
                return
            }
            s.draft.files[index].fieldName = editor.text
            s.draft.filePartNameEditor = nil
        case .editingCancel:
            s.draft.filePartNameEditor = nil
        default:
            break
        }
    }
}

/// The rules for the form field name a multipart file part is sent under.
enum FilePartName {
    /// Why `name` cannot be a part's field name, as a notice, or nil when it can.
    static func problem(with name: String) -> String? {
        if name.trimmingCharacters(in: .whitespaces).isEmpty {
            return "A part needs a field name (the form field the server reads the file from); type one, or press Esc to keep the old name."
        }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "A field name cannot hold control characters; remove them, or press Esc to keep the old name."
        }
        return nil
    }
}
