/// Reads the tokens of one check or capture line, keeping the 1-based column of each.
struct CheckLineCursor {
    /// The longest line read, in characters.
    static let maximumLength = 8_192

    /// The characters of the line.
    let characters: [Character]
    /// The position of the next character.
    var index = 0

    /// A cursor at the start of a line.
    init(_ line: String) {
        characters = Array(line)
    }

    /// The 1-based column of the next character.
    var column: Int { index + 1 }

    /// Whether nothing is left.
    var isAtEnd: Bool { index >= characters.count }

    /// The next character, if any.
    var next: Character? { isAtEnd ? nil : characters[index] }

    /// Skips spaces and tabs; says whether there were any.
    @discardableResult
    mutating func skipSpaces() -> Bool {
        let start = index
        while let character = next, character == " " || character == "\t" { index += 1 }
        return index > start
    }

    /// Reads a run of characters up to a space or the end, without moving when none is left.
    mutating func word() -> (text: String, column: Int) {
        let start = index
        while let character = next, character != " ", character != "\t" { index += 1 }
        return (String(characters[start..<index]), start + 1)
    }

    /// The next word without reading it.
    func peekWord() -> String {
        var copy = self
        return copy.word().text
    }

    /// Requires a space (or the end of the line) after a token, and skips the spaces.
    mutating func requireSeparator(after what: String) throws(CheckSyntaxError) {
        if isAtEnd { return }
        guard skipSpaces() else {
            throw CheckSyntaxError(message: "put a space after \(what)", column: column)
        }
    }

    /// Reads a double-quoted string with Hurl's escapes (`\"`, `\\`, `\n`, `\t`, `\r`, `\b`, `\f`, `\u{…}`) and `{{variables}}`.
    mutating func quotedString() throws(CheckSyntaxError) -> (string: CheckString, columns: [Int], column: Int) {
        let start = column
        guard next == "\"" else {
            throw CheckSyntaxError(message: "expected a double-quoted string here, as in \"text\"", column: start)
        }
        index += 1
        var parts: [CheckString.Part] = []
        var text = ""
        var columns: [Int] = []
        while true {
            guard let character = next else {
                throw CheckSyntaxError(message: "the string that starts here has no closing \"; end it with a double quote", column: start)
            }
            let characterColumn = column
            if character == "\"" {
                index += 1
                break
            }
            if character == "\\" {
                index += 1
                let decoded = try escape(startColumn: characterColumn)
                text.append(decoded)
                columns.append(characterColumn)
                continue
            }
            if character == "{", index + 1 < characters.count, characters[index + 1] == "{" {
                if !text.isEmpty { parts.append(.text(text)) }
                text = ""
                let name = try templateName()
                parts.append(.variable(name))
                columns.append(characterColumn)
                continue
            }
            text.append(character)
            columns.append(characterColumn)
            index += 1
        }
        if !text.isEmpty { parts.append(.text(text)) }
        return (CheckString(parts: parts), columns, start)
    }

    /// Decodes the escape after a backslash.
    private mutating func escape(startColumn: Int) throws(CheckSyntaxError) -> Character {
        guard let character = next else {
            throw CheckSyntaxError(message: "a backslash ends the line; write \\\\ for a backslash", column: startColumn)
        }
        index += 1
        switch character {
        case "\"": return "\""
        case "\\": return "\\"
        case "/": return "/"
        case "{": return "{"
        case "}": return "}"
        case "n": return "\n"
        case "r": return "\r"
        case "t": return "\t"
        case "b": return "\u{08}"
        case "f": return "\u{0C}"
        case "u":
            guard next == "{" else {
                throw CheckSyntaxError(message: "write a Unicode escape as \\u{hex digits}, e.g. \\u{e9}", column: startColumn)
            }
            index += 1
            var digits = ""
            while let digit = next, digit != "}" {
                guard digit.isHexDigit, digits.count < 6 else {
                    throw CheckSyntaxError(message: "a Unicode escape takes 1 to 6 hex digits, as in \\u{1F600}", column: startColumn)
                }
                digits.append(digit)
                index += 1
            }
            guard next == "}", !digits.isEmpty, let value = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(value) else {
                throw CheckSyntaxError(message: "write a Unicode escape as \\u{hex digits} naming a valid code point", column: startColumn)
            }
            index += 1
            return Character(scalar)
        default:
            throw CheckSyntaxError(message: "unknown escape \\\(character); the escapes are \\\" \\\\ \\n \\r \\t \\b \\f \\u{…} \\{", column: startColumn)
        }
    }

    /// Reads `{{name}}` at the cursor and returns the trimmed name.
    mutating func templateName() throws(CheckSyntaxError) -> String {
        let start = column
        index += 2
        var name = ""
        while true {
            guard let character = next else {
                throw CheckSyntaxError(message: "the variable that starts here has no closing }}; write {{name}}", column: start)
            }
            if character == "}" {
                guard index + 1 < characters.count, characters[index + 1] == "}" else {
                    throw CheckSyntaxError(message: "close the variable with }}, as in {{name}}", column: column)
                }
                index += 2
                break
            }
            name.append(character)
            index += 1
        }
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard VariableNameRule.isValid(trimmed) else {
            throw CheckSyntaxError(message: "\"\(trimmed)\" is not a variable name; use letters, digits, _ and - (e.g. {{user_id}})", column: start)
        }
        return trimmed
    }

    /// Reads a `/…/` regular expression literal; `\/` stands for `/`, other escapes stay for the regex engine.
    mutating func regexLiteral() throws(CheckSyntaxError) -> String {
        let start = column
        index += 1
        var pattern = ""
        while true {
            guard let character = next else {
                throw CheckSyntaxError(message: "the regex that starts here has no closing /; end it with / (write \\/ for a slash inside)", column: start)
            }
            index += 1
            if character == "/" { break }
            if character == "\\", let escaped = next {
                index += 1
                if escaped == "/" {
                    pattern.append("/")
                } else {
                    pattern.append("\\")
                    pattern.append(escaped)
                }
                continue
            }
            pattern.append(character)
        }
        guard !pattern.isEmpty else {
            throw CheckSyntaxError(message: "the regex is empty; write a pattern between the slashes, as in /id=(\\d+)/", column: start)
        }
        return pattern
    }
}

/// Which names `{{variables}}` and capture names may take.
enum VariableNameRule {
    /// Letters, digits, `_`, `-` and `.`, starting with a letter, `_` or `$` (built-ins such as `$uuid`).
    static func isValid(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || first == "$" || first.properties.isAlphabetic else { return false }
        return name.unicodeScalars.dropFirst().allSatisfy { $0 == "_" || $0 == "-" || $0 == "." || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
    }
}
