import Foundation
import RequestKit
@testable import RequestStore
import Testing

/// What each export format gives back for hostile text, by the rules docs/import-export.md states: which fields it
/// carries, and how it neutralises what it cannot carry as written.
struct HostileExpectation {
    var format: InterchangeFormat
    var hostile: HostileCase

    var field: HostileField { hostile.field }

    var carriesNames: Bool { format != .curl }
    var carriesDescriptions: Bool { format == .http || format == .postman }
    var carriesFolders: Bool { format == .http || format == .postman }
    var carriesVariables: Bool { format == .http || format == .postman }
    var carriesCollectionName: Bool { format == .postman }
    /// Whether the body reads back as the same body (a `.http` multipart body reads back as text).
    var carriesBody: Bool {
        !(format == .http && [.multipartName, .multipartValue, .multipartFileName, .multipartFilePath].contains(field))
    }

    /// The text the format gives back for the case's text in its field.
    func neutralised(_ text: String) -> String {
        switch format {
        case .http: return Self.http(field, text, index: hostile.index)
        case .hurl: return Self.hurl(field, text, index: hostile.index)
        default: return text
        }
    }

    /// The case's collection as the format gives it back.
    func expectedCollection(baseURL: String) -> RequestCollection {
        var expected = HostileCase(index: hostile.index, field: field, text: neutralised(hostile.text)).collection(baseURL: baseURL)
        if field == .multipartFileName, format == .hurl || format == .postman {
            expected.folders[0].requests[0].body = .multipart([.file(name: "f", path: "upload.txt", fileName: nil, contentType: "text/plain", enabled: true)])
        }
        if format == .hurl, field.isPath, !Self.hurlCanWritePath(hostile.text) {
            expected.folders[0].requests[0].body = field == .bodyFilePath ? .none : .multipart([])
        }
        if format == .http {
            let text = hostile.text
            switch field {
            case .bodyFilePath where Self.http(field, text, index: hostile.index).isEmpty:
                expected.folders[0].requests[0].body = .none
            case .headerName where Self.httpHeaderNameLeftOut(text):
                expected.folders[0].requests[0].headers.removeFirst()
            case .bearerToken where Self.http(field, text, index: hostile.index).isEmpty:
                expected.folders[0].requests[0].auth = .inherit
                expected.folders[0].requests[0].headers.append(KeyValueRow(name: "Authorization", value: "Bearer"))
            case .variableName:
                if Self.httpVariableLeftOut(text) { expected.variables.removeLast() }
                expected.folders[0].requests[0].headers[1].value = Self.trimmed(Self.commentLine("{{\(text)}}"))
            case .basicUser where Self.httpBasicNeedsSymbols(user: text, password: "secret"):
                expected.folders[0].requests[0].auth = .basic(user: String(Self.commentLine(text).drop { $0 == " " || $0 == "\t" }), password: "secret")
            case .basicPassword where Self.httpBasicNeedsSymbols(user: "user", password: text):
                var password = Self.commentLine(text)
                while let last = password.last, last == " " || last == "\t" { password.removeLast() }
                expected.folders[0].requests[0].auth = .basic(user: "user", password: password)
            default: break
            }
        }
        return expected
    }

    // MARK: .hurl

    /// `.hurl`: names on one comment line (⏎ and ␀), trimmed, the method and URL when blank; a JSON body that is
    /// not one JSON value on its own, nor one-line text, gets a final line break; everything else as it is.
    static func hurl(_ field: HostileField, _ text: String, index: Int) -> String {
        switch field {
        case .requestName:
            let name = trimmed(commentLine(text))
            return name.isEmpty ? "POST http://127.0.0.1:9/c\(index)/path" : name
        case .jsonBody:
            let oneLine = text.unicodeScalars.contains { $0 == "\0" || $0 == "\r" }
                || text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).contains { trimmed(String(String.UnicodeScalarView($0))) == "```" }
            if oneLine || text.hasSuffix("\n") || jsonStandsAlone(text) { return text }
            return text + "\n"
        default: return text
        }
    }

    /// Whether JSON text is written as it is: no white space around it, `{` or `[` first, closing on its last character.
    static func jsonStandsAlone(_ text: String) -> Bool {
        guard text == String(text.drop { $0 == " " || $0 == "\t" || $0 == "\n" }), text.hasPrefix("{") || text.hasPrefix("[") else { return false }
        var depth = 0, inString = false, escaped = false
        var closedAt: Int?
        for (offset, character) in text.enumerated() {
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
                continue
            }
            switch character {
            case "\"": inString = true
            case "{", "[": depth += 1
            case "}", "]":
                depth -= 1
                if depth == 0 && closedAt == nil { closedAt = offset }
            default: break
            }
        }
        return closedAt == text.count - 1
    }

    /// Whether `file,PATH;` carries a path: not blank, no white space at its ends, no `;`, NUL or line break, no `..`.
    static func hurlCanWritePath(_ path: String) -> Bool {
        !path.isEmpty && trimmed(path) == path && !path.unicodeScalars.contains { $0 == ";" || $0 == "\0" || isLineBreak($0) }
            && !path.split(separator: "/").contains("..")
    }

    // MARK: .http

    static func trimmed(_ text: String) -> String { text.trimmingCharacters(in: .whitespaces) }

    /// `.http`: names and values on one line with ⏎ and ␀, trimmed; descriptions by line; bodies with `\` before
    /// lines that read as syntax and without trailing blank lines; variables' first lines.
    static func http(_ field: HostileField, _ text: String, index: Int) -> String {
        switch field {
        case .requestName, .headerValue, .bearerToken: return trimmed(commentLine(text))
        case .folderName:
            let name = trimmed(replacing("/", with: "∕", in: commentLine(text)))
            return name.isEmpty ? "␣" : name
        case .description:
            return lines(text).map { line in
                let kept = trimmed(line)
                return kept.unicodeScalars.first == "@" ? "\\" + kept : kept
            }.joined(separator: "\n")
        case .url: return httpURL(text, index: index)
        case .queryName, .queryValue: return replacingInPlaceholders(text, lineBreaksEncoded)
        case .formName, .formValue: return text
        case .jsonBody, .rawBody: return httpBody(text)
        case .bodyFilePath:
            return trimmed(String(trimmed("< " + commentLine(text)).drop { $0 == "<" || $0 == "@" }))
        case .variableName: return trimmed(text)
        case .variableValue: return trimmed(String(String.UnicodeScalarView(text.unicodeScalars.prefix { !isLineBreak($0) })))
        default: return text
        }
    }

    /// The text with each `scalar` replaced (scalars, not characters: a combining mark does not hide one).
    static func replacing(_ scalar: Unicode.Scalar, with replacement: String, in text: String) -> String {
        var result = String.UnicodeScalarView()
        for each in text.unicodeScalars {
            if each == scalar { result.append(contentsOf: replacement.unicodeScalars) } else { result.append(each) }
        }
        return String(result)
    }

    /// The lines of a text, CR LF, CR and LF each ending one.
    static func lines(_ text: String) -> [String] {
        var lines: [String] = [""]
        var scalars = Array(text.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            if scalar == "\r", scalars.first == "\n" { scalars.removeFirst() }
            if isLineBreak(scalar) { lines.append("") } else { lines[lines.count - 1].unicodeScalars.append(scalar) }
        }
        return lines
    }

    /// A `.http` body: each LF-ended line that would read as syntax (`###`, `> `, `>>`, `<>`, `< `, `<@` after white
    /// space, or a lone `>`) gets a `\` in front; a CR at the very end and trailing blank lines are not kept.
    static func httpBody(_ text: String) -> String {
        var pieces = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { String(String.UnicodeScalarView($0)) }
        pieces = pieces.map { line in
            let start = String(line.unicodeScalars.drop { $0 == " " || $0 == "\t" })
            let syntax = start == ">" || ["###", "> ", ">\t", ">>", "<>", "< ", "<@"].contains { start.unicodeScalars.starts(with: $0.unicodeScalars) }
            return syntax ? "\\" + line : line
        }
        var joined = pieces.joined(separator: "\n")
        while joined.unicodeScalars.last == "\r" { joined.unicodeScalars.removeLast() }
        var readLines = joined.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while let last = readLines.last, trimmed(last).isEmpty { readLines.removeLast() }
        return readLines.joined(separator: "\n")
    }

    /// A `.http` request-line URL, as far as the request sent changes: line breaks inside a placeholder are
    /// percent-encoded, and its spaces too when the request line (query placed where curlew sends it) would not read
    /// back with them.
    static func httpURL(_ text: String, index: Int) -> String {
        let encoded = replacingInPlaceholders(text, lineBreaksEncoded)
        var url = URLQueryPlacement.appending("q=1", to: "http://127.0.0.1:9/c\(index)/" + encoded)
        while let last = url.unicodeScalars.last, [" ", "\t", "\r", "\n"].contains(last) { url.unicodeScalars.removeLast() }
        // Outside placeholders every space is written %20; only those inside them can split the line.
        var line = ""
        var cursor = url.startIndex
        for reference in VariableResolver.references(in: url, scope: VariableScope()) {
            line += replacing(" ", with: "%20", in: String(url[cursor..<reference.range.lowerBound])) + url[reference.range]
            cursor = reference.range.upperBound
        }
        line += replacing(" ", with: "%20", in: String(url[cursor...]))
        var words = line.split(separator: " ").map(String.init)
        if words.count > 1, let last = words.last, last.hasPrefix("HTTP/") { words.removeLast() }
        let reads = words.joined(separator: " ") == line && !line.contains("  ")
        return reads ? encoded : replacingInPlaceholders(encoded) { replacing(" ", with: "%20", in: $0) }
    }

    /// The text with `transform` applied to each `{{placeholder}}`.
    static func replacingInPlaceholders(_ text: String, _ transform: (String) -> String) -> String {
        var result = ""
        var cursor = text.startIndex
        for reference in VariableResolver.references(in: text, scope: VariableScope()) {
            result += text[cursor..<reference.range.lowerBound] + transform(String(text[reference.range]))
            cursor = reference.range.upperBound
        }
        return result + text[cursor...]
    }

    /// Whether `.http` leaves a header of this name out: not a token outside its placeholders, or `:`, white space,
    /// a line break anywhere, or a leading `#`, `//` or `&`.
    static func httpHeaderNameLeftOut(_ name: String) -> Bool {
        let bare = replacingInPlaceholders(name) { _ in "x" }
        if bare.isEmpty || !HTTPMethod(rawValue: bare).isValidToken { return true }
        return name.unicodeScalars.contains { $0 == ":" || $0 == " " || $0 == "\t" || isLineBreak($0) } || name.hasPrefix("#") || name.hasPrefix("//") || name.hasPrefix("&")
    }

    /// Whether `.http` writes basic credentials with ⏎ and ␀: they hold a line break or NUL, or white space at
    /// their ends, and a placeholder (which Base64 would freeze).
    static func httpBasicNeedsSymbols(user: String, password: String) -> Bool {
        let plain = user + ":" + password
        let oneLine = !plain.unicodeScalars.contains { isLineBreak($0) || $0 == "\0" } && trimmed(plain) == plain
        return !oneLine && VariableResolver.containsPlaceholder(plain)
    }

    /// Whether `.http` leaves a variable of this name out: blank, or holding `=` or a line break.
    static func httpVariableLeftOut(_ name: String) -> Bool {
        trimmed(name).isEmpty || !("@" + name).hasPrefix("@") || name.unicodeScalars.contains { $0 == "=" || $0 == "\0" || isLineBreak($0) }
    }

    /// Whether a scalar ends a line for some reader: LF, CR, VT, FF, NEL, LINE SEPARATOR, PARAGRAPH SEPARATOR.
    static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029].contains(scalar.value)
    }

    /// Text on a line of its own, such as a `# Folder/Name` line: line breaks (CR LF as one) as `⏎`, NUL as `␀`.
    static func commentLine(_ text: String) -> String {
        var result = ""
        var scalars = Array(text.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            if scalar == "\r", scalars.first == "\n" { scalars.removeFirst() }
            if isLineBreak(scalar) {
                result += "⏎"
            } else if scalar == "\0" {
                result += "␀"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// The text with line breaks percent-encoded as UTF-8.
    static func lineBreaksEncoded(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if isLineBreak(scalar) {
                for byte in String(scalar).utf8 { result += String(format: "%%%02X", byte) }
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Fails for what curl's command line cannot carry: NUL in an argument, `=` in a form part's name.
    static func checkCurlCanCarry(_ request: Request) throws {
        struct CannotCarry: Error { var reason: String }
        guard case .multipart(let form) = request.body else {
            if case .file(let path, _) = request.body, path.unicodeScalars.contains("\0") { throw CannotCarry(reason: "NUL in a path") }
            return
        }
        let names = form.fields.map(\.name) + form.files.map(\.name)
        if names.contains(where: { $0.contains("=") }) { throw CannotCarry(reason: "= in a part name") }
        let texts = names + form.fields.map(\.value) + form.files.flatMap { [$0.path, $0.effectiveFileName] }
        if texts.contains(where: { $0.unicodeScalars.contains("\0") }) { throw CannotCarry(reason: "NUL in a form part") }
    }

    /// Why a curl template of the request must be refused, or nil: a header that could never be sent as written
    /// (a name that is not a token outside its `{{placeholders}}`, CR, LF or NUL), NUL in any argument, `=` in a part name.
    static func curlTemplateRefusal(_ located: LocatedRequest, in collection: RequestCollection) -> String? {
        let inherited = InheritedSettings.effective(for: located, in: collection)
        var headers = inherited.headers.filter(\.enabled).map { ($0.name, $0.value) }
        if case .bearer(let token) = inherited.auth { headers.append(("Authorization", "Bearer " + token)) }
        for (name, value) in headers {
            let bare = replacingInPlaceholders(name) { _ in "x" }
            if bare.isEmpty || !HTTPMethod(rawValue: bare).isValidToken { return "the header name \(name.debugDescription)" }
            if value.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" }) { return "the header value \(value.debugDescription)" }
        }
        let request = located.request
        // Query and form rows are written percent-encoded, all but their {{placeholders}}.
        var encoded = request.query.flatMap { [$0.name, $0.value] }
        if case .form(let rows) = request.body { encoded += rows.flatMap { [$0.name, $0.value] } }
        var texts = request.texts.filter { !encoded.contains($0) }
        texts += encoded.flatMap { text in VariableResolver.references(in: text, scope: VariableScope()).map { String(text[$0.range]) } }
        if case .basic(let user, let password) = inherited.auth { texts += [user, password] }
        if texts.contains(where: { $0.unicodeScalars.contains("\0") }) { return "NUL" }
        if case .multipart(let parts) = request.body, parts.contains(where: { $0.name.contains("=") }) { return "= in a part name" }
        return nil
    }

    /// Checks a curl script: no NUL byte, and its first line is the request's path as a comment.
    static func checkCurlScript(_ text: String, path: String, hostile: HostileCase) throws {
        #expect(!text.utf8.contains(0), "\(hostile): the script holds a NUL byte")
        let firstLine = String(decoding: text.utf8.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
        #expect(firstLine == "# " + commentLine(path), "\(hostile): the first line is \(firstLine.prefix(300).debugDescription)")
    }
}
