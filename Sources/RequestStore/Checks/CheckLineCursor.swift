/// Reads the tokens of one check or capture line over its UTF-8 bytes, keeping the 1-based column of each
/// (counted in Unicode scalars, as file positions and JSONPath errors count them).
struct CheckLineCursor {
    /// The longest line read, in bytes of UTF-8.
    static let maximumLength = 8_192

    /// The UTF-8 bytes of the line.
    let bytes: [UInt8]
    /// The position of the next byte.
    var index = 0
    /// Whether every byte is ASCII, so that a column is the byte position plus one.
    let isASCII: Bool

    /// A cursor at the start of a line.
    init(_ line: String) {
        bytes = Array(line.utf8)
        isASCII = bytes.allSatisfy { $0 < 0x80 }
    }

    /// The 1-based column of the next byte, counted in Unicode scalars.
    var column: Int { column(at: index) }

    /// The 1-based column of a byte position.
    func column(at position: Int) -> Int {
        if isASCII { return position + 1 }
        var count = 1
        for byte in bytes[..<min(position, bytes.count)] where byte & 0xC0 != 0x80 { count += 1 }
        return count
    }

    /// Whether nothing is left.
    var isAtEnd: Bool { index >= bytes.count }

    /// The next byte, if any.
    var next: UInt8? { isAtEnd ? nil : bytes[index] }

    /// Whether the next byte is this ASCII character.
    func nextIs(_ character: Unicode.Scalar) -> Bool {
        index < bytes.count && bytes[index] == UInt8(ascii: character)
    }

    /// Whether the byte after the next one is this ASCII character.
    func secondIs(_ character: Unicode.Scalar) -> Bool {
        index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: character)
    }

    /// Skips spaces and tabs; says whether there were any.
    @discardableResult
    mutating func skipSpaces() -> Bool {
        let start = index
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        return index > start
    }

    /// Reads a run of bytes up to a space or the end, without moving when none is left.
    mutating func word() -> (text: String, column: Int) {
        let start = index
        while index < bytes.count, bytes[index] != 0x20, bytes[index] != 0x09 { index += 1 }
        return (String(decoding: bytes[start..<index], as: UTF8.self), column(at: start))
    }

    /// The next word without reading it.
    func peekWord() -> String {
        var end = index
        while end < bytes.count, bytes[end] != 0x20, bytes[end] != 0x09 { end += 1 }
        return String(decoding: bytes[index..<end], as: UTF8.self)
    }

    /// Requires a space (or the end of the line) after a token, and skips the spaces.
    mutating func requireSeparator(after what: String) throws(CheckSyntaxError) {
        if isAtEnd { return }
        guard skipSpaces() else {
            throw CheckSyntaxError(message: "put a space after \(what)", column: column)
        }
    }

    /// Reads a double-quoted string with Hurl's escapes (`\"`, `\\`, `\n`, `\t`, `\r`, `\b`, `\f`, `\u{…}`) and
    /// `{{variables}}`; with `trackColumns`, `columns` holds the column of each scalar (and of each variable) of
    /// the decoded string, for errors that point inside it.
    mutating func quotedString(trackColumns: Bool = false) throws(CheckSyntaxError) -> (string: CheckString, columns: [Int], column: Int) {
        let start = column
        guard nextIs("\"") else {
            throw CheckSyntaxError(message: "expected a double-quoted string here, as in \"text\"", column: start)
        }
        index += 1
        var parts: [CheckString.Part] = []
        var text: [UInt8] = []
        var columns: [Int] = []
        var currentColumn = start + 1
        while true {
            guard let byte = next else {
                throw CheckSyntaxError(message: "the string that starts here has no closing \"; end it with a double quote", column: start)
            }
            if byte == UInt8(ascii: "\"") {
                index += 1
                break
            }
            if byte == UInt8(ascii: "\\") {
                let escapeStart = index
                index += 1
                let decoded = try escape(startColumn: currentColumn)
                text.append(contentsOf: Array(String(Character(decoded)).utf8))
                if trackColumns { columns.append(currentColumn) }
                currentColumn += index - escapeStart
                continue
            }
            if byte == UInt8(ascii: "{"), secondIs("{") {
                if !text.isEmpty { parts.append(.text(String(decoding: text, as: UTF8.self))) }
                text = []
                let templateStart = index
                let name = try templateName()
                parts.append(.variable(name))
                if trackColumns { columns.append(currentColumn) }
                currentColumn += column(at: index) - column(at: templateStart)
                continue
            }
            text.append(byte)
            if byte & 0xC0 != 0x80 {
                if trackColumns { columns.append(currentColumn) }
                currentColumn += 1
            }
            index += 1
        }
        if !text.isEmpty { parts.append(.text(String(decoding: text, as: UTF8.self))) }
        return (CheckString(parts: parts), columns, start)
    }

    /// Decodes the escape after a backslash.
    private mutating func escape(startColumn: Int) throws(CheckSyntaxError) -> Unicode.Scalar {
        guard let byte = next else {
            throw CheckSyntaxError(message: "a backslash ends the line; write \\\\ for a backslash", column: startColumn)
        }
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "{"): return "{"
        case UInt8(ascii: "}"): return "}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "u"):
            guard nextIs("{") else {
                throw CheckSyntaxError(message: "write a Unicode escape as \\u{hex digits}, e.g. \\u{e9}", column: startColumn)
            }
            index += 1
            var value: UInt32 = 0
            var digits = 0
            while let digit = next, digit != UInt8(ascii: "}") {
                guard let nibble = CheckLineCursor.hexValue(digit), digits < 6 else {
                    throw CheckSyntaxError(message: "a Unicode escape takes 1 to 6 hex digits, as in \\u{1F600}", column: startColumn)
                }
                value = value << 4 | UInt32(nibble)
                digits += 1
                index += 1
            }
            guard nextIs("}"), digits > 0, let scalar = Unicode.Scalar(value) else {
                throw CheckSyntaxError(message: "write a Unicode escape as \\u{hex digits} naming a valid code point", column: startColumn)
            }
            index += 1
            return scalar
        default:
            index -= 1
            let shown = String(decoding: bytes[index..<min(bytes.count, index + CheckLineCursor.scalarLength(byte))], as: UTF8.self)
            throw CheckSyntaxError(message: "unknown escape \\\(shown); the escapes are \\\" \\\\ \\n \\r \\t \\b \\f \\u{…} \\{", column: startColumn)
        }
    }

    /// The value of an ASCII hex digit.
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// How many bytes the UTF-8 sequence that starts with this byte takes.
    static func scalarLength(_ byte: UInt8) -> Int {
        switch byte {
        case 0xF0...: return 4
        case 0xE0...: return 3
        case 0xC0...: return 2
        default: return 1
        }
    }

    /// Reads `{{name}}` at the cursor and returns the name without surrounding spaces.
    mutating func templateName() throws(CheckSyntaxError) -> String {
        let start = column
        index += 2
        let nameStart = index
        while true {
            guard let byte = next else {
                throw CheckSyntaxError(message: "the variable that starts here has no closing }}; write {{name}}", column: start)
            }
            if byte == UInt8(ascii: "}") {
                guard secondIs("}") else {
                    throw CheckSyntaxError(message: "close the variable with }}, as in {{name}}", column: column)
                }
                break
            }
            index += 1
        }
        var first = nameStart
        var last = index
        while first < last, bytes[first] == 0x20 || bytes[first] == 0x09 { first += 1 }
        while last > first, bytes[last - 1] == 0x20 || bytes[last - 1] == 0x09 { last -= 1 }
        index += 2
        let name = String(decoding: bytes[first..<last], as: UTF8.self)
        guard VariableNameRule.isValid(name) else {
            throw CheckSyntaxError(message: "\"\(name)\" is not a variable name; use letters, digits, _ and - (e.g. {{user_id}})", column: start)
        }
        return name
    }

    /// Reads a `/…/` regular expression literal; `\/` stands for `/`, other escapes stay for the regex engine.
    mutating func regexLiteral() throws(CheckSyntaxError) -> String {
        let start = column
        index += 1
        var pattern: [UInt8] = []
        while true {
            guard let byte = next else {
                throw CheckSyntaxError(message: "the regex that starts here has no closing /; end it with / (write \\/ for a slash inside)", column: start)
            }
            index += 1
            if byte == UInt8(ascii: "/") { break }
            if byte == UInt8(ascii: "\\"), let escaped = next {
                index += 1
                if escaped != UInt8(ascii: "/") { pattern.append(byte) }
                pattern.append(escaped)
                continue
            }
            pattern.append(byte)
        }
        guard !pattern.isEmpty else {
            throw CheckSyntaxError(message: "the regex is empty; write a pattern between the slashes, as in /id=(\\d+)/", column: start)
        }
        return String(decoding: pattern, as: UTF8.self)
    }
}

/// Which names `{{variables}}` and capture names may take.
public enum VariableNameRule {
    /// Letters, digits, `_`, `-` and `.`, starting with a letter, `_` or `$` (built-ins such as `$uuid`).
    public static func isValid(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || first == "$" || first.properties.isAlphabetic else { return false }
        return name.unicodeScalars.dropFirst().allSatisfy { $0 == "_" || $0 == "-" || $0 == "." || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
    }
}
