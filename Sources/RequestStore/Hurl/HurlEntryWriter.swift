import Foundation
import RequestKit

/// Writes one request as a `.hurl` entry that `HurlReader` reads back as the same request.
struct HurlEntryWriter {
    /// Settings the format cannot hold, reported against the request's name.
    var warnings: [ConversionWarning] = []

    /// The entry's text, ending with a newline; `headers` and `auth` are what the request sends (inherited included).
    /// The name is written as a comment above the entry unless it is its method and URL, or `unwrittenName`
    /// (the method and URL of the entry it replaces).
    mutating func write(_ request: SavedRequest, headers: [KeyValueRow], auth: SavedAuth, unwrittenName: String? = nil) -> String {
        var lines: [String] = []
        var request = request
        var headers = headers
        let userOption = Self.carry(auth, into: &request, headers: &headers)
        if case .oauth2 = auth { warn(request, "Hurl has no OAuth 2.0; the request is written without its oauth2 auth") }
        let defaultName = "\(request.method.rawValue) \(request.url)"
        if request.name != defaultName && request.name != unwrittenName {
            lines.append("# " + OneLineText.visible(request.name))
        }
        lines.append(request.method.rawValue + " " + Self.value(request.url))
        var headerRows = headers
        if case .bearer(let token) = auth {
            headerRows.append(KeyValueRow(name: "Authorization", value: "Bearer " + token))
        }
        switch request.body {
        case .bytes where Self.novariableMultiline(request.body) != nil:
            break
        case .json(let text) where Self.jsonNeedsOneLine(text):
            if !headerRows.contains(where: { $0.name.lowercased() == "content-type" }) {
                headerRows.append(KeyValueRow(name: "Content-Type", value: "application/json"))
            }
        case .file(let path, _) where Self.filePathProblem(path) != nil:
            break
        case .raw(_, let type?) where type != "application/xml", .file(_, let type?) where !type.isEmpty, .bytes(_, let type?):
            if !headerRows.contains(where: { $0.name.lowercased() == "content-type" }) {
                headerRows.append(KeyValueRow(name: "Content-Type", value: type))
                warn(request, "the body's content type is written as a Content-Type header", severity: .note)
            }
        case .file(let path, nil):
            if !headerRows.contains(where: { $0.name.lowercased() == "content-type" }) {
                headerRows.append(KeyValueRow(name: "Content-Type", value: MediaTypes.guess(forPath: path)))
            }
        default: break
        }
        for row in headerRows { if let line = keyValue(row, request) { lines.append(line) } }
        if !request.query.isEmpty {
            lines.append("[Query]")
            for row in request.query { if let line = keyValue(row, request) { lines.append(line) } }
        }
        switch request.body {
        case .form(let fields):
            lines.append("[Form]")
            for row in fields { if let line = keyValue(row, request) { lines.append(line) } }
        case .multipart(let parts):
            lines.append("[Multipart]")
            for part in parts where part.enabled {
                switch part {
                case .field(let name, let value, _):
                    lines.append(Self.key(name) + ": " + Self.value(value))
                case .file(let name, let path, let fileName, let contentType, _):
                    if let problem = Self.filePathProblem(path) {
                        warn(request, "the file part \(OneLineText.visible(name)) is left out: \(problem)")
                        continue
                    }
                    if fileName != nil { warn(request, "the file name of the part \(OneLineText.visible(name)) is left out; Hurl sends the file's own name") }
                    lines.append(Self.key(name) + ": file," + Self.value(path) + ";" + (contentType.map { " " + Self.value($0) } ?? ""))
                }
            }
            if parts.contains(where: { !$0.enabled }) { warn(request, "disabled multipart parts are left out") }
        default: break
        }
        if case .basic(let user, let password) = auth {
            lines.append("[BasicAuth]")
            lines.append(Self.key(user) + ": " + Self.value(password))
        }
        var options = optionLines(request)
        if let userOption { options.insert("user: " + Self.value(userOption), at: 0) }
        if !options.isEmpty { lines.append("[Options]"); lines += options }
        if let body = bodyText(request) { lines.append(body) }
        lines += responseLines(request)
        return lines.joined(separator: "\n") + "\n"
    }

    /// Moves an auth Hurl writes as options, headers or query rows into the request; returns the `user` option's
    /// `USER:PASSWORD` for a scheme libcurl carries out (Digest, NTLM, Negotiate, AWS SigV4), or nil.
    private static func carry(_ auth: SavedAuth, into request: inout SavedRequest, headers: inout [KeyValueRow]) -> String? {
        switch auth {
        case .digest(let user, let password), .ntlm(let user, let password), .negotiate(let user, let password):
            request.options.authScheme = auth.typeName
            return user.isEmpty && password.isEmpty ? nil : "\(user):\(password)"
        case .awsSigV4(let aws):
            request.options.awsSigV4 = "aws:amz:\(aws.region):\(aws.service)"
            if let token = aws.sessionToken, !token.isEmpty { headers.append(KeyValueRow(name: "X-Amz-Security-Token", value: token)) }
            return "\(aws.accessKey):\(aws.secretKey)"
        case .apiKey(let key):
            switch key.location {
            case .header: headers.append(KeyValueRow(name: key.name, value: key.value))
            case .cookie: headers.append(KeyValueRow(name: "Cookie", value: "\(key.name)=\(key.value)"))
            case .query: request.query.append(KeyValueRow(name: key.name, value: key.value))
            }
            return nil
        case .none, .inherit, .bearer, .basic, .oauth2:
            return nil
        }
    }

    /// Records a warning for a request; `.unsupported` unless it changes nothing that is sent.
    private mutating func warn(_ request: SavedRequest, _ message: String, severity: ConversionWarning.Severity = .unsupported) {
        warnings.append(ConversionWarning(severity, at: request.name, message))
    }

    /// A `name: value` line, or nil (with a warning) for a disabled row.
    private mutating func keyValue(_ row: KeyValueRow, _ request: SavedRequest) -> String? {
        guard row.enabled else {
            warn(request, "the disabled row \(row.name) is left out")
            return nil
        }
        if row.value.isEmpty { return Self.key(row.name) + ";" }
        return Self.key(row.name) + ": " + Self.value(row.value)
    }

    /// The `[Options]` lines for what differs from Hurl's defaults.
    private mutating func optionLines(_ request: SavedRequest) -> [String] {
        let options = request.options
        var lines: [String] = []
        let templated = Set((options.templates ?? []).map(\.name))
        if options.followRedirects != false, options.redirectCredentials != true, !templated.contains("location") { lines.append("location: true") }
        if let maximum = options.maxRedirects { lines.append("max-redirs: \(maximum)") }
        if options.verifyTLS == false { lines.append("insecure: true") }
        for variable in options.variables ?? [] { lines.append("variable: " + Self.value(variable.name + "=" + variable.value)) }
        if let delay = options.delay { lines.append("delay: \(delay)") }
        if let retry = options.retry { lines.append("retry: \(retry)") }
        if let interval = options.retryInterval { lines.append("retry-interval: \(interval)") }
        if let compressed = options.compressed { lines.append("compressed: \(compressed)") }
        if options.httpVersion == SavedOptions.http2PriorKnowledge {
            lines.append("http2: true")
            warn(request, "HTTP/2 with prior knowledge is written as http2; give Hurl --http2-prior-knowledge for cleartext h2")
        } else if let version = options.httpVersion {
            lines.append("http\(version): true")
        }
        if let output = options.output { lines.append("output: " + Self.value(output)) }
        if let caFile = options.caFile { lines.append("cacert: " + Self.value(caFile)) }
        if let pins = options.pins, !pins.isEmpty { lines.append("pinnedpubkey: " + Self.value(pins.joined(separator: ";"))) }
        if let proxy = options.proxy { lines.append("proxy: " + Self.value(proxy)) }
        lines += HurlConnectionOption.lines(options, value: Self.value)
        if let skip = options.skip { lines.append("skip: \(skip)") }
        for name in options.removedHeaders ?? [] { lines.append("no-header: " + Self.value(name)) }
        for path in options.variablesFiles ?? [] { lines.append("variables-file: " + Self.value(path)) }
        for row in options.printing ?? [] { lines.append(row.name + ": " + Self.value(row.value)) }
        for row in options.templates ?? [] { lines.append(row.name + ": " + Self.value(row.value)) }
        return lines
    }

    /// The body as written in the file, or nil for none.
    private mutating func bodyText(_ request: SavedRequest) -> String? {
        switch request.body {
        case .none, .form, .multipart: return nil
        case .graphQL(let graphQL):
            var asJSON = request
            asJSON.body = .json(graphQL.envelope)
            return bodyText(asJSON)
        case .json(let text):
            if Self.jsonNeedsOneLine(text) { return "`" + Self.oneline(text) + "`" }
            if text.hasSuffix("\n"), Self.fitsMultiline(text) { return "```json\n" + text + "```" }
            let trimmed = text.drop { $0 == " " || $0 == "\t" || $0 == "\n" }
            if text == trimmed, text.hasPrefix("{") || text.hasPrefix("["), Self.closesOnLastCharacter(text) { return text }
            warn(request, "the JSON body is written as a multiline string ending with a line break")
            return "```json\n" + text + (text.hasSuffix("\n") ? "" : "\n") + "```"
        case .raw(let text, let type):
            let plain = Self.fitsMultiline(text) && !Self.holdsUnwritable(text)
            if type == "application/xml", plain {
                if text.hasPrefix("<"), !text.hasSuffix("\n"), !text.contains("\n\n") { return text }
                if text.hasSuffix("\n") { return "```xml\n" + text + "```" }
            }
            if text.hasSuffix("\n"), plain { return "```\n" + text + "```" }
            return "`" + Self.oneline(text) + "`"
        case .file(let path, _):
            if let problem = Self.filePathProblem(path) {
                warn(request, "the file body is left out: \(problem)")
                return nil
            }
            return "file," + path + ";"
        case .bytes(let data, _):
            if let literal = Self.novariableMultiline(request.body) { return literal }
            return "base64," + data.base64EncodedString(options: [.lineLength76Characters, .endLineWithLineFeed]) + ";"
        }
    }

    /// The response: the status line, captures and asserts.
    private func responseLines(_ request: SavedRequest) -> [String] {
        guard !request.checks.isEmpty || !request.captures.isEmpty else { return [] }
        var checks = request.checks
        var status = "*"
        var version = ""
        if let first = checks.first, let code = Self.statusCode(first) {
            status = String(code)
            checks.removeFirst()
            if let next = checks.first, let written = Self.versionText(next) {
                version = "/" + written
                checks.removeFirst()
            }
        }
        var lines = ["", "HTTP\(version) \(status)"]
        lines += checks.filter(\.isHeaderLine).map(\.text)
        checks.removeAll(where: \.isHeaderLine)
        if !request.captures.isEmpty { lines.append("[Captures]"); lines += request.captures.map(\.text) }
        if !checks.isEmpty { lines.append("[Asserts]"); lines += checks.map(\.text) }
        return lines
    }

    /// The status of a check written exactly `status == N`.
    private static func statusCode(_ check: Check) -> Int? {
        guard check.text.hasPrefix("status == "), let code = Int(check.text.dropFirst(10)), (100...999).contains(code) else { return nil }
        return code
    }

    /// The version of a check written exactly `version == "X"`.
    private static func versionText(_ check: Check) -> String? {
        for version in SavedOptions.httpVersions where check.text == "version == \"\(version)\"" { return version }
        return nil
    }

    /// A bytes body that is text holding `{{…}}` (sent as written) as a novariable multiline string, which reads
    /// back as the same bytes; nil when the body is not one or its content type has no language.
    static func novariableMultiline(_ body: SavedBody) -> String? {
        guard case .bytes(let data, let type) = body, let text = String(data: data, encoding: .utf8), text.hasSuffix("\n"),
              fitsMultiline(text), VariableResolver.containsPlaceholder(text) else { return nil }
        switch type {
        case nil: return "```novariable\n" + text + "```"
        case "application/json"?: return "```json,novariable\n" + text + "```"
        case "application/xml"?: return "```xml,novariable\n" + text + "```"
        default: return nil
        }
    }

    /// Whether text can sit in a multiline string: no line of its own is a closing ```.
    private static func fitsMultiline(_ text: String) -> Bool {
        !text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
            .contains { String(String.UnicodeScalarView($0)).trimmingCharacters(in: .whitespaces) == "```" }
    }

    /// Whether text holds what a `.hurl` file cannot hold as written: NUL (the file would not read) or a CR (a
    /// CR LF line end would read back as LF; a lone CR ends a line in editors).
    private static func holdsUnwritable(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0 == "\0" || $0 == "\r" }
    }

    /// Whether a JSON body must be a one-line string (with a Content-Type header): it holds NUL or a CR, or a
    /// line that would close a multiline string.
    static func jsonNeedsOneLine(_ text: String) -> Bool {
        holdsUnwritable(text) || !fitsMultiline(text)
    }

    /// Why a file path cannot be written in `file,PATH;`, or nil: the path ends at the first `;`, is trimmed, may
    /// not go up with `..`, and is one line.
    static func filePathProblem(_ path: String) -> String? {
        if path.trimmingCharacters(in: .whitespaces) != path || path.isEmpty { return "a file path in a .hurl file cannot be blank or start or end with white space" }
        if path.unicodeScalars.contains(where: { $0 == ";" || $0 == "\0" || OneLineText.isLineBreak($0) }) {
            return "a file path in a .hurl file cannot hold ;, NUL or a line break"
        }
        if HurlFileReference.climbs(path) { return "a file path in a .hurl file cannot go up with .." }
        return nil
    }

    /// Whether a JSON text's brackets close on its last character (so the reader takes all of it).
    private static func closesOnLastCharacter(_ text: String) -> Bool {
        var depth = 0
        var inString = false
        var escaped = false
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

    /// A name as written before the colon: plain when it can be, a lone `{{template}}` as it is, else quoted.
    static func key(_ name: String) -> String {
        let plain = !name.isEmpty && name.unicodeScalars.allSatisfy { scalar in
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_.[]@$".unicodeScalars.contains(scalar)
        }
        // A name starting with `[` would read as a JSON body, one starting with a combining mark as another character.
        if plain, let first = name.unicodeScalars.first, first != "[", first.properties.generalCategory != .nonspacingMark { return name }
        let scalars = Array(name.unicodeScalars)
        if name.hasPrefix("{{"), !name.contains(" "), safeTemplateEnd(scalars, from: 0) == scalars.count { return name }
        return HurlParser.quoted(name)
    }

    /// A value as written after the colon: `#`, `\`, line breaks and control characters escaped, a space at either
    /// end (or a combining mark at its start) written `\u{…}`, `{{templates}}` kept as they are when they read back
    /// so (else their braces escaped).
    static func value(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var result = ""
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "{", index + 1 < scalars.count, scalars[index + 1] == "{" {
                if let end = safeTemplateEnd(scalars, from: index) {
                    result.unicodeScalars.append(contentsOf: scalars[index..<end])
                    index = end
                    continue
                }
                result += "\\{"
                index += 1
                continue
            }
            switch scalar {
            case "\\": result += "\\\\"
            case "#": result += "\\#"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case " " where index == 0: result += "\\u{20}"
            case _ where index == 0 && joinsPrevious(scalar): result += "\\u{\(String(scalar.value, radix: 16))}"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || OneLineText.isLineBreak(scalar) {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
            index += 1
        }
        if result.hasSuffix(" ") { result = String(result.dropLast()) + "\\u{20}" }
        return result
    }

    /// The end of the `{{template}}` that starts at `start` when the reader takes it back as written: it closes on
    /// the line and holds no line break or NUL; else nil.
    private static func safeTemplateEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        let end = HurlKeyValue.templateEnd(scalars, from: start)
        guard end >= start + 4, scalars[end - 2] == "}", scalars[end - 1] == "}" else { return nil }
        guard !scalars[start..<end].contains(where: { $0 == "\0" || OneLineText.isLineBreak($0) }) else { return nil }
        return end
    }

    /// Whether a scalar at the start of written text would join the character before it (a combining mark, a
    /// joiner), so that a reader going by characters would no longer see that character.
    static func joinsPrevious(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar else { return false }
        return scalar.properties.isGraphemeExtend || scalar.properties.generalCategory == .spacingMark || scalar.value == 0x200D
    }

    /// Text as the inside of a one-line string; a first scalar that would join the opening backtick is escaped.
    static func oneline(_ text: String) -> String {
        var result = ""
        if let first = text.unicodeScalars.first, joinsPrevious(first) {
            return "\\u{\(String(first.value, radix: 16))}" + oneline(String(text.unicodeScalars.dropFirst()))
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "`": result += "\\`"
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
        return result
    }
}
