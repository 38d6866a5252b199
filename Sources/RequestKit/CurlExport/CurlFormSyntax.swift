/// The syntax of curl's `-F` values, shared by every writer of curl commands.
///
/// curl reads bytes, so every test here is on Unicode scalars: `@` followed by a combining mark is one character to
/// Swift but still a leading `@` to curl.
public enum CurlFormSyntax {
    /// Whether curl's `-F name=value` passes this value through untouched (no leading `@`, `<` or `"`, no `;`, no
    /// surrounding white space); other values need `--form-string`.
    public static func isPlainValue(_ value: String) -> Bool {
        guard let first = value.unicodeScalars.first, let last = value.unicodeScalars.last else { return true }
        if first == "@" || first == "<" || first == "\"" || value.unicodeScalars.contains(";") { return false }
        return !first.properties.isWhitespace && !last.properties.isWhitespace
    }

    /// A word inside `-F`, in double quotes with `\` and `"` escaped, as curl's form parser reads it.
    public static func quotedWord(_ text: String) -> String {
        "\"" + text.replacingAll("\\", with: "\\\\").replacingAll("\"", with: "\\\"") + "\""
    }

    /// The `type=` parameter of a file part, or `headers="Content-Type: …"` for a type curl's `type=` would cut short.
    public static func typeParameter(_ type: String) -> String {
        let scalars = type.unicodeScalars
        return scalars.contains(";") || scalars.contains(",") || !scalars.contains("/") ? "headers=" + quotedWord("Content-Type: \(type)") : "type=\(type)"
    }

    /// Why a part's name cannot be written in `-F name=…`, or nil: curl ends the name at the first `=`.
    public static func nameProblem(_ name: String) -> String? {
        name.unicodeScalars.contains("=") ? "the form part name \(name.debugDescription) holds '=', where curl's -F ends a name" : nil
    }
}
