import Foundation

/// Runs the user's editor on a text in a temporary file and reads the result back.
public enum ExternalEditor {
    /// The editor command: `$VISUAL`, else `$EDITOR`, else `vi`.
    public static func command(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let visual = environment["VISUAL"], !visual.isEmpty { return visual }
        if let editor = environment["EDITOR"], !editor.isEmpty { return editor }
        return "vi"
    }

    /// Edits `text` and returns the saved text; the terminal must already be handed over.
    public static func edit(_ text: String, fileExtension: String) -> Result<String, SendFailure> {
        let path = NSTemporaryDirectory() + "curlew-body-\(UUID().uuidString).\(fileExtension)"
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        } catch {
            return .failure(SendFailure("Could not write the temporary file \(path): \(error.localizedDescription)"))
        }
        let editor = command()
        switch ForegroundProcess.run(["/bin/sh", "-c", editor + " \"$1\"", "sh", path]) {
        case .failure(let failure):
            return .failure(SendFailure("Could not start the editor '\(editor)': \(failure.reason). Set VISUAL or EDITOR."))
        case .success(let status) where status != 0:
            return .failure(SendFailure("The editor '\(editor)' exited with status \(status); the body was left unchanged."))
        case .success:
            break
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(SendFailure("The edited file \(path) could not be read back; the body was left unchanged."))
        }
        var edited = String(decoding: data, as: UTF8.self)
        if edited.hasSuffix("\n"), !text.hasSuffix("\n") { edited.removeLast() }
        return .success(edited)
    }
}
