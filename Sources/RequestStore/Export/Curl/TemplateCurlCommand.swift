import RequestKit

/// A curl command for a saved request with its `{{variables}}` left in place, for sharing as a template.
///
/// Inherited headers and auth are included; query rows are appended to the URL encoded around the
/// placeholders; `--globoff` keeps curl from reading `{{…}}` as a URL pattern. Basic auth is written
/// as `-u 'user:password'` so that its variables stay readable. Relative file paths are kept as stored
/// (relative to the collection file). A header that could never be sent as written (a name that is not a token
/// outside its `{{placeholders}}`, a line break or NUL in it), a NUL byte in any word and `=` in a form part's name
/// are refused.
enum TemplateCurlCommand {
    /// Why a template cannot be written.
    struct Refusal: Error {
        /// The field and what is wrong with it.
        var reason: String
    }

    /// The command, one option per line joined with ` \`.
    static func command(for request: SavedRequest, headers: [KeyValueRow], auth: SavedAuth) throws(Refusal) -> String {
        var groups: [String] = []
        var nul: String?
        func add(_ option: String, _ value: String? = nil) {
            if let value, value.unicodeScalars.contains("\0") { nul = nul ?? option }
            groups.append(value.map { "\(option) \(ShellQuoting.quote($0))" } ?? option)
        }
        var queryRows = request.query.filter(\.enabled)
        if case .apiKey(let key) = auth, key.location == .query { queryRows.append(KeyValueRow(name: key.name, value: key.value)) }
        let url = URLQueryPlacement.appending(PlaceholderPreservingEncoding.pairs(queryRows), to: request.url)
        let hasBody = request.body != .none
        switch request.method {
        case .get where !hasBody, .post where hasBody: break
        case .head where !hasBody: add("--head")
        default: add("-X", request.method.rawValue)
        }
        if url.unicodeScalars.contains("{") || url.unicodeScalars.contains("[") { add("--globoff") }
        if url.unicodeScalars.first == "-" { add("--url", url) } else { add(ShellQuoting.quote(url)) }
        if url.unicodeScalars.contains("\0") { nul = "the URL" }
        var headerRows = headers.filter(\.enabled)
        func addContentType(_ type: String?) {
            guard let type, !headerRows.contains(where: { $0.name.lowercased() == "content-type" }) else { return }
            headerRows.append(KeyValueRow(name: "Content-Type", value: type))
        }
        var bodyGroups: [(String, String)] = []
        switch request.body {
        case .none: break
        case .json(let text):
            addContentType("application/json")
            bodyGroups.append(("--data-raw", text))
        case .graphQL(let body):
            addContentType("application/json")
            bodyGroups.append(("--data-raw", body.envelope))
        case .form(let rows):
            addContentType("application/x-www-form-urlencoded")
            bodyGroups.append(("--data-raw", PlaceholderPreservingEncoding.pairs(rows.filter(\.enabled), spaceAsPlus: true)))
        case .raw(let text, let contentType):
            addContentType(contentType)
            bodyGroups.append(("--data-raw", text))
        case .file(let path, let contentType):
            addContentType(contentType)
            bodyGroups.append(("--data-binary", "@" + path))
        case .bytes(let data, let contentType):
            addContentType(contentType)
            bodyGroups.append(("--data-raw", String(decoding: data, as: UTF8.self)))
        case .multipart(let rows):
            for row in rows where row.enabled {
                switch row {
                case .field(let name, let value, _):
                    if let problem = CurlFormSyntax.nameProblem(name) { throw Refusal(reason: problem) }
                    bodyGroups.append((CurlFormSyntax.isPlainValue(value) ? "-F" : "--form-string", "\(name)=\(value)"))
                case .file(let name, let path, let fileName, let contentType, _):
                    if let problem = CurlFormSyntax.nameProblem(name) { throw Refusal(reason: problem) }
                    var part = "\(name)=@" + CurlFormSyntax.quotedWord(path)
                    if let contentType { part += ";" + CurlFormSyntax.typeParameter(contentType) }
                    if let fileName { part += ";filename=" + CurlFormSyntax.quotedWord(fileName) }
                    bodyGroups.append(("-F", part))
                }
            }
        }
        for row in headerRows {
            try check(name: row.name, value: row.value)
            add("-H", "\(row.name): \(row.value)")
        }
        switch auth {
        case .bearer(let token):
            try check(name: "Authorization", value: "Bearer " + token)
            add("-H", "Authorization: Bearer \(token)")
        case .basic(let user, let password): add("-u", "\(user):\(password)")
        case .digest(let user, let password): add("--digest"); add("-u", "\(user):\(password)")
        case .ntlm(let user, let password): add("--ntlm"); add("-u", "\(user):\(password)")
        case .negotiate(let user, let password): add("--negotiate"); add("-u", "\(user):\(password)")
        case .apiKey(let key):
            switch key.location {
            case .header:
                try check(name: key.name, value: key.value)
                add("-H", "\(key.name): \(key.value)")
            case .cookie: add("-b", "\(key.name)=\(key.value)")
            case .query: break
            }
        case .awsSigV4(let aws):
            add("--aws-sigv4", "aws:amz:\(aws.region):\(aws.service)")
            add("-u", "\(aws.accessKey):\(aws.secretKey)")
            if let token = aws.sessionToken, !token.isEmpty { add("-H", "X-Amz-Security-Token: \(token)") }
        case .oauth2:
            // curl cannot get an OAuth 2.0 token; the token curlew got is sent as a bearer token.
            try check(name: "Authorization", value: "Bearer {{$oauth2.access_token}}")
            add("-H", "Authorization: Bearer {{$oauth2.access_token}}")
        case .none, .inherit: break
        }
        for (option, value) in bodyGroups { add(option, value) }
        let options = request.options
        if options.followRedirects != false { add("-L") }
        if let maximum = options.maxRedirects { add("--max-redirs", String(maximum)) }
        if let timeout = options.timeout { add("--max-time", timeout == timeout.rounded() ? String(Int(timeout)) : String(timeout)) }
        if options.verifyTLS == false { add("-k") }
        if let pins = options.pins, !pins.isEmpty { add("--pinnedpubkey", pins.joined(separator: ";")) }
        if let caFile = options.caFile { add("--cacert", caFile) }
        if let proxy = options.proxy { add("-x", proxy) }
        for (option, value) in CurlConnectionFlags.words(options) { add(option, value) }
        if let nul { throw Refusal(reason: "\(nul) holds a NUL byte, which no command-line word can") }
        return (["curl"] + groups).joined(separator: " \\\n  ")
    }

    /// Refuses a header that could never be sent as written, whatever its `{{placeholders}}` become.
    private static func check(name: String, value: String) throws(Refusal) {
        if let problem = TemplateHeaderName.problem(name) ?? HeaderValidation.problem(name: "x", value: value) {
            throw Refusal(reason: "the header \(name.debugDescription): \(problem)")
        }
    }
}
