/// A strict RFC 8259 JSON parser that keeps member order, number text and source offsets.
struct JSONParser {
    /// Arrays and objects nested deeper than this are refused instead of exhausting the stack.
    static let maximumDepth = 512

    /// Parses a whole text: one value, surrounded only by whitespace (a UTF-8 byte order mark is allowed).
    static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> ParsedJSON {
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) -> ParsedJSON in try parse(buffer) }
    }

    /// Parses a whole text held in memory someone else owns.
    static func parse(_ buffer: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> ParsedJSON {
        var start = 0
        if buffer.count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF { start = 3 }
        var parser = JSONParser(bytes: buffer, index: start)
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        if parser.index < buffer.count {
            throw JSONSyntaxError(offset: parser.index, reason: "unexpected \(parser.describeCurrent()) after the end of the JSON value")
        }
        return value
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index: Int

    private init(bytes: UnsafeBufferPointer<UInt8>, index: Int) {
        self.bytes = bytes
        self.index = index
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private func describeCurrent() -> String {
        guard index < bytes.count else { return "end of file" }
        let byte = bytes[index]
        if byte >= 0x20 && byte < 0x7F { return "character '\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    private mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> ParsedJSON {
        guard index < bytes.count else { throw JSONSyntaxError(offset: index, reason: "unexpected end of file where a value was expected") }
        let start = index
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return ParsedJSON(kind: .string(try parseString()), offset: start)
        case UInt8(ascii: "t"): try expectLiteral("true"); return ParsedJSON(kind: .bool(true), offset: start)
        case UInt8(ascii: "f"): try expectLiteral("false"); return ParsedJSON(kind: .bool(false), offset: start)
        case UInt8(ascii: "n"): try expectLiteral("null"); return ParsedJSON(kind: .null, offset: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return ParsedJSON(kind: .number(try parseNumber()), offset: start)
        default: throw JSONSyntaxError(offset: index, reason: "unexpected \(describeCurrent()) where a value was expected")
        }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
        let start = index
        let count = literal.utf8CodeUnitCount
        let matches = literal.withUTF8Buffer { expected in
            guard start + count <= bytes.count else { return false }
            for offset in 0..<count where bytes[start + offset] != expected[offset] { return false }
            return true
        }
        guard matches else { throw JSONSyntaxError(offset: start, reason: "invalid literal; expected '\(literal)'") }
        index += count
    }

    private mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> ParsedJSON {
        let start = index
        guard depth <= JSONParser.maximumDepth else { throw JSONSyntaxError(offset: index, reason: "nesting deeper than \(JSONParser.maximumDepth) levels") }
        index += 1
        var members: [ParsedMember] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return ParsedJSON(kind: .object(members), offset: start)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw JSONSyntaxError(offset: index, reason: "unexpected \(describeCurrent()) where a key in double quotes was expected")
            }
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw JSONSyntaxError(offset: index, reason: "expected ':' after the key \"\(key)\", found \(describeCurrent())")
            }
            index += 1
            skipWhitespace()
            let value = try parseValue(depth: depth)
            members.append(ParsedMember(key: key, value: value))
            skipWhitespace()
            guard index < bytes.count else { throw JSONSyntaxError(offset: index, reason: "unexpected end of file inside an object; expected ',' or '}'") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; break }
            throw JSONSyntaxError(offset: index, reason: "expected ',' or '}' after an object member, found \(describeCurrent())")
        }
        return ParsedJSON(kind: .object(members), offset: start)
    }

    private mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> ParsedJSON {
        let start = index
        guard depth <= JSONParser.maximumDepth else { throw JSONSyntaxError(offset: index, reason: "nesting deeper than \(JSONParser.maximumDepth) levels") }
        index += 1
        var items: [ParsedJSON] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return ParsedJSON(kind: .array(items), offset: start)
        }
        while true {
            skipWhitespace()
            items.append(try parseValue(depth: depth))
            skipWhitespace()
            guard index < bytes.count else { throw JSONSyntaxError(offset: index, reason: "unexpected end of file inside an array; expected ',' or ']'") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; break }
            throw JSONSyntaxError(offset: index, reason: "expected ',' or ']' after an array element, found \(describeCurrent())")
        }
        return ParsedJSON(kind: .array(items), offset: start)
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> String {
        let start = index
        func digits() -> Int {
            let from = index
            while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
            return index - from
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") else {
            throw JSONSyntaxError(offset: index, reason: "invalid number: a digit must follow '-'")
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                throw JSONSyntaxError(offset: start, reason: "invalid number: leading zeros are not allowed")
            }
        } else {
            _ = digits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw JSONSyntaxError(offset: index, reason: "invalid number: a digit must follow '.'") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw JSONSyntaxError(offset: index, reason: "invalid number: a digit must follow the exponent") }
        }
        return String(decoding: bytes.part(start, index), as: UTF8.self)
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        let quote = index
        index += 1
        let contentStart = index
        var hasEscapes = false
        while true {
            guard index < bytes.count else { throw JSONSyntaxError(offset: quote, reason: "unterminated string: the closing '\"' is missing") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { break }
            if byte < 0x20 {
                throw JSONSyntaxError(offset: index, reason: "control character (byte 0x\(String(byte, radix: 16, uppercase: true))) in a string; write it as an escape such as \\n")
            }
            if byte == UInt8(ascii: "\\") {
                hasEscapes = true
                index += 2
            } else {
                index += 1
            }
        }
        let contentEnd = index
        index += 1
        if !hasEscapes {
            guard let text = JSONParser.makeString(bytes.part(contentStart, contentEnd)) else {
                throw JSONSyntaxError(offset: contentStart, reason: "the string is not valid UTF-8")
            }
            return text
        }
        return try unescape(from: contentStart, to: contentEnd)
    }

    private func unescape(from start: Int, to end: Int) throws(JSONSyntaxError) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(end - start)
        var position = start
        func hexValue(at offset: Int) throws(JSONSyntaxError) -> UInt32 {
            guard offset + 4 <= end else { throw JSONSyntaxError(offset: offset, reason: "invalid \\u escape: four hex digits are needed") }
            var value: UInt32 = 0
            for index in offset..<offset + 4 {
                let byte = bytes[index]
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: throw JSONSyntaxError(offset: index, reason: "invalid \\u escape: '\(Character(Unicode.Scalar(byte)))' is not a hex digit")
                }
                value = value << 4 | UInt32(digit)
            }
            return value
        }
        func append(scalar value: UInt32) {
            let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
            output.append(contentsOf: Array(String(Character(scalar)).utf8))
        }
        while position < end {
            let byte = bytes[position]
            guard byte == UInt8(ascii: "\\") else {
                var runEnd = position + 1
                while runEnd < end, bytes[runEnd] != UInt8(ascii: "\\") { runEnd += 1 }
                output.append(contentsOf: bytes.part(position, runEnd))
                position = runEnd
                continue
            }
            guard position + 1 < end else { throw JSONSyntaxError(offset: position, reason: "invalid escape at the end of a string") }
            let escaped = bytes[position + 1]
            position += 2
            switch escaped {
            case UInt8(ascii: "\""): output.append(0x22)
            case UInt8(ascii: "\\"): output.append(0x5C)
            case UInt8(ascii: "/"): output.append(0x2F)
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "u"):
                let unit = try hexValue(at: position)
                position += 4
                if unit >= 0xD800 && unit < 0xDC00, position + 6 <= end, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") {
                    let low = try hexValue(at: position + 2)
                    if low >= 0xDC00 && low < 0xE000 {
                        position += 6
                        append(scalar: 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
                        continue
                    }
                }
                append(scalar: unit)
            default:
                throw JSONSyntaxError(offset: position - 2, reason: "invalid escape '\\\(Character(Unicode.Scalar(escaped)))'; valid escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX")
            }
        }
        let text = output.withUnsafeBufferPointer { JSONParser.makeString($0) }
        guard let text else {
            throw JSONSyntaxError(offset: start, reason: "the string is not valid UTF-8")
        }
        return text
    }

    /// A string from UTF-8 bytes, or nil when they are not valid UTF-8; pure ASCII skips validation.
    private static func makeString(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var ascii = true
        for byte in bytes where byte >= 0x80 {
            ascii = false
            break
        }
        if ascii { return String(decoding: bytes, as: UTF8.self) }
        return String(validating: bytes, as: UTF8.self)
    }
}

extension UnsafeBufferPointer where Element == UInt8 {
    /// The bytes from `start` up to `end`, as a buffer over the same memory.
    func part(_ start: Int, _ end: Int) -> UnsafeBufferPointer<UInt8> {
        guard let base = baseAddress, start < end else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: base + start, count: end - start)
    }
}
