import Foundation

/// One query parameter; a nil value is written as a bare name (`?flag`).
public struct QueryItem: Hashable, Sendable, Codable {
    /// The parameter name, as the user typed it (not yet percent-encoded).
    public var name: String
    /// The parameter value, as the user typed it (not yet percent-encoded).
    public var value: String?

    /// Creates a query parameter.
    public init(name: String, value: String?) {
        self.name = name
        self.value = value
    }
}

/// Everything needed to send one HTTP request.
public struct Request: Hashable, Sendable {
    /// The method on the request line.
    public var method: HTTPMethod
    /// The URL as text; it is validated when the request is built for sending.
    public var url: String
    /// Query parameters appended, in order, to any query the URL already has.
    public var query: [QueryItem]
    /// Header fields in order.
    public var headers: HTTPHeaders
    /// The body.
    public var body: RequestBody
    /// Credentials added as an Authorization header.
    public var auth: Auth
    /// Transfer options: timeouts, redirects, TLS, proxy, limits.
    public var options: RequestOptions
    /// Secret values that travel in ordinary headers, the query or cookies (an API key, an AWS session token),
    /// masked wherever the exchange is shown or kept.
    public var maskedValues: [String] = []
    /// The OAuth 2.0 block whose token this request needs, got by `OAuth2Authorizer` before it is sent; nil for none.
    public var oauth2: OAuth2Settings?

    /// Creates a request.
    public init(
        method: HTTPMethod = .get,
        url: String,
        query: [QueryItem] = [],
        headers: HTTPHeaders = [],
        body: RequestBody = .none,
        auth: Auth = .none,
        options: RequestOptions = RequestOptions()
    ) {
        self.method = method
        self.url = url
        self.query = query
        self.headers = headers
        self.body = body
        self.auth = auth
        self.options = options
    }
}

/// Credentials a request carries.
public enum Auth: Hashable, Sendable {
    /// No credentials.
    case none
    /// `Authorization: Bearer <token>`.
    case bearer(String)
    /// `Authorization: Basic base64(user:password)`.
    case basic(user: String, password: String)
    /// A user and password that libcurl uses in a scheme of its own (Digest, NTLM, Negotiate, AWS SigV4).
    case scheme(HTTPAuthScheme, user: String, password: String)

    /// The credentials libcurl carries out itself, or nil for a header of curlew's or none.
    public var schemeCredentials: SchemeCredentials? {
        if case .scheme(let scheme, let user, let password) = self { return SchemeCredentials(scheme: scheme, user: user, password: password) }
        return nil
    }

    /// These credentials used in `scheme`: a user and password move to it, none become the scheme without any (for
    /// `.netrc` or the system's Kerberos ticket), and a bearer token stays as it is.
    public func carried(by scheme: HTTPAuthScheme) -> Auth {
        switch self {
        case .basic(let user, let password), .scheme(_, let user, let password): return .scheme(scheme, user: user, password: password)
        case .none: return .scheme(scheme, user: "", password: "")
        case .bearer: return self
        }
    }

    /// The Authorization header value, or nil when there are no credentials.
    public var headerValue: String? {
        switch self {
        case .none, .scheme: return nil
        case .bearer(let token): return "Bearer \(token)"
        case .basic(let user, let password):
            return "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
        }
    }
}
