/// The lexical layer of the JSONPath parser: reads the Unicode scalars of a query, its string literals,
/// numbers and names, and reports errors at the 1-based column (in characters, as a person counts them) where they start.
struct JSONPathReader {
    /// The largest integer an index or slice may use: I-JSON's exact range, 2^53 − 1.
    static let maximumInteger: Int64 = 9_007_199_254_740_991

    /// The query's characters.
    let scalars: [Unicode.Scalar]
    /// The index of the next unread character.
    var position = 0

    /// Creates a reader at the start of a query.
    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
    }

    /// Whether every character has been read.
    var isAtEnd: Bool { position >= scalars.count }

    /// The character `offset` places ahead, or nil past the end.
    func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        position + offset < scalars.count ? scalars[position + offset] : nil
    }

    /// Whether the unread text starts with `text`.
    func lookingAt(_ text: String) -> Bool {
        var index = position
        for scalar in text.unicodeScalars {
            guard index < scalars.count, scalars[index] == scalar else { return false }
            index += 1
        }
        return true
    }

    /// Moves past `text` when it comes next; says whether it did.
    mutating func take(_ text: String) -> Bool {
        guard lookingAt(text) else { return false }
        position += text.unicodeScalars.count
        return true
    }

    /// Moves past `text`, or fails naming what was expected.
    mutating func expect(_ text: String, _ what: String) throws(JSONPathError) {
        guard take(text) else { throw error("expected \(what)") }
    }

    /// Moves past blanks (space, tab, line feed, carriage return); says whether there were any.
    @discardableResult
    mutating func skipBlanks() -> Bool {
        let start = position
        while let scalar = peek(), scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" { position += 1 }
        return position > start
    }

    /// An error at the current position, naming what was found there.
    func error(_ message: String, at index: Int? = nil) -> JSONPathError {
        let at = index ?? position
        let found = at < scalars.count ? "found \(Self.describe(scalars[at]))" : "the query ended"
        return JSONPathError(message: "\(message), but \(found)", column: column(at: at))
    }

    /// An error with a complete message at a position.
    func plainError(_ message: String, at index: Int) -> JSONPathError {
        JSONPathError(message: message, column: column(at: index))
    }

    /// The 1-based column, counted in characters (grapheme clusters), of the scalar at an index.
    func column(at index: Int) -> Int {
        var prefix = String.UnicodeScalarView()
        prefix.append(contentsOf: scalars[..<min(index, scalars.count)])
        return String(prefix).count + 1 + max(0, index - scalars.count)
    }

    /// A character as it reads in a message: quoted when printable, else its code point.
    static func describe(_ scalar: Unicode.Scalar) -> String {
        if scalar.value >= 0x21 && scalar.value < 0x7F { return "'\(scalar)'" }
        return "U+" + String(scalar.value, radix: 16, uppercase: true)
    }

    // MARK: Names

    /// Whether a character may start a member name written after a dot.
    static func isNameFirst(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x41...0x5A, 0x61...0x7A, 0x5F, 0x80...0xD7FF, 0xE000...0x10FFFF: return true
        default: return false
        }
    }

    /// Whether a character is an ASCII digit.
    static func isDigit(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar else { return false }
        return scalar.value >= 0x30 && scalar.value <= 0x39
    }

    /// Reads a member name written after a dot (`.name`).
    mutating func memberName() throws(JSONPathError) -> String {
        guard let first = peek(), Self.isNameFirst(first) else { throw error("expected a member name, '*' or '['") }
        var name = String.UnicodeScalarView()
        while let scalar = peek(), Self.isNameFirst(scalar) || Self.isDigit(scalar) {
            name.append(scalar)
            position += 1
        }
        return String(name)
    }

    /// Reads a function name (a lowercase letter, then lowercase letters, digits and `_`) if one comes next.
    mutating func functionName() -> String? {
        guard let first = peek(), first.value >= 0x61 && first.value <= 0x7A else { return nil }
        var name = ""
        while let scalar = peek(), (scalar.value >= 0x61 && scalar.value <= 0x7A) || scalar == "_" || Self.isDigit(scalar) {
            name.unicodeScalars.append(scalar)
            position += 1
        }
        return name
    }

    // MARK: Numbers

    /// Reads an integer (`0` or an optional `-` and digits without a leading zero), range-checked to ±(2^53 − 1).
    mutating func integer() throws(JSONPathError) -> Int64 {
        let start = position
        let negative = take("-")
        guard let first = peek(), Self.isDigit(first) else { throw error("expected an integer") }
        if first == "0" {
            position += 1
            if negative { throw plainError("'-0' is not a valid index; write 0", at: start) }
            if Self.isDigit(peek()) { throw plainError("an integer may not have leading zeros", at: start) }
            return 0
        }
        var magnitude: Int64 = 0
        var tooLarge = false
        while let scalar = peek(), Self.isDigit(scalar) {
            if !tooLarge {
                magnitude = magnitude * 10 + Int64(scalar.value - 0x30)
                tooLarge = magnitude > Self.maximumInteger
            }
            position += 1
        }
        if tooLarge {
            throw plainError("the integer is out of range; it must lie between -\(Self.maximumInteger) and \(Self.maximumInteger)", at: start)
        }
        return negative ? -magnitude : magnitude
    }

    /// Reads a number literal (`-0`, fractions and exponents allowed) and returns its text.
    mutating func number() throws(JSONPathError) -> String {
        let start = position
        _ = take("-")
        guard let first = peek(), Self.isDigit(first) else { throw error("expected a number") }
        position += 1
        if first == "0" {
            if Self.isDigit(peek()) { throw plainError("a number may not have leading zeros", at: start) }
        } else {
            while Self.isDigit(peek()) { position += 1 }
        }
        if take(".") {
            guard Self.isDigit(peek()) else { throw error("expected a digit after '.'") }
            while Self.isDigit(peek()) { position += 1 }
        }
        if take("e") || take("E") {
            if !take("-") { _ = take("+") }
            guard Self.isDigit(peek()) else { throw error("expected a digit in the exponent") }
            while Self.isDigit(peek()) { position += 1 }
        }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars[start..<position])
        return String(text)
    }

    // MARK: Strings

    /// Reads a string literal in single or double quotes, decoding its escapes.
    mutating func stringLiteral() throws(JSONPathError) -> String {
        guard let quote = peek(), quote == "'" || quote == "\"" else { throw error("expected a string in quotes") }
        let start = position
        position += 1
        var text = String.UnicodeScalarView()
        while true {
            guard let scalar = peek() else { throw plainError("the string is not closed; add a \(quote)", at: start) }
            if scalar == quote {
                position += 1
                return String(text)
            }
            if scalar == "\\" {
                text.append(try escape(in: quote))
                continue
            }
            if scalar.value < 0x20 {
                throw error("a control character must be escaped in a string (as \\n, \\t or \\u00XX)")
            }
            text.append(scalar)
            position += 1
        }
    }

    /// Reads one escape sequence at the backslash under the position.
    private mutating func escape(in quote: Unicode.Scalar) throws(JSONPathError) -> Unicode.Scalar {
        let start = position
        position += 1
        guard let letter = peek() else { throw plainError("the escape at the end of the query is incomplete", at: start) }
        position += 1
        switch letter {
        case "b": return "\u{08}"
        case "f": return "\u{0C}"
        case "n": return "\n"
        case "r": return "\r"
        case "t": return "\t"
        case "/": return "/"
        case "\\": return "\\"
        case "u": return try unicodeEscape(startingAt: start)
        default:
            if letter == quote { return quote }
            throw plainError("invalid escape '\\\(letter)'; valid escapes are \\b \\f \\n \\r \\t \\/ \\\\ \\\(quote) and \\uXXXX", at: start)
        }
    }

    /// Reads the four hexadecimal digits of a `\u` escape, and a second escape when the first is a high surrogate.
    private mutating func unicodeEscape(startingAt start: Int) throws(JSONPathError) -> Unicode.Scalar {
        let unit = try fourHexDigits(escapeStart: start)
        if unit >= 0xDC00 && unit <= 0xDFFF {
            throw plainError("a low surrogate (\\u\(String(unit, radix: 16))) must follow a high surrogate", at: start)
        }
        if unit >= 0xD800 && unit <= 0xDBFF {
            guard take("\\u") else {
                throw plainError("a high surrogate (\\u\(String(unit, radix: 16))) must be followed by a \\u escape of a low surrogate", at: start)
            }
            let low = try fourHexDigits(escapeStart: position - 2)
            guard low >= 0xDC00 && low <= 0xDFFF else {
                throw plainError("a high surrogate must be followed by a low surrogate (\\uDC00 to \\uDFFF)", at: start)
            }
            let combined = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
            return Unicode.Scalar(combined) ?? "\u{FFFD}"
        }
        return Unicode.Scalar(unit) ?? "\u{FFFD}"
    }

    /// Reads four hexadecimal digits.
    private mutating func fourHexDigits(escapeStart: Int) throws(JSONPathError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let scalar = peek(), let digit = Self.hexValue(scalar) else {
                throw plainError("a \\u escape needs four hexadecimal digits", at: escapeStart)
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    /// The value of a hexadecimal digit, or nil.
    private static func hexValue(_ scalar: Unicode.Scalar) -> UInt32? {
        switch scalar.value {
        case 0x30...0x39: return scalar.value - 0x30
        case 0x41...0x46: return scalar.value - 0x41 + 10
        case 0x61...0x66: return scalar.value - 0x61 + 10
        default: return nil
        }
    }
}
