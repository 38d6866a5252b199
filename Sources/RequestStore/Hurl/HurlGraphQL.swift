import RequestKit
import Foundation

/// A ```` ```graphql ```` body: its query and the `variables { … }` object that may end it, sent as Hurl sends
/// them, a JSON object `{"query": …, "variables": …}`.
enum HurlGraphQL {
    /// Splits a GraphQL multiline string into its query (trailing blank space left out) and the text of its
    /// variables object, or nil when a `variables` line is not followed by one object that ends the string.
    static func split(_ text: String) -> (query: String, variables: String?)? {
        var lines = text.components(separatedBy: "\n")
        guard let start = lines.lastIndex(where: { line in
            let rest = line.drop { $0 == " " || $0 == "\t" }
            guard rest.hasPrefix("variables") else { return false }
            return rest.dropFirst(9).drop { $0 == " " || $0 == "\t" }.hasPrefix("{")
        }), isBalanced(lines[..<start].joined(separator: "\n")) else {
            return (trimmedEnd(text), nil)
        }
        let first = lines[start].drop { $0 == " " || $0 == "\t" }.dropFirst(9).drop { $0 == " " || $0 == "\t" }
        lines[start] = String(first)
        let variables = trimmedEnd(lines[start...].joined(separator: "\n"))
        guard variables.hasSuffix("}") else { return nil }
        return (trimmedEnd(lines[..<start].joined(separator: "\n")), variables)
    }

    /// Whether every `{` of a query is closed, braces in strings and `#` comments aside; a `variables {` line
    /// inside an open selection is a field of the query, not its variables.
    static func isBalanced(_ query: String) -> Bool {
        var depth = 0
        var inString = false
        var inComment = false
        var escaped = false
        for scalar in query.unicodeScalars {
            if inComment {
                if scalar == "\n" { inComment = false }
            } else if inString {
                if escaped { escaped = false } else if scalar == "\\" { escaped = true } else if scalar == "\"" { inString = false }
            } else {
                switch scalar {
                case "\"": inString = true
                case "#": inComment = true
                case "{": depth += 1
                case "}": depth -= 1
                default: break
                }
            }
        }
        return depth == 0 && !inString
    }

    /// The JSON body that carries a query and its variables, written compact as Hurl sends them.
    static func jsonBody(query: String, variables: String?) -> String {
        var body = "{\"query\":" + JSONStringLiteral.quote(query)
        if let variables { body += ",\"variables\":" + compact(variables) }
        return body + "}"
    }

    /// JSON text without the blank space between its tokens (what is inside strings is kept).
    static func compact(_ json: String) -> String {
        var scalars = String.UnicodeScalarView()
        var inString = false, escaped = false
        for scalar in json.unicodeScalars {
            if inString {
                if escaped { escaped = false } else if scalar == "\\" { escaped = true } else if scalar == "\"" { inString = false }
            } else if scalar == "\"" {
                inString = true
            } else if scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" {
                continue
            }
            scalars.append(scalar)
        }
        return String(scalars)
    }

    /// Text without the spaces, tabs and line breaks that end it.
    private static func trimmedEnd(_ text: String) -> String {
        var result = Substring(text)
        while let last = result.last, last == " " || last == "\t" || last == "\n" || last == "\r\n" || last == "\r" { result = result.dropLast() }
        return String(result)
    }
}
