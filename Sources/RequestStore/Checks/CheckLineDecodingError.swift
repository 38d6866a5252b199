/// A check or capture line of a collection file that does not parse, with where it sits in the file's tree;
/// `CanonicalJSON` turns it into a `FileFormatError` naming the file, the request, the line and the columns.
struct CheckLineDecodingError: Error, Sendable {
    /// Which kind of line it is.
    enum Kind: String, Sendable {
        /// A line of `checks`.
        case check
        /// A line of `captures`.
        case capture
    }

    /// One step of the path to the line in the file's tree.
    enum PathStep: Sendable {
        /// An object member.
        case key(String)
        /// An array item.
        case index(Int)
    }

    /// Which kind of line it is.
    var kind: Kind
    /// The path from the file's root to the line's string.
    var path: [PathStep]
    /// The line as written.
    var line: String
    /// Why it does not parse.
    var error: CheckSyntaxError

    /// Creates the error from a decoder's coding path plus the line's own steps.
    init(kind: Kind, codingPath: [CodingKey], index: Int, line: String, error: CheckSyntaxError) {
        self.kind = kind
        self.path = codingPath.map { key in key.intValue.map(PathStep.index) ?? .key(key.stringValue) }
            + [.key(kind == .check ? "checks" : "captures"), .index(index)]
        self.line = line
        self.error = error
    }
}
