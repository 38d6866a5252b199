import RequestKit

/// A curl command for a saved request with its `{{variables}}` left in place, for sharing as a template.
///
/// Inherited headers and auth are included; query rows are appended to the URL encoded around the
/// placeholders; `--globoff` keeps curl from reading `{{…}}` as a URL pattern. Basic auth is written
/// as `-u 'user:password'` so that its variables stay readable. Relative file paths are kept as stored
/// (relative to the collection file).
enum TemplateCurlCommand {
    /// The command, one option per line joined with ` \`.
    static func command(for request: SavedRequest, headers: [KeyValueRow], auth: SavedAuth) -> String {
        var groups: [String] = []
        func add(_ option: String, _ value: String? = nil) {
            groups.append(value.map { "\(option) \(ShellQuoting.quote($0))" } ?? option)
        }
        var url = request.url
        let query = request.query.filter(\.enabled)
        if !query.isEmpty { url += (url.contains("?") ? "&" : "?") + PlaceholderPreservingEncoding.pairs(query) }
        let hasBody = request.body != .none
        switch request.method {
        case .get where !hasBody, .post where hasBody: break
        case .head where !hasBody: add("--head")
        default: add("-X", request.method.rawValue)
        }
        if url.contains("{") || url.contains("[") { add("--globoff") }
        groups.append(ShellQuoting.quote(url))
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
                    let literal = value.hasPrefix("@") || value.hasPrefix("<") || value.contains(";")
                    bodyGroups.append((literal ? "--form-string" : "-F", "\(name)=\(value)"))
                case .file(let name, let path, let fileName, let contentType, _):
                    var part = "\(name)=@\"\(path)\""
                    if let contentType { part += ";type=\(contentType)" }
                    if let fileName { part += ";filename=\"\(fileName)\"" }
                    bodyGroups.append(("-F", part))
                }
            }
        }
        for row in headerRows { add("-H", "\(row.name): \(row.value)") }
        switch auth {
        case .bearer(let token): add("-H", "Authorization: Bearer \(token)")
        case .basic(let user, let password): add("-u", "\(user):\(password)")
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
        return (["curl"] + groups).joined(separator: " \\\n  ")
    }
}
