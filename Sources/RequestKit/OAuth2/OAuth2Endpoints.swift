/// The provider's endpoints a grant uses, from the block itself or from the issuer's discovery document.
public struct OAuth2Endpoints: Hashable, Sendable {
    /// The token endpoint.
    public var token: String
    /// The authorization endpoint (code grant).
    public var authorization: String
    /// The device authorization endpoint (device grant).
    public var deviceAuthorization: String

    /// Creates a set of endpoints.
    public init(token: String, authorization: String = "", deviceAuthorization: String = "") {
        self.token = token
        self.authorization = authorization
        self.deviceAuthorization = deviceAuthorization
    }

    /// The discovery document's URL for an issuer: `/.well-known/openid-configuration` after its path (OIDC Discovery §4).
    static func discoveryURL(for issuer: String) -> String {
        var base = issuer
        while base.hasSuffix("/") { base.removeLast() }
        return base + "/.well-known/openid-configuration"
    }

    /// The endpoints named by a discovery document, the block's own URLs taking precedence; refuses an `issuer` that
    /// differs from the one asked for (OIDC Discovery §4.3) and endpoints that are not http(s) URLs.
    static func discovered(_ document: OrderedJSON, issuer: String, settings: OAuth2Settings, endpoint: String) throws(OAuth2Error) -> OAuth2Endpoints {
        func trimmed(_ text: String) -> String { text.hasSuffix("/") ? String(text.dropLast()) : text }
        if let named = document["issuer"]?.stringValue, trimmed(named) != trimmed(issuer) {
            throw .malformedAnswer(endpoint: endpoint, "it names the issuer \(OneLineText.visible(String(named.prefix(200)))), not \(issuer)")
        }
        func url(_ field: String, own: String) throws(OAuth2Error) -> String {
            if !own.isEmpty { return own }
            guard let text = document[field]?.stringValue else { return "" }
            let lower = text.lowercased()
            guard text.utf8.count <= 2048, lower.hasPrefix("https://") || lower.hasPrefix("http://") else {
                throw .malformedAnswer(endpoint: endpoint, "its \(field) is not an http(s) URL")
            }
            return text
        }
        let endpoints = OAuth2Endpoints(
            token: try url("token_endpoint", own: settings.tokenUrl),
            authorization: try url("authorization_endpoint", own: settings.authorizationUrl),
            deviceAuthorization: try url("device_authorization_endpoint", own: settings.deviceAuthorizationUrl))
        if endpoints.token.isEmpty { throw .malformedAnswer(endpoint: endpoint, "it names no token_endpoint") }
        return endpoints
    }
}
