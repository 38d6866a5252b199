import Foundation
import RequestKit

extension HurlParser {
    /// The request body a written body stands for: JSON as JSON, XML and text as raw text, bytes as raw
    /// text when they are UTF-8 and as bytes otherwise, a file as a file.
    mutating func requestBody(_ body: HurlBody, line: Int) -> SavedBody {
        switch body {
        case .json(let text): return .json(text)
        case .xml(let text): return .raw(text: text, contentType: "application/xml")
        case .multiline(let text, let language, let novariable):
            // Text whose {{…}} must go out as written is kept as bytes, which are never filled in.
            let literal = novariable && VariableResolver.containsPlaceholder(text)
            switch language {
            case .json: return literal ? .bytes(Data(text.utf8), contentType: "application/json") : .json(text)
            case .xml: return literal ? .bytes(Data(text.utf8), contentType: "application/xml") : .raw(text: text, contentType: "application/xml")
            case .text, .graphql: return literal ? .bytes(Data(text.utf8), contentType: nil) : .raw(text: text, contentType: nil)
            }
        case .oneline(let text): return .raw(text: text, contentType: nil)
        case .bytes(let data):
            // Bytes are sent as written: text holding {{…}} stays bytes, so that it is not filled in.
            guard let text = String(data: data, encoding: .utf8), !VariableResolver.containsPlaceholder(text) else {
                return .bytes(data, contentType: nil)
            }
            return .raw(text: text, contentType: nil)
        case .file(let path): return .file(path: path, contentType: "")
        case .graphql(let query, let variables): return .json(HurlGraphQL.jsonBody(query: query, variables: variables))
        }
    }

    /// Reads a response: the status line, header asserts, [Captures] and [Asserts], and an implicit body assert.
    mutating func response(into request: inout SavedRequest, checkLines: inout [Int], captureLines: inout [Int]) throws(FileFormatError) {
        guard let line = current else { return }
        let statusLine = lineNumber
        for check in try statusChecks(line) {
            request.checks.append(check)
            checkLines.append(statusLine)
        }
        index += 1
        // Each header line stays a header line (Hurl's implicit header assert: any of the header's values equals it).
        for row in try keyValueLines(what: "header assert") {
            let text = HurlEntryWriter.key(row.name) + ": " + HurlEntryWriter.value(row.value)
            request.checks.append(try check(text, line: row.line, column: 1))
            checkLines.append(row.line)
        }
        while let content = peekContent(), let section = HurlLineKind.sectionName(content) {
            skipSkippable()
            let column = HurlLineKind.indent(content) + 2
            guard Self.responseSections.contains(section) else {
                if Self.requestSections.contains(section) {
                    throw source.error(line: lineNumber, column: column, "[\(section)] belongs to the request; write it before the status line")
                }
                throw source.error(line: lineNumber, column: column, "unknown section [\(section)]; a response has [Captures] and [Asserts]")
            }
            index += 1
            while let text = current {
                if HurlLineKind.isSkippable(text) {
                    let next = nextContentIndex()
                    guard next < source.lines.count, !Self.endsLines(source.lines[next].text) else { break }
                    index = next
                    continue
                }
                if HurlLineKind.sectionName(text) != nil || HurlLineKind.isStatusLine(text) || HurlLineKind.requestLine(text) != nil
                    || HurlBodyReader.startsBody(text) { break }
                let written = HurlComments.cut(text)
                if section == "Asserts" {
                    let line = lineNumber
                    request.checks.append(try check(try onelineValue(try multilineValue(written)), line: line, column: 1))
                    checkLines.append(line)
                } else {
                    do throws(CheckSyntaxError) {
                        request.captures.append(try CaptureRule.parse(written))
                        captureLines.append(lineNumber)
                    } catch {
                        throw source.error(line: lineNumber, column: error.column, error.message)
                    }
                }
                index += 1
            }
        }
        if let content = peekContent(), HurlBodyReader.startsBody(content) {
            skipSkippable()
            let bodyLine = lineNumber
            let column = HurlLineKind.indent(content) + 1
            switch try readBody() {
            case .multiline(let text, _, true):
                request.checks.append(try check("body == " + CheckString(text).quoted, line: bodyLine, column: column))
                checkLines.append(bodyLine)
            case .multiline(let text, _, false), .oneline(let text), .json(let text), .xml(let text):
                request.checks.append(try check("body == " + Self.quoted(text), line: bodyLine, column: column))
                checkLines.append(bodyLine)
            case .bytes(let data):
                request.checks.append(try check("bytes == hex," + data.map { String(format: "%02x", $0) }.joined() + ";", line: bodyLine, column: column))
                checkLines.append(bodyLine)
            case .graphql:
                unsupported(line: bodyLine, column: column, "an implicit GraphQL body assert; check the body with [Asserts] jsonpath lines")
            case .file(let path) where path.contains(where: \.isWhitespace):
                unsupported(line: bodyLine, column: column, "an implicit body from a file whose path holds a space; rename the file")
            case .file(let path):
                request.checks.append(try check("bytes == file," + path + ";", line: bodyLine, column: column))
                checkLines.append(bodyLine)
            }
        }
    }

    /// An assert line whose predicate value is a multiline string (it ends with ```` ``` ```` and the text follows
    /// on the next lines up to a ```` ``` ```` line) as one line with the text quoted; other lines as they are. A
    /// ```` ```graphql ```` value is its text, as Hurl compares it.
    private mutating func multilineValue(_ written: String) throws(FileFormatError) -> String {
        let trimmed = written.trimmingCharacters(in: .whitespaces)
        let pieces = trimmed.components(separatedBy: "```")
        guard pieces.count == 2, let opening = pieces.last, case .success(let header) = HurlMultilineHeader.read(opening) else { return written }
        let startLine = lineNumber
        let prefix = pieces[0]
        var text = ""
        index += 1
        while let line = current {
            if line.trimmingCharacters(in: .whitespaces) == "```" {
                return prefix + (header.novariable ? CheckString(text).quoted : Self.quoted(text))
            }
            if header.escape {
                switch HurlMultilineEscapes.decode(line) {
                case .success(let decoded): text += decoded + "\n"
                case .failure(let error): throw source.error(line: lineNumber, column: error.column, error.message + " (the string has the escape attribute)")
                }
            } else {
                text += line + "\n"
            }
            index += 1
        }
        throw source.error(line: startLine, column: 1, "the multiline string that starts here has no closing ``` line")
    }

    /// An assert line whose predicate value is a one-line string (`` `text` ``, escapes decoded) with the text
    /// quoted; other lines as they are.
    private func onelineValue(_ written: String) throws(FileFormatError) -> String {
        let scalars = Array(written.unicodeScalars)
        guard let opening = HurlComments.firstBacktick(scalars), opening > 0, scalars[opening - 1] == " " || scalars[opening - 1] == "\t",
              opening + 1 < scalars.count, scalars[opening + 1] != "`" else { return written }
        var text = String.UnicodeScalarView()
        var position = opening + 1
        while position < scalars.count {
            let scalar = scalars[position]
            if scalar == "`" {
                let tail = String(String.UnicodeScalarView(scalars[(position + 1)...]))
                guard tail.allSatisfy({ $0 == " " || $0 == "\t" }) else {
                    throw source.error(line: lineNumber, column: position + 2, "only a comment may follow the closing ` of the value")
                }
                return String(String.UnicodeScalarView(scalars[..<opening])) + Self.quoted(String(text))
            }
            if scalar == "\\" {
                switch HurlEscapes.decode(scalars, at: position) {
                case .success(let (decoded, length)):
                    text.append(decoded)
                    position += length
                case .failure(let error):
                    throw source.error(line: lineNumber, column: error.column, error.message)
                }
                continue
            }
            text.append(scalar)
            position += 1
        }
        throw source.error(line: lineNumber, column: opening + 1, "the string that starts here has no closing `")
    }

    /// The checks a status line stands for: the status (none for `*`) and the version when one is written.
    private func statusChecks(_ line: String) throws(FileFormatError) -> [Check] {
        let indent = HurlLineKind.indent(line)
        var rest = String(HurlLineKind.trimmedStart(HurlComments.cut(line))).dropFirst(4)
        var checks: [Check] = []
        var version: String?
        if rest.hasPrefix("/") {
            let written = rest.dropFirst().prefix { !$0.isWhitespace }
            guard ["1.0", "1.1", "2", "3"].contains(written) else {
                throw source.error(line: lineNumber, column: indent + 6, "unknown HTTP version \(written); write HTTP, HTTP/1.0, HTTP/1.1, HTTP/2 or HTTP/3")
            }
            version = String(written)
            rest = rest.dropFirst(written.count + 1)
        }
        let status = rest.trimmingCharacters(in: .whitespaces)
        if status != "*" {
            guard let code = Int(status), (100...999).contains(code) else {
                throw source.error(line: lineNumber, column: indent + 6, "the status is a number from 100 to 999 or *, not '\(status)'")
            }
            checks.append(try check("status == \(code)", line: lineNumber, column: indent + 1))
        }
        if let version {
            checks.append(try check("version == \"\(version)\"", line: lineNumber, column: indent + 1))
        }
        return checks
    }

    /// Parses a check line; its errors name the file's line and column.
    private func check(_ text: String, line: Int, column: Int) throws(FileFormatError) -> Check {
        do throws(CheckSyntaxError) {
            return try Check.parse(text)
        } catch {
            throw source.error(line: line, column: column + error.column - 1, error.message)
        }
    }

    /// Text as a quoted check string; `{{templates}}` stay templates.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || OneLineText.isLineBreak(scalar) {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}

/// Cuts the trailing `# comment` off an assert or capture line, leaving `#` inside strings, `` `…` `` strings and regex literals.
enum HurlComments {
    /// The position of the first backtick outside quoted strings and regex literals, or nil.
    static func firstBacktick(_ scalars: [Unicode.Scalar]) -> Int? {
        var inString = false
        var inRegex = false
        var position = 0
        while position < scalars.count {
            let scalar = scalars[position]
            if (inString || inRegex) && scalar == "\\" { position += 2; continue }
            if inString {
                if scalar == "\"" { inString = false }
            } else if inRegex {
                if scalar == "/" { inRegex = false }
            } else if scalar == "\"" {
                inString = true
            } else if scalar == "/" && position > 0 && (scalars[position - 1] == " " || scalars[position - 1] == "\t") {
                inRegex = true
            } else if scalar == "`" {
                return position
            }
            position += 1
        }
        return nil
    }

    /// The line without its trailing comment.
    static func cut(_ line: String) -> String {
        let scalars = Array(line.unicodeScalars)
        var inString = false
        var inRegex = false
        var inBackticks = false
        var position = 0
        while position < scalars.count {
            let scalar = scalars[position]
            if (inString || inRegex || inBackticks) && scalar == "\\" { position += 2; continue }
            if inString {
                if scalar == "\"" { inString = false }
            } else if inRegex {
                if scalar == "/" { inRegex = false }
            } else if inBackticks {
                if scalar == "`" { inBackticks = false }
            } else if scalar == "\"" {
                inString = true
            } else if scalar == "`" {
                inBackticks = true
            } else if scalar == "/" && position > 0 && (scalars[position - 1] == " " || scalars[position - 1] == "\t") {
                inRegex = true
            } else if scalar == "#" && (position == 0 || scalars[position - 1] == " " || scalars[position - 1] == "\t") {
                return String(String.UnicodeScalarView(scalars[..<position]))
            }
            position += 1
        }
        return line
    }
}
