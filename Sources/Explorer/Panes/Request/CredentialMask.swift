import Foundation
import TUICore

/// How a secret field of the Auth tab is drawn while hidden: each character as `•`, the cursor where it was.
/// A value that is only a `{{variable}}` reference is shown as it is, since it holds no secret itself.
enum CredentialMask {
    /// The field to draw in place of `field`.
    static func masked(_ field: TextFieldState) -> TextFieldState {
        let text = field.text
        if isVariableReference(text) { return field }
        var shown = TextFieldState(text: String(repeating: "•", count: field.characters.count))
        shown.moveCursor(to: field.cursor)
        shown.scroll = field.scroll
        return shown
    }

    /// Whether the text is exactly one `{{name}}`.
    static func isVariableReference(_ text: String) -> Bool {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("{{"), trimmed.hasSuffix("}}"), trimmed.count > 4 else { return false }
        return !trimmed.dropFirst(2).dropLast(2).contains("{") && !trimmed.dropFirst(2).dropLast(2).contains("}")
    }
}
