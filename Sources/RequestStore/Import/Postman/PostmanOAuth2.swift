import RequestKit

/// Postman's `oauth2` auth parameters, read into an `oauth2` auth and written from one.
enum PostmanOAuth2 {
    /// Postman's `grant_type` names for curlew's grants (the code grant with PKCE has a name of its own).
    private static let grantNames: [(postman: String, grant: OAuth2GrantName, pkce: Bool)] = [
        ("client_credentials", .clientCredentials, false), ("password_credentials", .password, false),
        ("authorization_code_with_pkce", .authorizationCode, true), ("authorization_code", .authorizationCode, false),
    ]

    /// The auth for a Postman `oauth2` block's parameters, or nil (with a warning) for a grant curlew has not.
    static func auth(_ parameters: [String: String], item: String, warnings: inout [ConversionWarning]) -> SavedAuth? {
        let grantType = parameters["grant_type"] ?? "authorization_code"
        guard let match = grantNames.first(where: { $0.postman == grantType }) else {
            warnings.append(ConversionWarning(.unsupported, at: item, "the oauth2 grant \(grantType) has no counterpart in curlew; imported without auth"))
            return nil
        }
        let oauth = SavedOAuth2(
            grant: match.grant, tokenUrl: parameters["accessTokenUrl"] ?? "",
            authorizationUrl: match.grant == .authorizationCode ? parameters["authUrl"] ?? "" : "",
            clientId: parameters["clientId"] ?? "", clientSecret: parameters["clientSecret"] ?? "", scope: parameters["scope"] ?? "",
            audience: parameters["audience"] ?? "",
            username: match.grant == .password ? parameters["username"] ?? "" : "",
            password: match.grant == .password ? parameters["password"] ?? "" : "",
            pkce: match.pkce,
            redirectUri: match.grant == .authorizationCode ? loopbackRedirect(parameters["redirect_uri"], item: item, warnings: &warnings) : "",
            clientAuth: parameters["client_authentication"] == "body" ? .body : .basic)
        if let problem = oauth.problem {
            warnings.append(ConversionWarning(.unsupported, at: item, "the oauth2 auth is incomplete (\(problem)); imported without auth"))
            return nil
        }
        return .oauth2(oauth)
    }

    /// A redirect curlew can listen on (`http://127.0.0.1…` or `http://localhost…`), else empty with a note.
    private static func loopbackRedirect(_ uri: String?, item: String, warnings: inout [ConversionWarning]) -> String {
        guard let uri, !uri.isEmpty else { return "" }
        if uri.hasPrefix("http://127.0.0.1") || uri.hasPrefix("http://localhost") { return uri }
        warnings.append(ConversionWarning(.note, at: item, "the oauth2 redirect \(uri) is not on loopback; curlew picks a loopback redirect of its own (register it with the provider)"))
        return ""
    }

    /// The Postman parameters for an `oauth2` auth, as key and value pairs in Postman's order.
    static func parameters(of oauth: SavedOAuth2) -> [(key: String, value: String)] {
        let grantType: String = switch oauth.grant {
        case .clientCredentials: "client_credentials"
        case .password: "password_credentials"
        case .authorizationCode: oauth.pkce ? "authorization_code_with_pkce" : "authorization_code"
        case .deviceCode: "device_code"
        }
        var pairs: [(key: String, value: String)] = [("grant_type", grantType)]
        let texts: [(String, String)] = [
            ("accessTokenUrl", oauth.tokenUrl), ("authUrl", oauth.authorizationUrl), ("clientId", oauth.clientId),
            ("clientSecret", oauth.clientSecret), ("scope", oauth.scope), ("audience", oauth.audience),
            ("username", oauth.username), ("password", oauth.password), ("redirect_uri", oauth.redirectUri),
        ]
        pairs += texts.filter { !$0.1.isEmpty }.map { (key: $0.0, value: $0.1) }
        if oauth.grant == .authorizationCode && oauth.pkce { pairs.append(("challengeAlgorithm", "S256")) }
        pairs.append(("client_authentication", oauth.clientAuth == .body ? "body" : "header"))
        pairs.append(("addTokenTo", "header"))
        return pairs
    }
}
