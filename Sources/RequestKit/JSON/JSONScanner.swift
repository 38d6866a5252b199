/// Reads JSON bytes as a stream of tokens, checking the RFC 8259 grammar as it goes: the one reader of JSON text in curlew.
///
/// The scanner holds only its position and the grammar state; the bytes are lent to each call of
/// `next(in:)`, so it runs over memory someone else owns (a file, a response body) without copying
/// it and without building strings. Tokens are byte ranges. Strings are checked (escapes, no raw
/// control characters) but decoded only on request with `string(of:in:)`. The container stack is
/// explicit, so nesting is limited only by memory; code that builds trees sets its own limit from `depth`.
/// Exactly one value is allowed, with whitespace around it.
public struct JSONScanner: Sendable {
    /// What the grammar allows next.
    private enum Expectation: Sendable {
        case value, valueOrEndArray, keyOrEndObject, key, colon, commaOrEnd, finished
    }

    /// The byte offset of the next unread byte.
    public private(set) var offset: Int
    /// The open containers.
    private var containers = JSONContainerStack()
    private var expectation = Expectation.value

    /// Creates a scanner that starts reading at a byte offset (3 skips a UTF-8 byte order mark).
    public init(startingAt offset: Int = 0) {
        self.offset = offset
    }

    /// How many containers are open after the tokens read so far.
    public var depth: Int { containers.depth }

    /// The next token of `input`, or nil once the single top-level value and trailing whitespace are read.
    ///
    /// Pass the same bytes to every call.
    public mutating func next(in input: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> JSONToken? {
        skipWhitespace(input)
        guard offset < input.count else {
            if expectation == .finished { return nil }
            throw JSONSyntaxError(
                offset: offset, reason: containers.isEmpty ? "expected a value but the input ended" : "unexpected end of input inside \(containerName)")
        }
        let byte = input[offset]
        // The two most common cases first, as plain branches: a value, and a member's key.
        if expectation == .value { return try value(startingWith: byte, in: input) }
        if expectation == .key, byte == UInt8(ascii: "\"") { return try key(in: input) }
        switch expectation {
        case .finished:
            throw error("unexpected \(describe(byte)) after the JSON value")
        case .colon:
            guard byte == UInt8(ascii: ":") else { throw error("expected ':' after an object key, found \(describe(byte))") }
            expectation = .value
            return single(.colon)
        case .key, .keyOrEndObject:
            if byte == UInt8(ascii: "}"), expectation == .keyOrEndObject { return close() }
            guard byte == UInt8(ascii: "\"") else { throw error("expected a string key in double quotes, found \(describe(byte))") }
            return try key(in: input)
        case .commaOrEnd:
            let isObject = containers.innermostIsObject
            if byte == UInt8(ascii: ",") {
                expectation = isObject ? .key : .value
                return single(.comma)
            }
            if byte == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) { return close() }
            throw error("expected ',' or '\(isObject ? "}" : "]")' in \(containerName), found \(describe(byte))")
        case .value, .valueOrEndArray:
            if byte == UInt8(ascii: "]"), expectation == .valueOrEndArray { return close() }
            return try value(startingWith: byte, in: input)
        }
    }

    /// Moves past a `,` between members or elements if one comes next, as reading it with `next(in:)` would; says whether it did.
    ///
    /// The walking methods use it to leave out a token nobody looks at.
    mutating func passComma(in input: UnsafeBufferPointer<UInt8>) -> Bool {
        guard expectation == .commaOrEnd else { return false }
        skipWhitespace(input)
        guard offset < input.count, input[offset] == UInt8(ascii: ",") else { return false }
        offset += 1
        expectation = containers.innermostIsObject ? .key : .value
        return true
    }

    /// Moves past the `:` after a key if it comes next, as reading it with `next(in:)` would; says whether it did.
    mutating func passColon(in input: UnsafeBufferPointer<UInt8>) -> Bool {
        guard expectation == .colon else { return false }
        skipWhitespace(input)
        guard offset < input.count, input[offset] == UInt8(ascii: ":") else { return false }
        offset += 1
        expectation = .value
        return true
    }

    /// Moves past the rest of an object or array whose opening token was just read, matching brackets
    /// and skipping strings (escapes included) without checking the grammar inside.
    ///
    /// It is much faster than reading the tokens, for values that will be read properly later or never:
    /// a text cut short is still an error, but a malformed value inside the brackets is not noticed.
    /// Does nothing after any other token.
    public mutating func skipContainerUnchecked(startingWith token: JSONToken, in input: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) {
        guard token.kind == .beginObject || token.kind == .beginArray, token.range.upperBound == offset,
              let base = input.baseAddress else { return }
        let end = input.count
        var position = offset
        var nesting = 1
        while position < end {
            let byte = base[position]
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                let contentStart = position
                while true {
                    position = JSONScanner.first(UInt8(ascii: "\""), in: base, from: position, end: end)
                    guard position < end else { break }
                    var backslashes = 0
                    while position - backslashes > contentStart, base[position - backslashes - 1] == UInt8(ascii: "\\") { backslashes += 1 }
                    position += 1
                    if backslashes % 2 == 0 { break }
                }
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                nesting += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                nesting -= 1
                if nesting == 0 {
                    offset = position - 1
                    _ = close()
                    return
                }
            default:
                continue
            }
        }
        offset = end
        throw error("unexpected end of input inside \(containerName)")
    }

    /// Reads a key token starting at the `"` under the offset.
    private mutating func key(in input: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> JSONToken {
        let start = offset
        let plain = try scanString(input)
        expectation = .colon
        return JSONToken(kind: .key, range: start..<offset, isPlainASCII: plain)
    }

    /// Reads a value token, opening a container for `{` and `[`.
    private mutating func value(startingWith byte: UInt8, in input: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> JSONToken {
        let start = offset
        let kind: JSONTokenKind
        switch byte {
        case UInt8(ascii: "{"):
            containers.open(isObject: true)
            expectation = .keyOrEndObject
            return single(.beginObject)
        case UInt8(ascii: "["):
            containers.open(isObject: false)
            expectation = .valueOrEndArray
            return single(.beginArray)
        case UInt8(ascii: "\""):
            let plain = try scanString(input)
            afterValue()
            return JSONToken(kind: .string, range: start..<offset, isPlainASCII: plain)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            try scanNumber(input)
            kind = .number
        case UInt8(ascii: "t"):
            try expectLiteral("true", in: input)
            kind = .boolean
        case UInt8(ascii: "f"):
            try expectLiteral("false", in: input)
            kind = .boolean
        case UInt8(ascii: "n"):
            try expectLiteral("null", in: input)
            kind = .null
        default:
            throw error("unexpected \(describe(byte)) where a value should start")
        }
        afterValue()
        return JSONToken(kind: kind, range: start..<offset)
    }

    /// A one-byte token at the current offset.
    private mutating func single(_ kind: JSONTokenKind) -> JSONToken {
        offset += 1
        return JSONToken(kind: kind, range: (offset - 1)..<offset)
    }

    /// Closes the innermost container.
    private mutating func close() -> JSONToken {
        let isObject = containers.close()
        afterValue()
        return single(isObject ? .endObject : .endArray)
    }

    /// Sets what may follow a complete value.
    private mutating func afterValue() {
        expectation = containers.isEmpty ? .finished : .commaOrEnd
    }

    private var containerName: String { containers.innermostIsObject ? "an object" : "an array" }

    private func error(_ reason: String) -> JSONSyntaxError {
        JSONSyntaxError(offset: offset, reason: reason)
    }

    /// A byte as it reads in a message: the character when printable ASCII, else its hex value.
    private func describe(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    private mutating func skipWhitespace(_ input: UnsafeBufferPointer<UInt8>) {
        while offset < input.count {
            switch input[offset] {
            case 0x20, 0x09, 0x0A, 0x0D: offset += 1
            default: return
            }
        }
    }

    private mutating func expectLiteral(_ literal: StaticString, in input: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) {
        let count = literal.utf8CodeUnitCount
        let start = offset
        let matches = literal.withUTF8Buffer { expected in
            input.count - start >= count && (0..<count).allSatisfy { input[start + $0] == expected[$0] }
        }
        guard matches else { throw error("expected '\(literal)'") }
        offset += count
    }

    /// Moves past a string, checking escapes and rejecting raw control characters; true when it is plain ASCII.
    private mutating func scanString(_ input: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> Bool {
        let start = offset
        let end = input.count
        guard let base = input.baseAddress else { throw error("unterminated string: the closing '\"' is missing") }
        var position = offset + 1
        var plain = true
        while true {
            while position + 8 <= end {
                let hits = JSONScanner.needingAttention(UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
                if hits != 0 {
                    position += hits.trailingZeroBitCount / 8
                    break
                }
                position += 8
            }
            guard position < end else { break }
            let byte = base[position]
            if byte == UInt8(ascii: "\"") {
                offset = position + 1
                return plain
            }
            if byte < 0x20 {
                offset = position
                throw error("control character (\(describe(byte))) inside a string; write it as an escape such as \\n")
            }
            position += 1
            if byte < 0x80 && byte != UInt8(ascii: "\\") { continue }
            plain = false
            if byte != UInt8(ascii: "\\") { continue }
            guard position < end else { break }
            switch base[position] {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                 UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                position += 1
            case UInt8(ascii: "u"):
                position += 1
                for _ in 0..<4 {
                    guard position < end, JSONScanner.hexValue(base[position]) != nil else {
                        offset = position
                        throw error("a \\u escape needs four hexadecimal digits")
                    }
                    position += 1
                }
            default:
                offset = position
                throw error("invalid escape in a string; valid escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX")
            }
        }
        offset = end
        throw JSONSyntaxError(offset: start, reason: "unterminated string: the closing '\"' is missing")
    }

    /// The offset of the first `target` byte at or after `start`, or `end`; reads eight bytes at a time.
    static func first(_ target: UInt8, in base: UnsafePointer<UInt8>, from start: Int, end: Int) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        let pattern = ones &* UInt64(target)
        var position = start
        while position + 8 <= end {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)) ^ pattern
            let hits = (word &- ones) & ~word & highBits
            if hits != 0 { return position + hits.trailingZeroBitCount / 8 }
            position += 8
        }
        while position < end, base[position] != target { position += 1 }
        return position
    }

    /// A mask of eight bytes read from memory whose lowest set bit lies in the first byte that is a quote,
    /// a backslash, below 0x20 or at least 0x80; zero when none is.
    ///
    /// Each test sets the high bit of a byte that matches; a borrow can also set it in a later byte,
    /// never an earlier one, so the lowest bit is exact while the ones above it may not be.
    private static func needingAttention(_ raw: UInt64) -> UInt64 {
        let word = UInt64(littleEndian: raw)
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        func anyZero(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highBits }
        let quote = anyZero(word ^ (ones &* UInt64(UInt8(ascii: "\""))))
        let backslash = anyZero(word ^ (ones &* UInt64(UInt8(ascii: "\\"))))
        let control = (word &- ones &* 0x20) & ~word & highBits
        return quote | backslash | control | (word & highBits)
    }

    /// Moves past a number, checking its form.
    private mutating func scanNumber(_ input: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) {
        if input[offset] == UInt8(ascii: "-") { offset += 1 }
        guard offset < input.count, JSONScanner.isDigit(input[offset]) else { throw error("a number needs a digit") }
        let first = input[offset]
        offset += 1
        if first == UInt8(ascii: "0") {
            if offset < input.count, JSONScanner.isDigit(input[offset]) { throw error("a number may not have leading zeros") }
        } else {
            skipDigits(input)
        }
        if offset < input.count, input[offset] == UInt8(ascii: ".") {
            offset += 1
            guard offset < input.count, JSONScanner.isDigit(input[offset]) else { throw error("a fraction needs a digit after '.'") }
            skipDigits(input)
        }
        if offset < input.count, input[offset] | 0x20 == UInt8(ascii: "e") {
            offset += 1
            if offset < input.count, input[offset] == UInt8(ascii: "+") || input[offset] == UInt8(ascii: "-") { offset += 1 }
            guard offset < input.count, JSONScanner.isDigit(input[offset]) else { throw error("an exponent needs a digit") }
            skipDigits(input)
        }
    }

    private mutating func skipDigits(_ input: UnsafeBufferPointer<UInt8>) {
        while offset < input.count, JSONScanner.isDigit(input[offset]) { offset += 1 }
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// The value of a hexadecimal digit, or nil.
    static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }
}
