import Foundation
import RequestKit

/// Text made safe for each place of a `.http` file, so that no field can start a line of syntax: a request (`###`),
/// a directive (`# @name`), a header, a response handler (`>`), a file reference (`<`).
enum HTTPFileText {
    /// A request or folder name on a `###`, `# @name` or `# @folder` line: line breaks and NUL shown as `⏎` and `␀`.
    static func name(_ text: String) -> String {
        OneLineText.visible(text)
    }

    /// A folder name in `# @folder A/B`: as `name`, with `/` written `∕` and a blank name written `␣`.
    static func folderName(_ text: String) -> String {
        var written = String.UnicodeScalarView()
        for scalar in name(text).unicodeScalars { if scalar == "/" { written.append("∕") } else { written.append(scalar) } }
        return String(written).trimmingCharacters(in: .whitespaces).isEmpty ? "␣" : String(written)
    }

    /// The value of a `# @key value` line: a value starting with `=` gets `= ` before it, since the reader takes
    /// `# @key = value` and `# @key value` alike.
    static func directiveValue(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespaces).unicodeScalars.first == "=" ? "= " + text : text
    }

    /// The description as `# ` comment lines, one per line of text (any line break ends a line); a line that
    /// starts with `@` gets a `\` before it, so that it cannot be read as a directive such as `@name`.
    static func commentLines(_ text: String) -> [String] {
        lines(text).map { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            return "# " + (trimmed.unicodeScalars.first == "@" ? "\\" + trimmed : line)
        }
    }

    /// Why a header of this name cannot be a `.http` header line, or nil: it must be a token whatever its
    /// `{{placeholders}}` become, hold no `:`, white space or line break even inside them, and not start like a
    /// comment (`#`, `//`) or a query line (`&`).
    static func headerNameProblem(_ name: String) -> String? {
        if let problem = TemplateHeaderName.problem(name) { return problem }
        if name.unicodeScalars.contains(where: { $0 == ":" || $0 == " " || $0 == "\t" || OneLineText.isLineBreak($0) }) || name.hasPrefix("#") || name.hasPrefix("//") || name.hasPrefix("&") {
            return "a .http header name cannot hold ':', white space or a line break, or start with #, // or & (a comment, a query line)"
        }
        return nil
    }

    /// The URL of the request line: trimmed of white space at both ends (as curlew sends it), with white space, control
    /// characters and line breaks outside `{{placeholders}}` percent-encoded, which sends the same bytes. Line breaks
    /// inside a placeholder are percent-encoded too, and its spaces when the line would not read back with them.
    static func url(_ text: String, method: String) -> String {
        var trimmed = Substring(text)
        while let first = trimmed.unicodeScalars.first, isASCIISpace(first) { trimmed = Substring(trimmed.unicodeScalars.dropFirst()) }
        while let last = trimmed.unicodeScalars.last, isASCIISpace(last) { trimmed = Substring(trimmed.unicodeScalars.dropLast()) }
        let text = String(trimmed)
        let kept = encoded(text, spacesInPlaceholders: false)
        if HTTPFileBlockParser.requestLine(method + " " + kept) == (method, kept) { return kept }
        return encoded(text, spacesInPlaceholders: true)
    }

    private static func isASCIISpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\r" || scalar == "\n"
    }

    private static func encoded(_ text: String, spacesInPlaceholders: Bool) -> String {
        var result = ""
        var cursor = text.startIndex
        func escaped<S: StringProtocol>(_ piece: S, spaces: Bool, controls: Bool = true) -> String {
            var output = String.UnicodeScalarView()
            for scalar in piece.unicodeScalars {
                if (controls && (scalar.value < 0x20 || scalar.value == 0x7F)) || (spaces && scalar == " ") {
                    output.append(contentsOf: String(format: "%%%02X", scalar.value).unicodeScalars)
                } else if OneLineText.isLineBreak(scalar) {
                    for byte in String(scalar).utf8 { output.append(contentsOf: String(format: "%%%02X", byte).unicodeScalars) }
                } else {
                    output.append(scalar)
                }
            }
            return String(output)
        }
        for reference in VariableResolver.references(in: text, scope: VariableScope()) {
            result += escaped(text[cursor..<reference.range.lowerBound], spaces: true)
            result += escaped(text[reference.range], spaces: spacesInPlaceholders, controls: false)
            cursor = reference.range.upperBound
        }
        return result + escaped(text[cursor...], spaces: true)
    }

    /// A body with each line that the format would read as syntax — `###` (a new request), `> ` or `>>` (a response
    /// handler), `<>` (a previous response), `< path` or `<@ path` (a file), white space before them allowed — given
    /// a `\` in front, and a CR at the very end dropped; also returns the lines changed (1-based). Lines end at LF, as
    /// editors and the reader end them.
    static func body(_ text: String) -> (text: String, changed: [Int]) {
        var changed: [Int] = []
        var output = String.UnicodeScalarView()
        var line = String.UnicodeScalarView()
        var number = 1
        func flush() {
            let written = String(line)
            if isSyntax(written) {
                changed.append(number)
                output.append("\\")
            }
            output.append(contentsOf: line)
            line = String.UnicodeScalarView()
        }
        for scalar in text.unicodeScalars {
            if scalar == "\n" {
                flush()
                output.append("\n")
                number += 1
            } else {
                line.append(scalar)
            }
        }
        flush()
        // A CR at the very end would join the LF that ends the body's line into one CR LF line end.
        while output.last == "\r" {
            output.removeLast()
            if changed.last != number { changed.append(number) }
        }
        return (String(output), changed)
    }

    /// Whether a body line reads as something other than body text.
    private static func isSyntax(_ line: String) -> Bool {
        let start = String(line.unicodeScalars.drop { $0 == " " || $0 == "\t" })
        let prefixes = ["###", "> ", ">\t", ">>", "<>", "< ", "<@"]
        return start == ">" || prefixes.contains { start.unicodeScalars.starts(with: $0.unicodeScalars) }
    }

    /// The lines of a text, each line break (CR LF counting as one) ending one.
    static func lines(_ text: String) -> [String] {
        var lines: [String] = []
        var line = String.UnicodeScalarView()
        var scalars = text.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            if OneLineText.isLineBreak(scalar) {
                if scalar == "\r", scalars.first == "\n" { scalars.removeFirst() }
                lines.append(String(line))
                line = String.UnicodeScalarView()
            } else {
                line.append(scalar)
            }
        }
        lines.append(String(line))
        return lines
    }
}
