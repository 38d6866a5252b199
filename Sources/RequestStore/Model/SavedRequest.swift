import RequestKit

/// A request as saved in a collection: what the user edits, with `{{variables}}` not yet resolved.
public struct SavedRequest: Hashable, Sendable {
    /// A stable identifier, if the request has one (importers and the runner may use it).
    public var id: String?
    /// The name shown in the tree and used by `--from COLLECTION NAME`.
    public var name: String
    /// A free description.
    public var description: String
    /// The request's own variables; they beat its folders', the environment's and the collection's.
    public var variables: [Variable] = []
    /// The method.
    public var method: HTTPMethod
    /// The URL as typed, possibly with a query and `{{variables}}`.
    public var url: String
    /// Query rows appended to the URL's own query.
    public var query: [KeyValueRow]
    /// Header rows; they override inherited headers of the same name.
    public var headers: [KeyValueRow]
    /// Names of collection and folder headers this request does not send (compared without regard to case).
    public var disabledInheritedHeaders: [String] = []
    /// The body.
    public var body: SavedBody
    /// The credentials; `.inherit` takes the nearest folder's or the collection's.
    public var auth: SavedAuth
    /// Transfer options that differ from the defaults.
    public var options: SavedOptions
    /// Checks a replay must pass, one line each (`status == 200`); with none, any 2xx or 3xx status passes.
    public var checks: [Check]
    /// Values taken from the response into variables for later requests of a run, one line each.
    public var captures: [CaptureRule]
    /// Scripts of another tool (Postman's pre-request and test scripts), kept as text and never run.
    public var scripts: [SavedScript] = []
    /// Responses saved as examples of what the request returns (Postman's saved examples), kept for export and comparing.
    public var examples: [SavedExample] = []

    /// Creates a saved request.
    public init(
        id: String? = nil, name: String, description: String = "", method: HTTPMethod = .get, url: String,
        query: [KeyValueRow] = [], headers: [KeyValueRow] = [], body: SavedBody = .none, auth: SavedAuth = .inherit,
        options: SavedOptions = SavedOptions(), checks: [Check] = [], captures: [CaptureRule] = []
    ) {
        self.id = id
        self.name = name
        self.description = description
        self.method = method
        self.url = url
        self.query = query
        self.headers = headers
        self.body = body
        self.auth = auth
        self.options = options
        self.checks = checks
        self.captures = captures
    }
}

extension SavedRequest: Codable {
    private enum CodingKeys: String, CodingKey {
        case id, name, description, variables, method, url, query, headers, disabledInheritedHeaders, body, auth, options, checks, captures, scripts, examples
    }

    /// Decodes a request; everything but `name` and `url` may be left out.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeIfPresent(String.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        description = try container.decodeIfPresent(String.self, forKey: .description) ?? ""
        variables = try container.decodeIfPresent([Variable].self, forKey: .variables) ?? []
        method = try container.decodeIfPresent(HTTPMethod.self, forKey: .method) ?? .get
        url = try container.decode(String.self, forKey: .url)
        query = try container.decodeIfPresent([KeyValueRow].self, forKey: .query) ?? []
        headers = try container.decodeIfPresent([KeyValueRow].self, forKey: .headers) ?? []
        disabledInheritedHeaders = try container.decodeIfPresent([String].self, forKey: .disabledInheritedHeaders) ?? []
        body = try container.decodeIfPresent(SavedBody.self, forKey: .body) ?? .none
        auth = try container.decodeIfPresent(SavedAuth.self, forKey: .auth) ?? .inherit
        options = try container.decodeIfPresent(SavedOptions.self, forKey: .options) ?? SavedOptions()
        let checkLines = try container.decodeIfPresent([String].self, forKey: .checks) ?? []
        checks = try checkLines.enumerated().map { index, line in
            do throws(CheckSyntaxError) { return try Check.parse(line) } catch {
                throw CheckLineDecodingError(kind: .check, codingPath: container.codingPath, index: index, line: line, error: error)
            }
        }
        let captureLines = try container.decodeIfPresent([String].self, forKey: .captures) ?? []
        captures = try captureLines.enumerated().map { index, line in
            do throws(CheckSyntaxError) { return try CaptureRule.parse(line) } catch {
                throw CheckLineDecodingError(kind: .capture, codingPath: container.codingPath, index: index, line: line, error: error)
            }
        }
        scripts = try container.decodeIfPresent([SavedScript].self, forKey: .scripts) ?? []
        examples = try container.decodeIfPresent([SavedExample].self, forKey: .examples) ?? []
    }

    /// Encodes in the order id, name, description, variables, method, url, query, headers, disabledInheritedHeaders, body, auth, options,
    /// checks, captures, scripts, examples; empty and default members are left out.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(id, forKey: .id)
        try container.encode(name, forKey: .name)
        if !description.isEmpty { try container.encode(description, forKey: .description) }
        if !variables.isEmpty { try container.encode(variables, forKey: .variables) }
        try container.encode(method, forKey: .method)
        try container.encode(url, forKey: .url)
        if !query.isEmpty { try container.encode(query, forKey: .query) }
        if !headers.isEmpty { try container.encode(headers, forKey: .headers) }
        if !disabledInheritedHeaders.isEmpty { try container.encode(disabledInheritedHeaders, forKey: .disabledInheritedHeaders) }
        if body != .none { try container.encode(body, forKey: .body) }
        if auth != .inherit { try container.encode(auth, forKey: .auth) }
        if !options.isEmpty { try container.encode(options, forKey: .options) }
        if !checks.isEmpty { try container.encode(checks.map(\.text), forKey: .checks) }
        if !captures.isEmpty { try container.encode(captures.map(\.text), forKey: .captures) }
        if !scripts.isEmpty { try container.encode(scripts, forKey: .scripts) }
        if !examples.isEmpty { try container.encode(examples, forKey: .examples) }
    }
}
