/// Splits a command line the way a POSIX shell (bash, zsh) would, without expanding anything.
///
/// Handles single quotes, double quotes with backslash escapes, `$'…'` ANSI-C quoting,
/// backslash escapes and backslash-newline continuations, `#` comments and control operators.
/// `$NAME`, `${NAME}` and `$(…)` are kept as literal text and reported.
public struct PosixShellTokenizer {
    private let scalars: [Unicode.Scalar]
    private var position = 0
    private var line = 1
    private var tokens: [ShellToken] = []
    private var warnings: [ConversionWarning] = []
    private var reportedVariables: Set<String> = []

    /// Creates a tokenizer for a command line.
    public init(_ text: String) {
        self.scalars = Array(text.unicodeScalars)
    }

    /// Tokenizes a whole command line.
    public static func tokenize(_ text: String) throws -> ShellTokenization {
        var tokenizer = PosixShellTokenizer(text)
        return try tokenizer.run()
    }

    private var current: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

    private func peek(_ offset: Int) -> Unicode.Scalar? {
        position + offset < scalars.count ? scalars[position + offset] : nil
    }

    private mutating func run() throws -> ShellTokenization {
        var word = ""
        var inWord = false

        func finishWord(_ word: inout String, _ inWord: inout Bool, into tokens: inout [ShellToken]) {
            if inWord { tokens.append(.word(word)) }
            word = ""
            inWord = false
        }

        while let scalar = current {
            switch scalar {
            case " ", "\t", "\r":
                finishWord(&word, &inWord, into: &tokens)
                position += 1
            case "\n":
                finishWord(&word, &inWord, into: &tokens)
                tokens.append(.separator("\n"))
                line += 1
                position += 1
            case "\\":
                if peek(1) == "\n" {
                    position += 2
                    line += 1
                } else if peek(1) == "\r", peek(2) == "\n" {
                    position += 3
                    line += 1
                } else if let next = peek(1) {
                    word.unicodeScalars.append(next)
                    inWord = true
                    position += 2
                } else {
                    position += 1
                }
            case "'":
                position += 1
                word += try readSingleQuoted()
                inWord = true
            case "\"":
                position += 1
                word += try readDoubleQuoted()
                inWord = true
            case "$" where peek(1) == "'":
                position += 2
                word += try readAnsiCQuoted()
                inWord = true
            case "$":
                word += readDollar()
                inWord = true
            case "#" where !inWord:
                while let next = current, next != "\n" { position += 1 }
            case ";", "&", "|":
                finishWord(&word, &inWord, into: &tokens)
                if let next = peek(1), next == scalar, scalar != ";" {
                    tokens.append(.separator(String(scalar) + String(next)))
                    position += 2
                } else if scalar == "&", peek(1) == ">" {
                    position += 2
                    if current == ">" { position += 1 }
                    tokens.append(.redirection("&>"))
                } else {
                    tokens.append(.separator(String(scalar)))
                    position += 1
                }
            case ">", "<":
                var operatorText = String(scalar)
                if inWord, !word.isEmpty, word.unicodeScalars.allSatisfy({ $0.properties.numericType != nil && $0.isASCII }) {
                    operatorText = word + operatorText
                    word = ""
                    inWord = false
                } else {
                    finishWord(&word, &inWord, into: &tokens)
                }
                position += 1
                while let next = current, next == ">" || next == "&" || (scalar == "<" && next == "<") {
                    operatorText.unicodeScalars.append(next)
                    position += 1
                }
                tokens.append(.redirection(operatorText))
            default:
                word.unicodeScalars.append(scalar)
                inWord = true
                position += 1
            }
        }
        finishWord(&word, &inWord, into: &tokens)
        return ShellTokenization(tokens: tokens, warnings: warnings)
    }

    private mutating func readSingleQuoted() throws -> String {
        let startLine = line
        var text = ""
        while let scalar = current {
            position += 1
            if scalar == "'" { return text }
            if scalar == "\n" { line += 1 }
            text.unicodeScalars.append(scalar)
        }
        throw ShellTokenizerError.unterminatedQuote(quote: "'", line: startLine)
    }

    private mutating func readDoubleQuoted() throws -> String {
        let startLine = line
        var text = ""
        while let scalar = current {
            switch scalar {
            case "\"":
                position += 1
                return text
            case "\\":
                guard let next = peek(1) else {
                    position += 1
                    continue
                }
                switch next {
                case "$", "`", "\"", "\\":
                    text.unicodeScalars.append(next)
                    position += 2
                case "\n":
                    line += 1
                    position += 2
                case "\r" where peek(2) == "\n":
                    line += 1
                    position += 3
                default:
                    text.unicodeScalars.append("\\")
                    position += 1
                }
            case "$":
                text += readDollar()
            default:
                if scalar == "\n" { line += 1 }
                text.unicodeScalars.append(scalar)
                position += 1
            }
        }
        throw ShellTokenizerError.unterminatedQuote(quote: "\"", line: startLine)
    }

    /// Reads `$NAME`, `${…}` or `$(…)` as literal text and reports it once.
    private mutating func readDollar() -> String {
        var text = "$"
        position += 1
        guard let next = current else { return text }
        if next == "{" || next == "(" {
            let close: Unicode.Scalar = next == "{" ? "}" : ")"
            var depth = 0
            while let scalar = current {
                text.unicodeScalars.append(scalar)
                position += 1
                if scalar == next { depth += 1 }
                if scalar == close {
                    depth -= 1
                    if depth == 0 { break }
                }
            }
        } else if next == "_" || next.properties.isAlphabetic && next.isASCII {
            while let scalar = current, scalar == "_" || (scalar.isASCII && (scalar.properties.isAlphabetic || scalar.properties.numericType != nil)) {
                text.unicodeScalars.append(scalar)
                position += 1
            }
        } else {
            return text
        }
        if !reportedVariables.contains(text) {
            reportedVariables.insert(text)
            warnings.append(ConversionWarning(.unsupported, at: text, "shell expansion kept as literal text; replace it with a {{variable}} or its value"))
        }
        return text
    }

    private mutating func readAnsiCQuoted() throws -> String {
        let startLine = line
        var text = ""
        var bytes: [UInt8] = []
        func flush() {
            if !bytes.isEmpty { text += String(decoding: bytes, as: UTF8.self) }
            bytes = []
        }
        while let scalar = current {
            position += 1
            switch scalar {
            case "'":
                flush()
                return text
            case "\\":
                switch readAnsiCEscape() {
                case .byte(let byte): bytes.append(byte)
                case .text(let escaped):
                    flush()
                    text += escaped
                }
            default:
                flush()
                if scalar == "\n" { line += 1 }
                text.unicodeScalars.append(scalar)
            }
        }
        throw ShellTokenizerError.unterminatedQuote(quote: "$'", line: startLine)
    }

    /// What one `$'…'` escape stands for: text, or a raw byte that joins its neighbours as UTF-8.
    private enum AnsiCEscape {
        case text(String)
        case byte(UInt8)
    }

    /// Reads the escape after a backslash inside `$'…'`.
    private mutating func readAnsiCEscape() -> AnsiCEscape {
        guard let scalar = current else { return .text("\\") }
        position += 1
        let simple: String
        switch scalar {
        case "a": simple = "\u{07}"
        case "b": simple = "\u{08}"
        case "e", "E": simple = "\u{1B}"
        case "f": simple = "\u{0C}"
        case "n": simple = "\n"
        case "r": simple = "\r"
        case "t": simple = "\t"
        case "v": simple = "\u{0B}"
        case "\\", "'", "\"", "?": simple = String(scalar)
        case "x": return readCodePoint(radix: 16, maxDigits: 2, prefix: "\\x")
        case "u": return readCodePoint(radix: 16, maxDigits: 4, prefix: "\\u")
        case "U": return readCodePoint(radix: 16, maxDigits: 8, prefix: "\\U")
        case "c":
            guard let control = current, control.isASCII else { return .text("\\c") }
            position += 1
            simple = String(Unicode.Scalar(UInt8(control.value & 0x1F)))
        case "0"..."7":
            position -= 1
            return readCodePoint(radix: 8, maxDigits: 3, prefix: "\\")
        default:
            simple = "\\" + String(scalar)
        }
        return .text(simple)
    }

    /// Reads up to `maxDigits` digits: a byte for `\xHH` and octal, a character for `\u` and `\U`.
    private mutating func readCodePoint(radix: Int, maxDigits: Int, prefix: String) -> AnsiCEscape {
        var digits = ""
        while digits.count < maxDigits, let scalar = current, scalar.isASCII,
              Int(String(scalar), radix: radix) != nil {
            digits.unicodeScalars.append(scalar)
            position += 1
        }
        guard !digits.isEmpty, let value = UInt32(digits, radix: radix) else { return .text(prefix) }
        if radix == 16 && maxDigits == 2 || radix == 8 {
            return .byte(UInt8(truncatingIfNeeded: value))
        }
        guard let character = Unicode.Scalar(value) else { return .text(prefix + digits) }
        return .text(String(character))
    }
}
