import Foundation

/// A strict RFC 8259 JSON parser producing `JSONValue`, with number text kept exactly.
///
/// Foundation's parsers on Linux accept trailing commas; this one rejects them, as it does
/// leading zeros, control characters in strings, bad escapes, invalid UTF-8, trailing text
/// and nesting deeper than `maximumDepth`. Unpaired UTF-16 surrogates in `\u` escapes become
/// U+FFFD. A repeated key keeps its last value.
public struct JSONParser {
    /// How deeply arrays and objects may nest before the text is rejected.
    public static let maximumDepth = 512

    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0

    /// Parses a whole JSON text.
    public static func parse(_ data: some Sequence<UInt8>) throws(NetworkError) -> JSONValue {
        var parser = JSONParser(bytes: Array(data))
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        if parser.index < parser.bytes.count { throw parser.failure("unexpected text after the value") }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private func failure(_ what: String) -> NetworkError {
        if index >= bytes.count { return .invalidJSON("\(what) at the end of the text (byte \(index))") }
        return .invalidJSON("\(what) at byte \(index)")
    }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
    }

    private mutating func parseValue() throws(NetworkError) -> JSONValue {
        guard let byte = current else { throw failure("expected a value") }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw failure("unexpected character \(JSONParser.describe(byte))")
        }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(NetworkError) {
        let expected = literal.utf8Start
        for offset in 0..<literal.utf8CodeUnitCount {
            guard current == expected[offset] else { throw failure("expected '\(literal)'") }
            index += 1
        }
    }

    private mutating func enterContainer() throws(NetworkError) {
        depth += 1
        if depth > JSONParser.maximumDepth { throw failure("nesting deeper than \(JSONParser.maximumDepth) levels") }
    }

    private mutating func parseObject() throws(NetworkError) -> JSONValue {
        try enterContainer()
        index += 1
        var object: [String: JSONValue] = [:]
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object(object)
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw failure("expected a quoted key") }
            let key = try parseString()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw failure("expected ':' after a key") }
            index += 1
            skipWhitespace()
            object[key] = try parseValue()
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"):
                index += 1
                depth -= 1
                return .object(object)
            default: throw failure("expected ',' or '}' in an object")
            }
        }
    }

    private mutating func parseArray() throws(NetworkError) -> JSONValue {
        try enterContainer()
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"):
                index += 1
                depth -= 1
                return .array(elements)
            default: throw failure("expected ',' or ']' in an array")
            }
        }
    }

    private mutating func parseNumber() throws(NetworkError) -> String {
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        guard let first = current, JSONParser.isDigit(first) else { throw failure("expected a digit") }
        index += 1
        if first != UInt8(ascii: "0") { skipDigits() }
        if current == UInt8(ascii: ".") {
            index += 1
            guard let digit = current, JSONParser.isDigit(digit) else { throw failure("expected a digit after '.'") }
            skipDigits()
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard let digit = current, JSONParser.isDigit(digit) else { throw failure("expected a digit in the exponent") }
            skipDigits()
        }
        if let next = current, JSONParser.isDigit(next) { throw failure("a number may not start with 0") }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func skipDigits() {
        while let byte = current, JSONParser.isDigit(byte) { index += 1 }
    }

    private mutating func parseString() throws(NetworkError) -> String {
        index += 1
        var output: [UInt8] = []
        while true {
            guard let byte = current else { throw failure("unterminated string") }
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                guard let text = String(validating: output, as: UTF8.self) else { throw failure("invalid UTF-8 in a string") }
                return text
            case UInt8(ascii: "\\"):
                index += 1
                try parseEscape(into: &output)
            case 0x00..<0x20:
                throw failure("control character \(JSONParser.describe(byte)) in a string; escape it")
            default:
                output.append(byte)
                index += 1
            }
        }
    }

    private mutating func parseEscape(into output: inout [UInt8]) throws(NetworkError) {
        guard let byte = current else { throw failure("unterminated escape") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(byte)
        case UInt8(ascii: "b"): output.append(0x08)
        case UInt8(ascii: "f"): output.append(0x0C)
        case UInt8(ascii: "n"): output.append(0x0A)
        case UInt8(ascii: "r"): output.append(0x0D)
        case UInt8(ascii: "t"): output.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try parseHex4()
            if (0xD800..<0xDC00).contains(scalar), bytes.count >= index + 6,
               bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                let saved = index
                index += 2
                let low = try parseHex4()
                if (0xDC00..<0xE000).contains(low) {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else {
                    index = saved
                }
            }
            let character = Unicode.Scalar(scalar) ?? "\u{FFFD}"
            output.append(contentsOf: Array(String(character).utf8))
        default:
            throw failure("invalid escape '\\\(JSONParser.describe(byte))'")
        }
    }

    private mutating func parseHex4() throws(NetworkError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = PercentEncoding.hexValue(byte) else { throw failure("expected four hex digits after \\u") }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private static func describe(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : String(format: "0x%02X", byte)
    }
}
