import Foundation

extension Request {
    /// A `curl` command line that sends this request, on one line.
    ///
    /// See `curlCommand(multiline:)` for how each part is written.
    public var curlCommand: String { curlCommand(multiline: false) }

    /// A shell-safe `curl` command line that sends this request.
    ///
    /// Every argument is a single-quoted shell word (`'\''` for an embedded quote). The URL
    /// carries the whole query; `-H` writes each header, including the Authorization and
    /// Content-Type headers that `prepared()` adds. Text bodies go in `--data-binary`
    /// (`--data-raw` when they start with `@`); a body that cannot be an argument (NUL
    /// bytes or invalid UTF-8) is written by `printf` with octal escapes and piped to
    /// `--data-binary @-`; a file body is `--data-binary @path`. Multipart forms use `-F`
    /// (`--form-string` for values curl would otherwise interpret) and
    /// `-F 'name=@"path";type=…;filename="…"'` for files; curl picks its own boundary. A
    /// pinned certificate file becomes an `openssl` pipeline computing its key's pin. A URL
    /// starting with `-` is given with `--url`. What a command line cannot carry at all (NUL in
    /// a word, `=` in a form part's name) is named by `curlCommandProblem`.
    /// - Parameter multiline: Puts each option on its own line, joined with ` \`.
    public func curlCommand(multiline: Bool) -> String {
        var command = CurlCommandBuilder()
        command.addMethodAndURL(self)
        command.addHeaders(self)
        command.addBody(self)
        command.addOptions(options, url: command.url)
        return command.render(multiline: multiline)
    }
}

/// Collects the words of a curl command line.
struct CurlCommandBuilder {
    /// Argument groups, each already shell-quoted (an option and its value stay together).
    private var groups: [String] = []
    /// A command whose output is piped into curl's standard input.
    private var stdinCommand: String?
    /// The final URL, as placed on the command line.
    private(set) var url = ""

    /// The command as text.
    func render(multiline: Bool) -> String {
        let curl = (["curl"] + groups).joined(separator: multiline ? " \\\n  " : " ")
        guard let stdinCommand else { return curl }
        return stdinCommand + " | " + curl
    }

    private mutating func add(_ option: String, _ value: String? = nil) {
        groups.append(value.map { "\(option) \(ShellQuoting.quote($0))" } ?? option)
    }

    /// Adds the method flag when curl would not pick the method by itself, and the URL.
    mutating func addMethodAndURL(_ request: Request) {
        let hasBody = request.uploads
        switch request.method {
        case .get where !hasBody: break
        case .post where hasBody: break
        case .head where !hasBody: add("--head")
        default: add("-X", request.method.rawValue)
        }
        url = CurlCommandBuilder.finalURL(request)
        if url.unicodeScalars.contains(where: { "[]{}".unicodeScalars.contains($0) }) { add("--globoff") }
        if url.unicodeScalars.first == "-" { add("--url", url) } else { groups.append(ShellQuoting.quote(url)) }
    }

    /// The URL with the query appended, as `prepared()` builds it, or the raw text when invalid.
    private static func finalURL(_ request: Request) -> String {
        let pairs = FormEncoding.pairs(request.query)
        if let parsed = try? RequestURL(request.url) { return parsed.appendingQuery(pairs) }
        guard !pairs.isEmpty else { return request.url }
        return request.url + (request.url.contains("?") ? "&" : "?") + pairs.joined(separator: "&")
    }

    /// Adds `-H` for each header `prepared()` sends (Authorization and Content-Type included);
    /// multipart leaves Content-Type to curl, which names its own boundary. For a request `prepared()` refuses,
    /// line breaks and NUL in its headers are written as `⏎` and `␀`, so that no header can start another.
    mutating func addHeaders(_ request: Request) {
        var headers: HTTPHeaders
        if let prepared = try? request.prepared() {
            headers = prepared.headers
        } else {
            headers = HTTPHeaders(request.headers.map { HTTPHeader(name: OneLineText.visible($0.name), value: OneLineText.visible($0.value)) })
            if let authorization = request.auth.headerValue, !headers.contains(name: "Authorization") {
                headers.add(name: "Authorization", value: OneLineText.visible(authorization))
            }
        }
        if case .multipart = request.body { headers.remove(name: "Content-Type") }
        for field in headers {
            add("-H", field.value.isEmpty ? "\(field.name);" : "\(field.name): \(field.value)")
        }
        addScheme(request.auth.schemeCredentials)
        if request.uploads, !headers.contains(name: "Content-Type"), !request.body.isMultipart {
            add("-H", "Content-Type:")
        }
    }

    /// Adds the body options.
    mutating func addBody(_ request: Request) {
        switch request.body {
        case .none:
            if request.method == .post { add("--data-binary", "") }
        case .raw(let data, _):
            addData(data, sendEmpty: request.method == .post)
        case .json(let text):
            addData(Data(text.utf8), sendEmpty: request.method == .post)
        case .form(let fields):
            addData(Data(FormEncoding.encode(fields).utf8), sendEmpty: request.method == .post)
        case .file(let path, _):
            add("--data-binary", "@" + CurlCommandBuilder.fileArgument(path))
        case .multipart(let form):
            for field in form.fields {
                if CurlFormSyntax.isPlainValue(field.value) {
                    add("-F", "\(field.name)=\(field.value)")
                } else {
                    add("--form-string", "\(field.name)=\(field.value)")
                }
            }
            for file in form.files {
                let path = CurlFormSyntax.quotedWord(file.path)
                let fileName = CurlFormSyntax.quotedWord(file.effectiveFileName)
                add("-F", "\(file.name)=@\(path);\(CurlFormSyntax.typeParameter(file.effectiveContentType));filename=\(fileName)")
            }
        }
    }

    /// Adds in-memory body bytes as an argument, or through `printf` when they cannot be one;
    /// an empty body is written as `--data-binary ''` only when `sendEmpty` (a POST, which always uploads).
    private mutating func addData(_ data: Data, sendEmpty: Bool) {
        guard !data.isEmpty else {
            if sendEmpty { add("--data-binary", "") }
            return
        }
        let text = String(decoding: data, as: UTF8.self)
        if !data.contains(0), Data(text.utf8) == data {
            add(text.unicodeScalars.first == "@" ? "--data-raw" : "--data-binary", text)
        } else {
            stdinCommand = ShellQuoting.printfCommand(for: data)
            add("--data-binary", "@-")
        }
    }

    /// Adds the transfer options that differ from curl's own defaults.
    mutating func addOptions(_ options: RequestOptions, url: String) {
        add("--compressed")
        if let timeout = options.timeout { add("--max-time", CurlCommandBuilder.format(timeout)) }
        if let connectTimeout = options.connectTimeout { add("--connect-timeout", CurlCommandBuilder.format(connectTimeout)) }
        if options.followRedirects {
            add("-L")
            add("--max-redirs", String(options.maxRedirects))
        }
        if !options.verifyTLS { add("-k") }
        if let path = options.caBundlePath { add("--cacert", path) }
        if let path = options.clientCertificatePath { add("--cert", path) }
        if let path = options.clientKeyPath { add("--key", path) }
        var pinWords = options.pinnedPublicKeys.map(ShellQuoting.quote)
        if let path = options.pinnedCertificatePath { pinWords.append(CurlCommandBuilder.pinPipeline(certificatePath: path)) }
        if !pinWords.isEmpty { groups.append("--pinnedpubkey " + pinWords.joined(separator: "';'")) }
        if let proxy = options.proxy { add("--proxy", proxy) }
        switch options.httpVersion {
        case .automatic: break
        case .http1_0: add("--http1.0")
        case .http1_1: add("--http1.1")
        case .http2: add("--http2")
        case .http2PriorKnowledge: add("--http2-prior-knowledge")
        }
        if let limit = options.maxResponseSize { add("--max-filesize", String(limit)) }
        if let path = options.outputPath { add("-o", path) }
        addConnection(options)
    }

    /// Adds the connection flags: overrides, IP version, socket, path as is, rate, redirect credentials, `.netrc`.
    private mutating func addConnection(_ options: RequestOptions) {
        for entry in options.connectTo { add("--connect-to", entry) }
        for entry in options.resolve { add("--resolve", entry) }
        switch options.ipVersion {
        case .any: break
        case .v4: add("-4")
        case .v6: add("-6")
        }
        if let socket = options.unixSocketPath { add("--unix-socket", socket) }
        if options.pathAsIs { add("--path-as-is") }
        if let rate = options.rateLimit { add("--limit-rate", String(rate)) }
        if options.redirectCredentials { add("--location-trusted") }
        switch options.netrc {
        case .ignored: break
        case .optional: add("--netrc-optional")
        case .required: if options.netrcFile == nil { add("--netrc") }
        }
        if options.netrc != .ignored, let file = options.netrcFile { add("--netrc-file", file) }
    }

    /// Adds the flags of a scheme libcurl carries out, and its credentials as `-u`.
    mutating func addScheme(_ credentials: SchemeCredentials?) {
        guard let credentials else { return }
        switch credentials.scheme {
        case .awsSigV4(let provider): add("--aws-sigv4", provider)
        default: add("--" + credentials.scheme.optionName)
        }
        if !credentials.user.isEmpty { add("-u", credentials.user + ":" + credentials.password) }
    }

    /// A shell word computing `sha256//BASE64` of a certificate's public key with `openssl`.
    private static func pinPipeline(certificatePath path: String) -> String {
        let isPEM = FileManager.default.contents(atPath: path).map { $0.starts(with: Data("-----BEGIN".utf8)) } ?? true
        let inform = isPEM ? "" : " -inform DER"
        return "\"sha256//$(openssl x509\(inform) -in \(ShellQuoting.quote(path)) -pubkey -noout"
            + " | openssl pkey -pubin -outform DER | openssl dgst -sha256 -binary | openssl enc -base64)\""
    }

    /// A path for `@path`: `-` alone would mean standard input, so it becomes `./-`.
    private static func fileArgument(_ path: String) -> String { path == "-" ? "./-" : path }

    /// Seconds without a trailing `.0`.
    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() && abs(seconds) < 1e15 ? String(Int(seconds)) : String(seconds)
    }
}

extension Request {
    /// Whether the transport uploads a body: always for POST (an empty one has Content-Length 0),
    /// and for any method whose body has bytes.
    var uploads: Bool { method == .post || body.producesBody }
}

extension RequestBody {
    /// Whether this is a multipart form.
    var isMultipart: Bool {
        if case .multipart = self { return true }
        return false
    }

    /// Whether sending this body puts bytes on the wire (an empty raw or JSON body does not).
    var producesBody: Bool {
        switch self {
        case .none: return false
        case .raw(let data, _): return !data.isEmpty
        case .json(let text): return !text.isEmpty
        case .form(let fields): return !fields.isEmpty
        case .multipart, .file: return true
        }
    }
}

extension Request {
    /// Why `curlCommand` cannot carry this request exactly, or nil when it can: a NUL byte in a word other than
    /// the body, or `=` in a form part's name.
    public var curlCommandProblem: String? {
        switch body {
        case .multipart(let form):
            for name in form.fields.map(\.name) + form.files.map(\.name) {
                if let problem = CurlFormSyntax.nameProblem(name) { return problem }
            }
            let texts = form.fields.flatMap { [$0.name, $0.value] } + form.files.flatMap { [$0.name, $0.path, $0.effectiveFileName] }
            if texts.contains(where: { $0.unicodeScalars.contains("\0") }) { return "a form part holds a NUL byte, which no command-line word can" }
        case .file(let path, _):
            if path.unicodeScalars.contains("\0") { return "the file path holds a NUL byte" }
        default: break
        }
        return nil
    }
}
