/// The grants an `oauth2` auth can get its token with.
public enum OAuth2GrantName: String, Hashable, Sendable, CaseIterable {
    /// The client's own credentials (RFC 6749 §4.4).
    case clientCredentials
    /// A user's name and password given to the client (RFC 6749 §4.3).
    case password
    /// A browser sign-in redirected back to curlew on loopback, with PKCE (RFC 6749 §4.1, RFC 7636).
    case authorizationCode
    /// A code the user enters on another device (RFC 8628).
    case deviceCode
}

/// How the client proves who it is to the token endpoint.
public enum OAuth2ClientAuthentication: String, Hashable, Sendable, CaseIterable {
    /// `Authorization: Basic` with the client id and secret.
    case basic
    /// `client_id` and `client_secret` in the form body.
    case body
}

/// An OAuth 2.0 auth block: the grant, its endpoints (or an OIDC issuer to discover them from) and the client;
/// in a collection every text may contain `{{variables}}`, on a request they are resolved.
public struct OAuth2Settings: Hashable, Sendable {
    /// The grant the token is got with.
    public var grant: OAuth2GrantName
    /// The token endpoint; empty to take it from the issuer's discovery document.
    public var tokenUrl: String
    /// The authorization endpoint of the code grant; empty to take it from the issuer.
    public var authorizationUrl: String
    /// The device authorization endpoint of the device grant; empty to take it from the issuer.
    public var deviceAuthorizationUrl: String
    /// The OpenID Connect issuer whose `/.well-known/openid-configuration` names the endpoints.
    public var issuer: String
    /// The client id.
    public var clientId: String
    /// The client secret; a secret, empty for a public client.
    public var clientSecret: String
    /// The scopes asked for, separated by spaces.
    public var scope: String
    /// The audience (resource) asked for, sent as `audience` when set.
    public var audience: String
    /// The resource owner's name for the password grant.
    public var username: String
    /// The resource owner's password for the password grant; a secret.
    public var password: String
    /// Whether the code grant sends a PKCE S256 challenge.
    public var pkce: Bool
    /// The loopback redirect of the code grant (`http://127.0.0.1:PORT/callback`); empty to pick a free port.
    public var redirectUri: String
    /// How the client authenticates at the token endpoint.
    public var clientAuth: OAuth2ClientAuthentication

    /// Creates an OAuth 2.0 auth block.
    public init(
        grant: OAuth2GrantName, tokenUrl: String = "", authorizationUrl: String = "", deviceAuthorizationUrl: String = "",
        issuer: String = "", clientId: String, clientSecret: String = "", scope: String = "", audience: String = "",
        username: String = "", password: String = "", pkce: Bool = true, redirectUri: String = "",
        clientAuth: OAuth2ClientAuthentication = .basic
    ) {
        self.grant = grant
        self.tokenUrl = tokenUrl
        self.authorizationUrl = authorizationUrl
        self.deviceAuthorizationUrl = deviceAuthorizationUrl
        self.issuer = issuer
        self.clientId = clientId
        self.clientSecret = clientSecret
        self.scope = scope
        self.audience = audience
        self.username = username
        self.password = password
        self.pkce = pkce
        self.redirectUri = redirectUri
        self.clientAuth = clientAuth
    }

    /// Every text field, in the order the docs list them.
    public var texts: [String] {
        [tokenUrl, authorizationUrl, deviceAuthorizationUrl, issuer, clientId, clientSecret, scope, audience, username, password, redirectUri]
    }

    /// The texts that are secrets: the client secret and the password.
    public var secretTexts: [String] { [clientSecret, password].filter { !$0.isEmpty } }

    /// The same block with every text passed through `transform`.
    public func mappingTexts(_ transform: (String) -> String) -> OAuth2Settings {
        OAuth2Settings(
            grant: grant, tokenUrl: transform(tokenUrl), authorizationUrl: transform(authorizationUrl),
            deviceAuthorizationUrl: transform(deviceAuthorizationUrl), issuer: transform(issuer), clientId: transform(clientId),
            clientSecret: transform(clientSecret), scope: transform(scope), audience: transform(audience),
            username: transform(username), password: transform(password), pkce: pkce, redirectUri: transform(redirectUri),
            clientAuth: clientAuth)
    }

    /// What is missing or contradictory for the block's grant, said with how to fix it; nil when it can be used.
    public var problem: String? {
        if clientId.isEmpty { return "oauth2 auth needs a \"clientId\" (the id the provider gave this client)" }
        let discovers = !issuer.isEmpty
        switch grant {
        case .clientCredentials, .password:
            if tokenUrl.isEmpty && !discovers { return "the \(grant.rawValue) grant needs a \"tokenUrl\" or an \"issuer\" to discover it from" }
            if grant == .password && username.isEmpty { return "the password grant needs a \"username\" (and its \"password\")" }
            if grant == .clientCredentials && clientSecret.isEmpty {
                return "the clientCredentials grant needs a \"clientSecret\" (put it in a secret {{variable}})"
            }
        case .authorizationCode:
            if (authorizationUrl.isEmpty || tokenUrl.isEmpty) && !discovers {
                return "the authorizationCode grant needs an \"authorizationUrl\" and a \"tokenUrl\", or an \"issuer\" to discover them from"
            }
        case .deviceCode:
            if (deviceAuthorizationUrl.isEmpty || tokenUrl.isEmpty) && !discovers {
                return "the deviceCode grant needs a \"deviceAuthorizationUrl\" and a \"tokenUrl\", or an \"issuer\" to discover them from"
            }
        }
        if grant != .password && (!username.isEmpty || !password.isEmpty) {
            return "\"username\" and \"password\" belong to the password grant, not \(grant.rawValue); remove them or set \"grant\": \"password\""
        }
        if grant != .authorizationCode && !redirectUri.isEmpty {
            return "\"redirectUri\" belongs to the authorizationCode grant, not \(grant.rawValue); remove it"
        }
        return nil
    }
}
