import BodyIndex
import Foundation
import RequestKit
import RequestStore
import TUICore

extension ExplorerProgram {
    /// Keys in the add-file field: Tab completes the path, Enter attaches the file as a multipart part.
    func handleAddFileKey(_ key: KeyEvent, field: TextFieldState, _ s: inout AppState) -> [Command<AppMessage>] {
        handlePathFieldKey(key, field: field, reopen: Overlay.addFile, &s) { path, s in
            guard !path.isEmpty else { return [] }
            let name = s.draft.files.isEmpty ? "file" : "file\(s.draft.files.count + 1)"
            s.draft.files.append(FileAttachment(fieldName: name, path: path))
            // A file the user attaches is the user's own choice, wherever it lies.
            s.trust.allowedFiles.insert(CollectionPaths.resolved(path, baseDirectory: s.baseDirectory))
            s.draft.selectedFile = s.draft.files.count - 1
            if s.draft.bodyMode != .multipart { s.draft.bodyMode = .multipart }
            return fileCheckCommands(s)
        }
    }

    /// Keys in the save-body field: Tab completes the path, Enter writes the response body there.
    func handleSaveBodyKey(_ key: KeyEvent, field: TextFieldState, body: BodyBytes, _ s: inout AppState) -> [Command<AppMessage>] {
        handlePathFieldKey(key, field: field, reopen: { .saveBody($0, body: body) }, &s) { _, _ in
            [effects.saveBody(body, to: field.text, baseDirectory: nil)]
        }
    }

    /// Keys in the run-data field: Tab completes the path, Enter loads the data file's rows.
    func handleRunDataKey(_ key: KeyEvent, field: TextFieldState, _ s: inout AppState) -> [Command<AppMessage>] {
        handlePathFieldKey(key, field: field, reopen: Overlay.runData, &s) { path, s in
            guard !path.isEmpty else { return [] }
            return [effects.loadDataRows(path, baseDirectory: s.baseDirectory)]
        }
    }

    /// The keys every path field shares: Esc closes it, Tab completes the path, Enter closes it and runs `enter`
    /// with the path trimmed of spaces, any other key edits the text (`reopen` puts the edited field back).
    private func handlePathFieldKey(_ key: KeyEvent, field: TextFieldState, reopen: (TextFieldState) -> Overlay, _ s: inout AppState,
                                    enter: (String, inout AppState) -> [Command<AppMessage>]) -> [Command<AppMessage>] {
        var field = field
        switch key.key {
        case .escape: s.overlay = nil
        case .tab: return [effects.completePath(field.text)]
        case .enter:
            s.overlay = nil
            return enter(field.text.trimmingCharacters(in: .whitespaces), &s)
        default:
            _ = field.handle(key)
            s.overlay = reopen(field)
        }
        return []
    }
}
