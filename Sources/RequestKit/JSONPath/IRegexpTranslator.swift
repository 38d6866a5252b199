/// Translates an I-Regexp (RFC 9485, the regular expressions of JSONPath's `match` and `search`) into
/// the ICU syntax of Foundation's `NSRegularExpression`, or says that it is not a valid I-Regexp.
///
/// It follows RFC 9485's mapping to ECMAScript, as the JSONPath compliance suite does: `.` becomes
/// `[^\n\r]`, as I-Regexp's dot matches any character but those two, and `^` and `$` outside a class
/// anchor at the start and end of the string (`\A`, `\z`). Every literal character other than an
/// ASCII letter or digit is written as `\x{…}`, so that none of ICU's extra syntax (`&&` and `--`
/// in classes, `#`, `$` before a final line break) can take effect. The translation reads the pattern once,
/// counting groups instead of recursing.
struct IRegexpTranslator {
    /// How deeply groups may nest; a deeper pattern is treated as invalid.
    static let maximumGroupDepth = 64
    /// The largest count a `{n,m}` quantifier may use.
    static let maximumRepeat = 10_000

    private let scalars: [Unicode.Scalar]
    private var position = 0
    private var output = ""

    private init(_ pattern: String) {
        scalars = Array(pattern.unicodeScalars)
    }

    /// The ICU pattern for an I-Regexp, or nil when the text is not a valid I-Regexp.
    static func translate(_ pattern: String) -> String? {
        var translator = IRegexpTranslator(pattern)
        return translator.run() ? translator.output : nil
    }

    private func peek() -> Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

    /// Translates the whole pattern; false when it breaks the grammar.
    private mutating func run() -> Bool {
        var depth = 0
        // Whether the last thing written is an atom a quantifier may follow.
        var quantifiable = false
        while let scalar = peek() {
            position += 1
            switch scalar {
            case "(":
                depth += 1
                guard depth <= Self.maximumGroupDepth else { return false }
                output += "(?:"
                quantifiable = false
            case ")":
                guard depth > 0 else { return false }
                depth -= 1
                output += ")"
                quantifiable = true
            case "|":
                output += "|"
                quantifiable = false
            case "*", "+", "?":
                guard quantifiable else { return false }
                output.unicodeScalars.append(scalar)
                quantifiable = false
            case "{":
                guard quantifiable, rangeQuantifier() else { return false }
                quantifiable = false
            case ".":
                output += "[^\\n\\r]"
                quantifiable = true
            case "[":
                guard characterClass() else { return false }
                quantifiable = true
            case "\\":
                guard escape() else { return false }
                quantifiable = true
            case "^":
                output += "\\A"
                quantifiable = false
            case "$":
                output += "\\z"
                quantifiable = false
            case "]", "}":
                return false
            default:
                appendLiteral(scalar)
                quantifiable = true
            }
        }
        return depth == 0
    }

    /// Reads `{n}`, `{n,}` or `{n,m}` after its `{`.
    private mutating func rangeQuantifier() -> Bool {
        guard let low = count() else { return false }
        var text = "{\(low)"
        if peek() == "," {
            position += 1
            text += ","
            if peek() != "}" {
                guard let high = count(), high >= low else { return false }
                text += "\(high)"
            }
        }
        guard peek() == "}" else { return false }
        position += 1
        output += text + "}"
        return true
    }

    /// Reads the digits of a quantifier's count.
    private mutating func count() -> Int? {
        var value = 0
        var digits = 0
        while let scalar = peek(), scalar.value >= 0x30 && scalar.value <= 0x39 {
            value = value * 10 + Int(scalar.value - 0x30)
            guard value <= Self.maximumRepeat else { return nil }
            digits += 1
            position += 1
        }
        return digits > 0 ? value : nil
    }

    /// Reads a character class after its `[`.
    private mutating func characterClass() -> Bool {
        output += "["
        if peek() == "^" {
            position += 1
            output += "^"
        }
        var isEmpty = true
        if peek() == "-" {
            position += 1
            appendLiteral("-")
            isEmpty = false
        }
        while let scalar = peek() {
            if scalar == "]" {
                guard !isEmpty else { return false }
                position += 1
                output += "]"
                return true
            }
            if scalar == "-" {
                // A '-' is allowed only as the last character.
                guard position + 1 < scalars.count, scalars[position + 1] == "]" else { return false }
                position += 1
                appendLiteral("-")
                continue
            }
            if scalar == "\\", position + 1 < scalars.count, scalars[position + 1] == "p" || scalars[position + 1] == "P" {
                position += 1
                guard escape() else { return false }
                isEmpty = false
                continue
            }
            isEmpty = false
            guard let low = classCharacter() else { return false }
            appendLiteral(low)
            if peek() == "-", position + 1 < scalars.count, scalars[position + 1] != "]" {
                position += 1
                guard let high = classCharacter(), high.value >= low.value else { return false }
                output += "-"
                appendLiteral(high)
            }
        }
        return false
    }

    /// Reads one character of a class (a plain character or a single-character escape).
    private mutating func classCharacter() -> Unicode.Scalar? {
        guard let scalar = peek() else { return nil }
        position += 1
        switch scalar {
        case "-", "[", "]": return nil
        case "\\":
            guard let escaped = peek() else { return nil }
            position += 1
            return Self.singleCharacterEscape(escaped)
        default: return scalar
        }
    }

    /// Reads an escape after its backslash: a single-character escape or a category `\p{…}` / `\P{…}`.
    private mutating func escape() -> Bool {
        guard let letter = peek() else { return false }
        position += 1
        if letter == "p" || letter == "P" {
            guard peek() == "{" else { return false }
            position += 1
            var name = ""
            while let scalar = peek(), scalar != "}" {
                name.unicodeScalars.append(scalar)
                position += 1
            }
            guard peek() == "}", Self.categories.contains(name) else { return false }
            position += 1
            output += "\\\(letter){\(name)}"
            return true
        }
        guard let literal = Self.singleCharacterEscape(letter) else { return false }
        appendLiteral(literal)
        return true
    }

    /// The character a single-character escape (`\n`, `\.`, …) stands for, or nil.
    private static func singleCharacterEscape(_ letter: Unicode.Scalar) -> Unicode.Scalar? {
        switch letter {
        case "n": return "\n"
        case "r": return "\r"
        case "t": return "\t"
        case "(", ")", "*", "+", "-", ".", "?", "[", "\\", "]", "^", "{", "|", "}": return letter
        default: return nil
        }
    }

    /// The Unicode general categories I-Regexp allows in `\p{…}`.
    private static let categories: Set<String> = [
        "L", "Lu", "Ll", "Lt", "Lm", "Lo", "M", "Mn", "Mc", "Me", "N", "Nd", "Nl", "No",
        "P", "Pc", "Pd", "Ps", "Pe", "Pi", "Pf", "Po", "Z", "Zs", "Zl", "Zp",
        "S", "Sm", "Sc", "Sk", "So", "C", "Cc", "Cf", "Co", "Cn",
    ]

    /// Writes a character to match literally.
    private mutating func appendLiteral(_ scalar: Unicode.Scalar) {
        switch scalar.value {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: output.unicodeScalars.append(scalar)
        default: output += "\\x{\(String(scalar.value, radix: 16))}"
        }
    }
}
