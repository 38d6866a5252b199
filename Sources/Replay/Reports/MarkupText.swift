/// The escaping XML and HTML share: the markup characters as entities, every other character as the caller says.
enum MarkupText {
    /// Escapes `& < > "` and `'` (as `apostrophe`), so the result is safe in element content and in quoted attribute
    /// values; `other` appends what stands for each other character.
    static func escape(_ text: String, apostrophe: String, other: (Unicode.Scalar, inout String) -> Void) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += apostrophe
            default: other(scalar, &result)
            }
        }
        return result
    }
}
