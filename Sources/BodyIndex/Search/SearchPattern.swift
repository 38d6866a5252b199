/// What a search is looking for: the text, whether it is a regular expression, and whether case counts.
public struct SearchPattern: Hashable, Sendable {
    /// The text typed in the search line.
    public var text: String
    /// Whether `text` is a regular expression (ICU syntax) rather than plain text.
    public var isRegex: Bool

    /// Creates a pattern.
    public init(text: String, isRegex: Bool) {
        self.text = text
        self.isRegex = isRegex
    }

    /// Smart case: the search ignores case unless the text has a capital letter.
    public var isCaseSensitive: Bool { text.contains { $0.isUppercase } }
}
