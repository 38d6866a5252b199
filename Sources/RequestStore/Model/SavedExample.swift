/// A response saved with a request as an example of what it returns (Postman's saved examples): kept so that
/// an export back loses nothing and so that a response can be compared with it.
public struct SavedExample: Hashable, Sendable {
    /// The example's name.
    public var name: String
    /// The status code, if it has one.
    public var status: Int?
    /// The reason phrase (`OK`), or "".
    public var reason: String
    /// The response's header rows.
    public var headers: [KeyValueRow]
    /// The body as text, lines joined with `\n`.
    public var body: String
    /// The language of the body as the other tool names it (Postman's `_postman_previewlanguage`: `json`, `html`), if any.
    public var language: String?
    /// The method of the request that got the example, if it was saved with it.
    public var requestMethod: String?
    /// The URL of the request that got the example, if it was saved with it.
    public var requestURL: String?

    /// The accepted range of `status`.
    public static let statusRange = 100...999

    /// Creates an example.
    public init(
        name: String, status: Int? = nil, reason: String = "", headers: [KeyValueRow] = [], body: String = "", language: String? = nil,
        requestMethod: String? = nil, requestURL: String? = nil
    ) {
        self.name = name
        self.status = status
        self.reason = reason
        self.headers = headers
        self.body = body
        self.language = language
        self.requestMethod = requestMethod
        self.requestURL = requestURL
    }

    /// The `Content-Type` among its enabled headers, or "".
    public var contentType: String {
        headers.last(where: { $0.enabled && $0.name.lowercased() == "content-type" })?.value ?? ""
    }
}

extension SavedExample: Codable {
    private enum CodingKeys: String, CodingKey { case name, status, reason, headers, body, language, requestMethod, requestURL }

    /// Decodes an example; everything but `name` may be left out, and `body` may be an array of lines.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        status = try container.decodeIfPresent(Int.self, forKey: .status)
        if let status, !Self.statusRange.contains(status) {
            throw DecodingError.dataCorruptedError(forKey: .status, in: container, debugDescription: "a status goes from 100 to 999, not \(status)")
        }
        reason = try container.decodeIfPresent(String.self, forKey: .reason) ?? ""
        headers = try container.decodeIfPresent([KeyValueRow].self, forKey: .headers) ?? []
        body = container.contains(.body) ? try container.decodeText(forKey: .body) : ""
        language = try container.decodeIfPresent(String.self, forKey: .language)
        requestMethod = try container.decodeIfPresent(String.self, forKey: .requestMethod)
        requestURL = try container.decodeIfPresent(String.self, forKey: .requestURL)
    }

    /// Encodes in the order name, status, reason, headers, body (an array of lines when it has several), language,
    /// requestMethod, requestURL; empty members are left out.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encodeIfPresent(status, forKey: .status)
        if !reason.isEmpty { try container.encode(reason, forKey: .reason) }
        if !headers.isEmpty { try container.encode(headers, forKey: .headers) }
        if !body.isEmpty { try container.encodeText(body, forKey: .body) }
        try container.encodeIfPresent(language, forKey: .language)
        try container.encodeIfPresent(requestMethod, forKey: .requestMethod)
        try container.encodeIfPresent(requestURL, forKey: .requestURL)
    }
}
