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

    /// Creates a token.
    public init(kind: JSONTokenKind, range: Range<Int>) {
        self.kind = kind
        self.range = range
    }
}

/// Reads a JSON text as a stream of tokens, checking the RFC 8259 grammar as it goes.
///
/// Tokens refer to byte ranges of the input, so nothing is copied; the tokenizer keeps an
/// explicit stack, so nesting depth is limited only by memory. It follows the same rules
/// as `JSONPrettyPrinter` (strict strings, escapes and numbers, exactly one value).
/// Viewers use it to re-indent and color bodies of any size without building strings.
public struct JSONTokenizer: Sendable {
    /// What the grammar allows next.
    private enum Expectation {
        case value, valueOrEndArray, keyOrEndObject, key, colon, commaOrEnd, finished
    }

    private let input: [UInt8]
    private var position = 0
    private var stack: [JSONTokenKind] = []
    private var expectation = Expectation.value

    /// Creates a tokenizer at the start of `input`.
    public init(_ input: [UInt8]) {
        self.input = input
    }

    /// The byte offset of the next unread byte.
    public var offset: Int { position }

    /// How many containers are open after the tokens read so far.
    public var depth: Int { stack.count }

    /// The next token, or nil once the single top-level value and trailing whitespace are read.
    public mutating func next() throws(JSONSyntaxError) -> JSONToken? {
        skipWhitespace()
        guard position < input.count else {
            if expectation == .finished { return nil }
            throw JSONSyntaxError(offset: position, reason: stack.isEmpty ? "expected a value but the input ended" : "unexpected end of input inside \(containerName)")
        }
        let byte = input[position]
        switch expectation {
        case .finished:
            throw error("unexpected text after the JSON value")
        case .colon:
            guard byte == UInt8(ascii: ":") else { throw error("expected ':' after an object key") }
            expectation = .value
            return single(.colon)
        case .key, .keyOrEndObject:
            if byte == UInt8(ascii: "}"), expectation == .keyOrEndObject { return close() }
            guard byte == UInt8(ascii: "\"") else { throw error("expected a string key") }
            let start = position
            try scanString()
            expectation = .colon
            return JSONToken(kind: .key, range: start..<position)
        case .commaOrEnd:
            let isObject = stack.last == .beginObject
            if byte == UInt8(ascii: ",") {
                expectation = isObject ? .key : .value
                return single(.comma)
            }
            if byte == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) { return close() }
            throw error("expected ',' or '\(isObject ? "}" : "]")' in \(containerName)")
        case .value, .valueOrEndArray:
            if byte == UInt8(ascii: "]"), expectation == .valueOrEndArray { return close() }
            return try value(startingWith: byte)
        }
    }

    /// Reads a value token, opening a container for `{` and `[`.
    private mutating func value(startingWith byte: UInt8) throws(JSONSyntaxError) -> JSONToken {
        let start = position
        switch byte {
        case UInt8(ascii: "{"):
            stack.append(.beginObject)
            expectation = .keyOrEndObject
            return single(.beginObject)
        case UInt8(ascii: "["):
            stack.append(.beginArray)
            expectation = .valueOrEndArray
            return single(.beginArray)
        case UInt8(ascii: "\""):
            try scanString()
            afterValue()
            return JSONToken(kind: .string, range: start..<position)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            try scanNumber()
            afterValue()
            return JSONToken(kind: .number, range: start..<position)
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            afterValue()
            return JSONToken(kind: .boolean, range: start..<position)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            afterValue()
            return JSONToken(kind: .boolean, range: start..<position)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            afterValue()
            return JSONToken(kind: .null, range: start..<position)
        default:
            throw error("unexpected character where a value should start")
        }
    }

    /// A one-byte token at the current position.
    private mutating func single(_ kind: JSONTokenKind) -> JSONToken {
        position += 1
        return JSONToken(kind: kind, range: (position - 1)..<position)
    }

    /// Closes the innermost container.
    private mutating func close() -> JSONToken {
        let open = stack.removeLast()
        afterValue()
        return single(open == .beginObject ? .endObject : .endArray)
    }

    /// Sets what may follow a complete value.
    private mutating func afterValue() {
        expectation = stack.isEmpty ? .finished : .commaOrEnd
    }

    private var containerName: String { stack.last == .beginObject ? "an object" : "an array" }

    private func error(_ reason: String) -> JSONSyntaxError {
        JSONSyntaxError(offset: position, reason: reason)
    }

    private mutating func skipWhitespace() {
        while position < input.count {
            switch input[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
        let count = literal.utf8CodeUnitCount
        guard input.count - position >= count else { throw error("expected '\(literal)'") }
        let matches = literal.withUTF8Buffer { expected in
            (0..<count).allSatisfy { input[position + $0] == expected[$0] }
        }
        guard matches else { throw error("expected '\(literal)'") }
        position += count
    }

    /// Moves past a string, checking escapes and rejecting raw control characters.
    private mutating func scanString() throws(JSONSyntaxError) {
        let start = position
        position += 1
        while position < input.count {
            let byte = input[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return
            }
            if byte < 0x20 { throw error("control character inside a string (escape it)") }
            if byte != UInt8(ascii: "\\") {
                position += 1
                continue
            }
            position += 1
            guard position < input.count else { break }
            switch input[position] {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                 UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                position += 1
            case UInt8(ascii: "u"):
                position += 1
                for _ in 0..<4 {
                    guard position < input.count, Self.isHexDigit(input[position]) else {
                        throw error("a \\u escape needs four hexadecimal digits")
                    }
                    position += 1
                }
            default:
                throw error("invalid escape in a string")
            }
        }
        throw JSONSyntaxError(offset: start, reason: "unterminated string")
    }

    /// Moves past a number, checking its form.
    private mutating func scanNumber() throws(JSONSyntaxError) {
        if input[position] == UInt8(ascii: "-") { position += 1 }
        guard position < input.count, Self.isDigit(input[position]) else { throw error("a number needs a digit") }
        let first = input[position]
        position += 1
        if first != UInt8(ascii: "0") { skipDigits() }
        if position < input.count, input[position] == UInt8(ascii: ".") {
            position += 1
            guard position < input.count, Self.isDigit(input[position]) else { throw error("a fraction needs a digit after '.'") }
            skipDigits()
        }
        if position < input.count, input[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            if position < input.count, input[position] == UInt8(ascii: "+") || input[position] == UInt8(ascii: "-") { position += 1 }
            guard position < input.count, Self.isDigit(input[position]) else { throw error("an exponent needs a digit") }
            skipDigits()
        }
    }

    private mutating func skipDigits() {
        while position < input.count, Self.isDigit(input[position]) { position += 1 }
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "f"))
    }
}
