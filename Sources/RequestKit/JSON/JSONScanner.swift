/// Reads JSON tokens from bytes, checking them against the RFC 8259 grammar.
struct JSONScanner {
    private let input: [UInt8]
    private var position = 0

    /// Creates a scanner at the start of the input.
    init(input: [UInt8]) { self.input = input }

    /// Whether every byte has been read.
    var isAtEnd: Bool { position >= input.count }

    /// The next byte, without reading it.
    func peek() -> UInt8? { position < input.count ? input[position] : nil }

    /// Reads one byte.
    mutating func advance() { position += 1 }

    /// Skips spaces, tabs, line feeds and carriage returns.
    mutating func skipWhitespace() {
        while position < input.count {
            switch input[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    /// An error at the current position.
    func error(_ reason: String) -> JSONSyntaxError {
        JSONSyntaxError(offset: position, reason: reason)
    }

    /// Reads a literal such as `true`.
    mutating func expectLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
        let bytes = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        guard input.count - position >= bytes.count, input[position..<position + bytes.count].elementsEqual(bytes) else {
            throw error("expected '\(literal)'")
        }
        position += bytes.count
    }

    /// Reads a string token and returns it as written, quotes and escapes included.
    mutating func scanString() throws(JSONSyntaxError) -> String {
        let start = position
        position += 1
        while true {
            guard position < input.count else { throw JSONSyntaxError(offset: start, reason: "unterminated string") }
            let byte = input[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                return String(decoding: input[start..<position], as: UTF8.self)
            case UInt8(ascii: "\\"):
                position += 1
                guard position < input.count else { throw JSONSyntaxError(offset: start, reason: "unterminated string") }
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
            case 0x00..<0x20:
                throw error("control character inside a string (escape it)")
            default:
                position += 1
            }
        }
    }

    /// Reads a number token and returns its text unchanged.
    mutating func scanNumber() throws(JSONSyntaxError) -> String {
        let start = position
        if peek() == UInt8(ascii: "-") { position += 1 }
        guard let first = peek(), Self.isDigit(first) else { throw error("a number needs a digit") }
        position += 1
        if first != UInt8(ascii: "0") {
            skipDigits()
        }
        if peek() == UInt8(ascii: ".") {
            position += 1
            guard let digit = peek(), Self.isDigit(digit) else { throw error("a fraction needs a digit after '.'") }
            skipDigits()
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            position += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { position += 1 }
            guard let digit = peek(), Self.isDigit(digit) else { throw error("an exponent needs a digit") }
            skipDigits()
        }
        return String(decoding: input[start..<position], as: UTF8.self)
    }

    private mutating func skipDigits() {
        while let byte = peek(), Self.isDigit(byte) { position += 1 }
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "f"))
    }
}
