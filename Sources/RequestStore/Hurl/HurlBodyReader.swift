import Foundation

/// A body as written in a `.hurl` file.
enum HurlBody: Hashable, Sendable {
    /// A JSON object or array, as written.
    case json(String)
    /// An XML document, as written.
    case xml(String)
    /// A multiline string (```` ``` ````), with its language (text, JSON or XML) and whether `{{…}}` in it is kept
    /// as written (`novariable`, ```` ```raw ````); `escape` is already applied to the text.
    case multiline(String, language: HurlMultilineHeader.Language, novariable: Bool)
    /// A one-line string (`` `text` `` or ```` ```text``` ````), escapes decoded.
    case oneline(String)
    /// Bytes written as `base64,…;` or `hex,…;`.
    case bytes(Data)
    /// A file's content, `file,PATH;`.
    case file(String)
    /// A GraphQL query (```` ```graphql ````) and the text of its variables object, if any.
    case graphql(query: String, variables: String?)
}

/// Recognises and reads the body forms of a `.hurl` file.
enum HurlBodyReader {
    /// The deepest JSON nesting a body may have.
    static let maximumJSONDepth = 512

    /// Whether a line starts a body rather than a `name: value` line or a section; `{{` starts a templated
    /// name (no JSON value starts so).
    static func startsBody(_ line: String) -> Bool {
        let rest = HurlLineKind.trimmedStart(line)
        guard let first = rest.first else { return false }
        if first == "[" { return HurlLineKind.sectionName(line) == nil }
        if rest.hasPrefix("{{") { return false }
        return first == "{" || first == "<" || first == "`" || rest.hasPrefix("base64,") || rest.hasPrefix("hex,") || rest.hasPrefix("file,")
            || jsonScalar(rest) != nil
    }

    /// The JSON string, number, `true`, `false` or `null` that makes up a whole line (a trailing comment aside),
    /// which Hurl takes as a JSON body; nil for any other line, a `name: value` line among them.
    static func jsonScalar(_ rest: Substring) -> String? {
        var text = rest
        if text.first == "\"" {
            var escaped = false
            var end: Substring.Index?
            for index in text.indices.dropFirst() {
                let character = text[index]
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { end = index; break }
            }
            guard let end else { return nil }
            let tail = text[text.index(after: end)...]
            guard HurlLineKind.isSkippable(String(tail)) else { return nil }
            return String(text[...end])
        }
        if let hash = text.firstIndex(of: "#") { text = text[..<hash] }
        let word = String(text.trimmingCharacters(in: .whitespaces))
        if word == "true" || word == "false" || word == "null" { return word }
        return isJSONNumber(word) ? word : nil
    }

    /// Whether a word is a number as JSON writes one: `-`, digits without a leading zero, a fraction, an exponent.
    private static func isJSONNumber(_ word: String) -> Bool {
        var bytes = word.utf8[...]
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        func digits() -> Int {
            let count = bytes.prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }.count
            bytes = bytes.dropFirst(count)
            return count
        }
        let integer = bytes
        let whole = digits()
        guard whole > 0, !(whole > 1 && integer.first == UInt8(ascii: "0")) else { return false }
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            guard digits() > 0 else { return false }
        }
        if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
            guard digits() > 0 else { return false }
        }
        return bytes.isEmpty
    }
}

extension HurlParser {
    /// Reads the body that starts on the current line.
    mutating func readBody() throws(FileFormatError) -> HurlBody {
        guard let line = current else { throw source.error(line: lineNumber, column: 1, "a body was expected") }
        let indent = HurlLineKind.indent(line)
        let rest = String(HurlLineKind.trimmedStart(line))
        if rest.hasPrefix("```") { return try multiline(rest, column: indent + 1) }
        if rest.hasPrefix("`") { return .oneline(try oneline(rest, column: indent + 1)) }
        if rest.hasPrefix("{") || rest.hasPrefix("[") { return .json(try json(column: indent + 1)) }
        if rest.hasPrefix("<") { return .xml(xml()) }
        if let scalar = HurlBodyReader.jsonScalar(Substring(rest)) {
            index += 1
            return .json(scalar)
        }
        if rest.hasPrefix("base64,") || rest.hasPrefix("hex,") { return .bytes(try encodedBytes(rest, column: indent + 1)) }
        guard let file = HurlFileReference.read(rest), file.contentType == nil else {
            throw source.error(line: lineNumber, column: indent + 1, "write a file body as file,PATH;")
        }
        guard !HurlFileReference.climbs(file.path) else {
            throw source.error(line: lineNumber, column: indent + 1, HurlFileReference.climbingMessage)
        }
        index += 1
        return .file(file.path)
    }

    /// Reads a multiline string; the text is its lines, each ending with a newline.
    private mutating func multiline(_ rest: String, column: Int) throws(FileFormatError) -> HurlBody {
        let afterOpening = rest.dropFirst(3)
        if let closing = afterOpening.range(of: "```") {
            let tail = String(afterOpening[closing.upperBound...])
            guard HurlLineKind.isSkippable(tail) else {
                throw source.error(line: lineNumber, column: column, "only a comment may follow the closing ``` on the line")
            }
            index += 1
            return .oneline(String(afterOpening[..<closing.lowerBound]))
        }
        let startLine = lineNumber
        let header: HurlMultilineHeader
        switch HurlMultilineHeader.read(String(afterOpening)) {
        case .success(let read): header = read
        case .failure(let error):
            unsupported(line: startLine, column: column + 2 + error.column, error.message)
            header = HurlMultilineHeader(language: .text)
        }
        if header.language == .graphql, header.hasAttributes {
            unsupported(line: startLine, column: column + 3, "attributes on a ```graphql string (Hurl ignores them); write ```graphql alone")
        }
        index += 1
        var text = ""
        while let line = current {
            if line.trimmingCharacters(in: .whitespaces) == "```" {
                index += 1
                guard header.language == .graphql else {
                    return .multiline(text, language: header.language, novariable: header.novariable)
                }
                guard let parts = HurlGraphQL.split(text) else {
                    throw source.error(line: startLine, column: column, "the GraphQL variables must be one JSON object that ends the query, as in variables { \"id\": 1 }")
                }
                return .graphql(query: parts.query, variables: parts.variables)
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
        throw source.error(line: startLine, column: column, "the multiline string that starts here has no closing ``` line")
    }

    /// Reads a one-line string between backticks; escapes are decoded.
    private mutating func oneline(_ rest: String, column: Int) throws(FileFormatError) -> String {
        let scalars = Array(rest.unicodeScalars)
        var text = String.UnicodeScalarView()
        var position = 1
        while position < scalars.count {
            let scalar = scalars[position]
            if scalar == "`" {
                let tail = String(String.UnicodeScalarView(scalars[(position + 1)...]))
                guard HurlLineKind.isSkippable(tail) else {
                    throw source.error(line: lineNumber, column: column + position + 1, "only a comment may follow the closing ` on the line")
                }
                index += 1
                return String(text)
            }
            if scalar == "\\" {
                switch HurlEscapes.decode(scalars, at: position) {
                case .success(let (decoded, length)):
                    text.append(decoded)
                    position += length
                case .failure(let error):
                    throw source.error(line: lineNumber, column: column + error.column - 1, error.message)
                }
                continue
            }
            text.append(scalar)
            position += 1
        }
        throw source.error(line: lineNumber, column: column, "the string that starts here has no closing `")
    }

    /// Reads a JSON object or array that may span lines, by counting brackets outside strings.
    private mutating func json(column: Int) throws(FileFormatError) -> String {
        let startLine = lineNumber
        var depth = 0
        var inString = false
        var escaped = false
        var text = ""
        var first = true
        while let line = current {
            var scalars = Array(line.unicodeScalars)
            if first { scalars = Array(scalars.dropFirst(column - 1)) }
            var position = 0
            while position < scalars.count {
                let scalar = scalars[position]
                position += 1
                if inString {
                    if escaped { escaped = false } else if scalar == "\\" { escaped = true } else if scalar == "\"" { inString = false }
                    continue
                }
                switch scalar {
                case "\"": inString = true
                case "{", "[":
                    depth += 1
                    guard depth <= HurlBodyReader.maximumJSONDepth else {
                        throw source.error(line: lineNumber, column: position, "the JSON body nests deeper than \(HurlBodyReader.maximumJSONDepth) levels")
                    }
                case "}", "]": depth -= 1
                default: break
                }
                if depth == 0 { break }
            }
            text += String(String.UnicodeScalarView(scalars[..<position]))
            if depth == 0 {
                let tail = String(String.UnicodeScalarView(scalars[position...]))
                guard HurlLineKind.isSkippable(tail) else {
                    throw source.error(line: lineNumber, column: (first ? column - 1 : 0) + position + 1, "only a comment may follow the JSON body on its last line")
                }
                index += 1
                return text
            }
            text += "\n"
            index += 1
            first = false
        }
        throw source.error(line: startLine, column: column, "the JSON body that starts here is not closed")
    }

    /// Reads an XML body: its lines up to the next section, status line or request, trailing blank and comment lines left out.
    private mutating func xml() -> String {
        var lines: [String] = []
        var kept = 0
        while let line = current {
            if !lines.isEmpty && (HurlLineKind.sectionName(line) != nil || HurlLineKind.isStatusLine(line) || HurlLineKind.requestLine(line) != nil) { break }
            lines.append(lines.isEmpty ? String(HurlLineKind.trimmedStart(line)) : line)
            if !HurlLineKind.isSkippable(line) { kept = lines.count }
            index += 1
        }
        index -= lines.count - kept
        return lines.prefix(kept).joined(separator: "\n")
    }

    /// Reads `base64,…;` or `hex,…;`, which may run over several lines (spaces and line breaks inside are ignored).
    private mutating func encodedBytes(_ first: String, column: Int) throws(FileFormatError) -> Data {
        let startLine = lineNumber
        var rest = first
        while !rest.contains(";") {
            guard index + 1 < source.lines.count else {
                throw source.error(line: startLine, column: column, "the bytes that start here have no closing ;")
            }
            index += 1
            rest += source.lines[index].text
        }
        guard let value = HurlEncodedBytes.read(rest) else {
            throw source.error(line: startLine, column: column, rest.hasPrefix("hex,") ? "write hex bytes as hex,48656c6c6f; with an even number of digits" : "write Base64 bytes as base64,SGVsbG8=; with valid Base64")
        }
        guard HurlLineKind.isSkippable(value.tail) else {
            throw source.error(line: lineNumber, column: column, "only a comment may follow the ; that ends the bytes")
        }
        index += 1
        return value.bytes
    }
}

/// Reads `base64,…;` and `hex,…;` values.
enum HurlEncodedBytes {
    /// The bytes and what follows the semicolon, or nil when the text is not a valid value.
    static func read(_ text: String) -> (bytes: Data, tail: String)? {
        let isHex = text.hasPrefix("hex,")
        guard isHex || text.hasPrefix("base64,"), let semicolon = text.firstIndex(of: ";") else { return nil }
        let start = text.index(text.startIndex, offsetBy: isHex ? 4 : 7)
        let content = text[start..<semicolon].filter { !$0.isWhitespace }
        let tail = String(text[text.index(after: semicolon)...])
        if isHex {
            guard content.count % 2 == 0 else { return nil }
            var bytes = Data()
            var iterator = content.makeIterator()
            while let high = iterator.next(), let low = iterator.next() {
                guard let byte = UInt8(String([high, low]), radix: 16) else { return nil }
                bytes.append(byte)
            }
            return (bytes, tail)
        }
        let padded = String(content) + String(repeating: "=", count: (4 - content.count % 4) % 4)
        guard let bytes = Data(base64Encoded: padded) else { return nil }
        return (bytes, tail)
    }
}
