import Foundation

/// Reads a header line (`Vary: User-Agent`) as a check: Hurl's implicit header assert, written as in a `.hurl`
/// file's response, which passes when any of the response's values of that header equals the value.
enum HeaderLineCheck {
    /// The check a trimmed line stands for when it is a header line; nil when it is not one (an assert line).
    /// The name and value are read as Hurl reads them (escapes decoded, `#` starts a comment, `{{templates}}` kept).
    static func read(_ line: String) throws(CheckSyntaxError) -> Check? {
        guard looksLikeHeaderLine(line) else { return nil }
        guard line.utf8.count <= CheckLineCursor.maximumLength else {
            throw CheckSyntaxError(message: "the line is longer than \(CheckLineCursor.maximumLength) bytes; shorten it", column: 1)
        }
        switch HurlKeyValue.read(line) {
        case .success(let row)?:
            guard !row.isEmptyForm else { return nil }
            let query = CheckQuery.header(templated(row.name))
            let predicate = CheckPredicate(function: .equal(.string(templated(row.value))))
            return Check(text: line, query: query, filters: [], predicate: predicate, isHeaderLine: true)
        case .failure(let error)?:
            throw CheckSyntaxError(message: error.message, column: error.column)
        case nil:
            return nil
        }
    }

    /// Whether the line starts with a header name (a word or a quoted name) followed by a colon.
    static func looksLikeHeaderLine(_ line: String) -> Bool {
        let scalars = Array(line.unicodeScalars)
        var index = 0
        if scalars.first == "\"" {
            index = 1
            while index < scalars.count, scalars[index] != "\"" {
                index += scalars[index] == "\\" ? 2 : 1
            }
            index += 1
        } else {
            while index < scalars.count {
                let scalar = scalars[index]
                if scalar == ":" || scalar == " " || scalar == "\t" || scalar == ";" || scalar == "\"" { break }
                index += scalar == "\\" ? 2 : 1
            }
            guard index > 0 else { return false }
        }
        while index < scalars.count, scalars[index] == " " || scalars[index] == "\t" { index += 1 }
        return index < scalars.count && scalars[index] == ":"
    }

    /// Text with `{{name}}` placeholders (on one line, a non-empty name) as a check string's variables.
    static func templated(_ text: String) -> CheckString {
        var parts: [CheckString.Part] = []
        var literal = ""
        var rest = Substring(text)
        while let open = rest.range(of: "{{") {
            let afterOpen = rest[open.upperBound...]
            guard let close = afterOpen.range(of: "}}") else { break }
            let name = afterOpen[..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty, !name.contains("{"), !name.contains("\n") else {
                literal += rest[..<open.upperBound]
                rest = afterOpen
                continue
            }
            literal += rest[..<open.lowerBound]
            if !literal.isEmpty { parts.append(.text(literal)); literal = "" }
            parts.append(.variable(name))
            rest = afterOpen[close.upperBound...]
        }
        literal += rest
        if !literal.isEmpty { parts.append(.text(literal)) }
        return CheckString(parts: parts)
    }
}
