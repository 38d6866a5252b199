/// A `JSONScanner` that owns its bytes: the token stream of one JSON text held in an array.
///
/// Tokens refer to byte ranges of the input, so nothing is copied. Use it where the bytes live
/// longer than one call; code that reads a whole text at once can run a `JSONScanner` over the
/// buffer directly.
public struct JSONTokenizer: Sendable {
    private let input: [UInt8]
    private var scanner = JSONScanner()

    /// Creates a tokenizer at the start of `input`.
    public init(_ input: [UInt8]) {
        self.input = input
    }

    /// The byte offset of the next unread byte.
    public var offset: Int { scanner.offset }

    /// How many containers are open after the tokens read so far.
    public var depth: Int { scanner.depth }

    /// The next token, or nil once the single top-level value and trailing whitespace are read.
    public mutating func next() throws(JSONSyntaxError) -> JSONToken? {
        try input.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) -> JSONToken? in try scanner.next(in: buffer) }
    }
}
