/// The kind of a JSON token.
public enum JSONTokenKind: Hashable, Sendable {
    /// `{`
    case beginObject
    /// `}`
    case endObject
    /// `[`
    case beginArray
    /// `]`
    case endArray
    /// `,` between members or elements.
    case comma
    /// `:` after an object key.
    case colon
    /// A string in key position, quotes included.
    case key
    /// A string value, quotes included.
    case string
    /// A number, as written.
    case number
    /// `true` or `false`.
    case boolean
    /// `null`.
    case null
}

/// One token of a JSON text: its kind and where its bytes are in the input.
public struct JSONToken: Hashable, Sendable {
    /// What the token is.
    public var kind: JSONTokenKind
    /// The byte range in the input, quotes included for strings and keys.
    public var range: Range<Int>
    /// For a string or key: whether the bytes between the quotes are ASCII with no escapes, so they are its text as they stand.
    public var isPlainASCII: Bool

    /// Creates a token.
    public init(kind: JSONTokenKind, range: Range<Int>, isPlainASCII: Bool = false) {
        self.kind = kind
        self.range = range
        self.isPlainASCII = isPlainASCII
    }
}

/// A JSON text that does not follow RFC 8259.
public struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The byte offset where the text stopped being valid.
    public var offset: Int
    /// What was wrong there.
    public var reason: String

    /// Creates an error.
    public init(offset: Int, reason: String) {
        self.offset = offset
        self.reason = reason
    }

    /// The reason and the byte offset, e.g. "expected ':' after an object key at byte 12".
    public var description: String { "\(reason) at byte \(offset)" }
}
