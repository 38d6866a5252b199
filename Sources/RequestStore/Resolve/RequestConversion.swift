import Foundation
import RequestKit

/// Turns a saved request, what it inherits, and resolved variables into a RequestKit request ready to send.
public enum RequestConversion {
    /// Builds the request for a located request: inherited headers and auth applied, every `{{variable}}`
    /// resolved (the request's and its folders' variables searched after `--var`), and every file path passed through `boundary` (taken against the collection file's folder and
    /// refused outside the file root).
    public static func makeRequest(
        _ located: LocatedRequest, in collection: RequestCollection, scope: VariableScope, boundary: TrustBoundary
    ) throws(VariableError) -> Request {
        let inherited = InheritedSettings.effective(for: located, in: collection)
        return try makeRequest(located.request, headers: inherited.headers, auth: inherited.auth, scope: scope.within(inherited.variables), boundary: boundary)
    }

    /// Builds the request from a saved request with the given effective headers and auth, its file paths
    /// admitted by `boundary` (followed to their real location, refused outside the file root).
    public static func makeRequest(
        _ saved: SavedRequest, headers: [KeyValueRow], auth: SavedAuth, scope: VariableScope, boundary: TrustBoundary
    ) throws(VariableError) -> Request {
        let request = try makeRequest(saved, headers: headers, auth: auth, scope: scope, baseDirectory: boundary.baseDirectory)
        do throws(TrustRefusal) { return try boundary.admit(request) } catch { throw .untrusted(error) }
    }

    /// Builds the request from a saved request with the given effective headers and auth, relative file paths
    /// made absolute against `baseDirectory` without touching the disk; `TrustBoundary.admit` must pass it before
    /// it is sent on a collection's behalf.
    public static func makeRequest(
        _ saved: SavedRequest, headers: [KeyValueRow], auth: SavedAuth, scope: VariableScope, baseDirectory: String?
    ) throws(VariableError) -> Request {
        let saved = try HurlOptionValue.resolvingTemplates(of: saved, in: scope)
        func resolve(_ text: String, _ location: String) throws(VariableError) -> String {
            try VariableResolver.resolve(text, in: scope, location: location)
        }
        func resolvePath(_ path: String, _ location: String) throws(VariableError) -> String {
            absolute(try resolve(path, location), against: baseDirectory)
        }

        var request = Request(method: saved.method, url: try resolve(saved.url, "the URL"))
        for row in saved.query where row.enabled {
            let name = try resolve(row.name, "query parameter '\(row.name)'")
            request.query.append(QueryItem(name: name, value: try resolve(row.value, "query parameter '\(row.name)'")))
        }
        var resolvedHeaders = HTTPHeaders()
        for row in headers where row.enabled {
            resolvedHeaders.add(name: try resolve(row.name, "header '\(row.name)'"), value: try resolve(row.value, "header '\(row.name)'"))
        }
        request.headers = resolvedHeaders

        switch saved.body {
        case .none:
            request.body = .none
        case .json(let text):
            request.body = .json(try resolve(text, "the JSON body"))
        case .form(let rows):
            var fields: [FormField] = []
            for row in rows where row.enabled {
                fields.append(FormField(name: try resolve(row.name, "form field '\(row.name)'"), value: try resolve(row.value, "form field '\(row.name)'")))
            }
            request.body = .form(fields)
        case .multipart(let rows):
            var form = MultipartForm()
            for row in rows where row.enabled {
                switch row {
                case .field(let name, let value, _):
                    form.fields.append(FormField(name: try resolve(name, "multipart field '\(name)'"), value: try resolve(value, "multipart field '\(name)'")))
                case .file(let name, let path, let fileName, let contentType, _):
                    form.files.append(MultipartFile(
                        name: try resolve(name, "the path of multipart file '\(name)'"),
                        path: try resolvePath(path, "multipart file '\(name)'"),
                        fileName: try fileName.map { (value: String) throws(VariableError) in try resolve(value, "the file name of multipart file '\(name)'") },
                        contentType: contentType))
                }
            }
            request.body = .multipart(form)
        case .raw(let text, let contentType):
            request.body = .raw(Data(try resolve(text, "the body").utf8), contentType: contentType)
        case .file(let path, let contentType):
            request.body = .file(path: try resolvePath(path, "the body file path"), contentType: contentType)
        case .bytes(let data, let contentType):
            request.body = .raw(data, contentType: contentType)
        case .graphQL(let body):
            let query = try resolve(body.query, "the GraphQL query")
            let variables = try resolve(body.variables, "the GraphQL variables")
            if let problem = GraphQLBody.variablesProblem(variables) { throw .invalidBody(reason: problem) }
            let operationName = try body.operationName.map { (name: String) throws(VariableError) in try resolve(name, "the GraphQL operation name") }
            request.body = .json(GraphQLBody.envelope(query: query, variables: variables, operationName: operationName))
        }

        try applyAuth(auth, options: saved.options, to: &request, resolve: resolve)

        var options = RequestOptions()
        let savedOptions = saved.options
        if let timeout = savedOptions.timeout { options.timeout = timeout }
        if let follow = savedOptions.followRedirects { options.followRedirects = follow }
        if let maximum = savedOptions.maxRedirects { options.maxRedirects = maximum }
        if let verify = savedOptions.verifyTLS { options.verifyTLS = verify }
        if let pins = savedOptions.pins { options.pinnedPublicKeys = pins }
        if let caFile = savedOptions.caFile { options.caBundlePath = try resolvePath(caFile, "the CA file path") }
        if let proxy = savedOptions.proxy { options.proxy = try resolve(proxy, "the proxy") }
        switch savedOptions.httpVersion {
        case "1.0": options.httpVersion = .http1_0
        case "1.1": options.httpVersion = .http1_1
        case "2": options.httpVersion = .http2
        case SavedOptions.http2PriorKnowledge: options.httpVersion = .http2PriorKnowledge
        default: break
        }
        try applyConnection(savedOptions, to: &options, resolve: resolve, resolvePath: resolvePath)
        options.recordsCertificate = saved.readsCertificate
        request.options = options
        return request
    }

    /// The connection settings of saved options (connect-to, resolve, IP version, Unix socket, path as is, rate limit,
    /// credentials on redirects, `.netrc`, client certificate), their templates resolved and paths made absolute.
    private static func applyConnection(
        _ saved: SavedOptions, to options: inout RequestOptions,
        resolve: (String, String) throws(VariableError) -> String, resolvePath: (String, String) throws(VariableError) -> String
    ) throws(VariableError) {
        if let seconds = saved.connectTimeout { options.connectTimeout = seconds }
        for entry in saved.connectTo ?? [] {
            let text = try resolve(entry, "the connect-to option")
            if let problem = ConnectionOverride.connectToProblem(text) { throw .invalidBody(reason: "the connect-to option \(problem)") }
            options.connectTo.append(text)
        }
        for entry in saved.resolve ?? [] {
            let text = try resolve(entry, "the resolve option")
            if let problem = ConnectionOverride.resolveProblem(text) { throw .invalidBody(reason: "the resolve option \(problem)") }
            options.resolve.append(text)
        }
        switch saved.ipVersion {
        case "4": options.ipVersion = .v4
        case "6": options.ipVersion = .v6
        default: break
        }
        if let socket = saved.unixSocket { options.unixSocketPath = try resolvePath(socket, "the Unix socket path") }
        if let pathAsIs = saved.pathAsIs { options.pathAsIs = pathAsIs }
        if let rate = saved.limitRate { options.rateLimit = rate }
        if saved.redirectCredentials == true {
            options.redirectCredentials = true
            options.followRedirects = true
        }
        switch saved.netrc {
        case "required": options.netrc = .required
        case "optional": options.netrc = .optional
        default: break
        }
        if let file = saved.netrcFile {
            options.netrcFile = try resolvePath(file, "the netrc file path")
            if options.netrc == .ignored { options.netrc = .required }
        }
        if let certificate = saved.clientCertificate { options.clientCertificatePath = try resolvePath(certificate, "the client certificate path") }
        if let key = saved.clientKey { options.clientKeyPath = try resolvePath(key, "the client key path") }
    }

    /// A path made absolute against a base directory; absolute paths and `~/` paths are kept as they are.
    static func absolute(_ path: String, against base: String?) -> String {
        if path.hasPrefix("/") { return path }
        if path.hasPrefix("~/") { return NSString(string: path).expandingTildeInPath }
        guard let base, !base.isEmpty else { return path }
        return URL(fileURLWithPath: base).appendingPathComponent(path).standardizedFileURL.path
    }
}
