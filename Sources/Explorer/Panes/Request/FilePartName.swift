import Foundation

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
