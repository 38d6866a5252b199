import Foundation
import RequestKit
import RequestStore
import TUICore

extension ExplorerProgram {
    /// Keys in the add-file field: Tab completes the path, Enter attaches the file as a multipart part.
    func handleAddFileKey(_ key: KeyEvent, field: TextFieldState, _ s: inout AppState) -> [Command<AppMessage>] {
        var field = field
        switch key.key {
        case .escape: s.overlay = nil
        case .tab: return [effects.completePath(field.text)]
        case .enter:
            let path = field.text.trimmingCharacters(in: .whitespaces)
            s.overlay = nil
            guard !path.isEmpty else { return [] }
            let name = s.draft.files.isEmpty ? "file" : "file\(s.draft.files.count + 1)"
            s.draft.files.append(FileAttachment(fieldName: name, path: path))
            s.draft.selectedFile = s.draft.files.count - 1
            if s.draft.bodyMode != .multipart { s.draft.bodyMode = .multipart }
            return fileCheckCommands(s)
        default:
            _ = field.handle(key)
            s.overlay = .addFile(field)
        }
        return []
    }

    /// Keys in the save-body field: Tab completes the path, Enter writes the response body there.
    func handleSaveBodyKey(_ key: KeyEvent, field: TextFieldState, body: [UInt8], _ s: inout AppState) -> [Command<AppMessage>] {
        var field = field
        switch key.key {
        case .escape: s.overlay = nil
        case .tab: return [effects.completePath(field.text)]
        case .enter:
            s.overlay = nil
            return [effects.saveBody(body, to: field.text, baseDirectory: nil)]
        default:
            _ = field.handle(key)
            s.overlay = .saveBody(field, body: body)
        }
        return []
    }

    /// Keys in the run-data field: Tab completes the path, Enter loads the data file's rows.
    func handleRunDataKey(_ key: KeyEvent, field: TextFieldState, _ s: inout AppState) -> [Command<AppMessage>] {
        var field = field
        switch key.key {
        case .escape: s.overlay = nil
        case .tab: return [effects.completePath(field.text)]
        case .enter:
            let path = field.text.trimmingCharacters(in: .whitespaces)
            s.overlay = nil
            guard !path.isEmpty else { return [] }
            return [effects.loadDataRows(path, baseDirectory: s.baseDirectory)]
        default:
            _ = field.handle(key)
            s.overlay = .runData(field)
        }
        return []
    }
}
