import Foundation

/// A quoted string of a check line, whose `{{variable}}` parts are filled in when the check is evaluated.
public struct CheckString: Hashable, Sendable {
    /// One piece of the string: literal text or a variable reference.
    public enum Part: Hashable, Sendable {
        /// Text taken as written (escapes already decoded).
        case text(String)
        /// `{{name}}`, replaced by the variable's value.
        case variable(String)
    }

    /// The pieces in order.
    public var parts: [Part]

    /// Creates a string from its pieces.
    public init(parts: [Part]) {
        self.parts = parts
    }

    /// A string of literal text only.
    public init(_ text: String) {
        self.parts = text.isEmpty ? [] : [.text(text)]
    }

    /// The literal text when the string has no variables.
    public var literal: String? {
        var text = ""
        for part in parts {
            guard case .text(let piece) = part else { return nil }
            text += piece
        }
        return text
    }

    /// The names of the variables the string uses, in order.
    public var variableNames: [String] {
        parts.compactMap { part in
            if case .variable(let name) = part { return name }
            return nil
        }
    }

    /// The string with each variable replaced by its value, or the name of the first variable that has none.
    public func resolved(_ variables: [String: String]) -> Result<String, UndefinedVariable> {
        var text = ""
        for part in parts {
            switch part {
            case .text(let piece): text += piece
            case .variable(let name):
                guard let value = variables[name] else { return .failure(UndefinedVariable(name: name)) }
                text += value
            }
        }
        return .success(text)
    }

    /// The string as written in a check line: double-quoted, with `"`, `\`, control characters and a `{` that would
    /// open a variable escaped.
    public var quoted: String {
        var text = "\""
        for part in parts {
            switch part {
            case .variable(let name): text += "{{\(name)}}"
            case .text(let piece): text += CheckString.escaped(piece)
            }
        }
        return text + "\""
    }

    /// Text with the escapes a quoted string needs.
    static func escaped(_ text: String) -> String {
        var result = ""
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{08}": result += "\\b"
            case "\u{0C}": result += "\\f"
            // A brace that would open a {{variable}} is written as a code point, which Hurl reads as a brace too.
            case "{" where index + 1 == scalars.count || scalars[index + 1] == "{": result += "\\u{7b}"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}

/// A `{{name}}` whose variable has no value.
public struct UndefinedVariable: Error, Hashable, Sendable, CustomStringConvertible {
    /// The variable's name.
    public var name: String

    /// Creates the error.
    public init(name: String) {
        self.name = name
    }

    /// "the variable NAME has no value; …".
    public var description: String { "the variable \(name) has no value; define it in the environment, with --var, or capture it in an earlier request" }
}

/// A regular expression written either as a quoted string (`"id=(\\d+)"`) or as a regex literal (`/id=(\d+)/`).
public enum CheckPattern: Hashable, Sendable {
    /// A quoted string, which may hold variables.
    case quoted(CheckString)
    /// A `/…/` literal, taken as written except that `\/` stands for `/`.
    case literal(String)

    /// The pattern as written in a check line.
    public var written: String {
        switch self {
        case .quoted(let string): return string.quoted
        case .literal(let pattern): return "/" + pattern.replacingOccurrences(of: "/", with: "\\/") + "/"
        }
    }

    /// The pattern text, with variables filled in.
    public func resolved(_ variables: [String: String]) -> Result<String, UndefinedVariable> {
        switch self {
        case .quoted(let string): return string.resolved(variables)
        case .literal(let pattern): return .success(pattern)
        }
    }
}
