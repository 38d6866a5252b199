/// How long texts (JSON and raw bodies) are stored: one string, or an array of lines when the text has line breaks.
///
/// Keeping each line of a body on its own line of the collection file makes a change to one line
/// of a body a one-line diff.
enum MultilineText {
    /// The JSON form of a text: a string without line breaks, else its lines.
    static func lines(of text: String) -> [String]? {
        guard text.contains("\n") else { return nil }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
}

extension KeyedEncodingContainer {
    /// Encodes a text as a string, or as an array of lines when it has line breaks.
    mutating func encodeText(_ text: String, forKey key: Key) throws {
        if let lines = MultilineText.lines(of: text) {
            try encode(lines, forKey: key)
        } else {
            try encode(text, forKey: key)
        }
    }
}

extension KeyedDecodingContainer {
    /// Decodes a text written as a string or as an array of lines; missing means empty.
    func decodeText(forKey key: Key) throws -> String {
        guard contains(key) else { return "" }
        if let text = try? decode(String.self, forKey: key) { return text }
        return try decode([String].self, forKey: key).joined(separator: "\n")
    }
}
