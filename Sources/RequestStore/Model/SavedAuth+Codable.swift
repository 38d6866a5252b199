import RequestKit
extension SavedAuth: Codable {
    private enum CodingKeys: String, CodingKey {
        case type, token, user, password, name, value, `in`, accessKey, secretKey, sessionToken, region, service
        case grant, tokenUrl, authorizationUrl, deviceAuthorizationUrl, issuer, clientId, clientSecret, scope, audience, username, pkce
        case redirectUri, clientAuth
    }

    /// Every type the collection file may name, in the order messages list them.
    public static let typeNames = ["none", "inherit", "bearer", "basic", "apiKey", "digest", "ntlm", "negotiate", "awsSigV4", "oauth2"]

    /// Decodes `{"type": "none" | "inherit" | "bearer" | "basic" | "apiKey" | "digest" | "ntlm" | "negotiate" | "awsSigV4" | "oauth2", …}`.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decode(String.self, forKey: .type)
        func text(_ key: CodingKeys) throws -> String { try container.decodeIfPresent(String.self, forKey: key) ?? "" }
        switch type {
        case "none": self = .none
        case "inherit": self = .inherit
        case "bearer": self = .bearer(token: try text(.token))
        case "basic": self = .basic(user: try text(.user), password: try text(.password))
        case "digest": self = .digest(user: try text(.user), password: try text(.password))
        case "ntlm": self = .ntlm(user: try text(.user), password: try text(.password))
        case "negotiate": self = .negotiate(user: try text(.user), password: try text(.password))
        case "apiKey":
            let where_ = try container.decodeIfPresent(String.self, forKey: .in) ?? "header"
            guard let location = APIKeyLocation(rawValue: where_) else {
                throw DecodingError.dataCorruptedError(forKey: .in, in: container, debugDescription: "an apiKey goes \"in\" header, query or cookie, not \"\(where_)\"")
            }
            let name = try text(.name)
            if name.isEmpty {
                throw DecodingError.dataCorruptedError(forKey: .name, in: container, debugDescription: "an apiKey needs the \"name\" of its \(where_)")
            }
            self = .apiKey(SavedAPIKey(name: name, value: try text(.value), location: location))
        case "awsSigV4":
            self = .awsSigV4(SavedAWSSigV4(
                accessKey: try text(.accessKey), secretKey: try text(.secretKey),
                sessionToken: try container.decodeIfPresent(String.self, forKey: .sessionToken),
                region: try text(.region), service: try text(.service)))
        case "oauth2":
            self = .oauth2(try Self.decodeOAuth2(container))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: container,
                debugDescription: "unknown auth type \"\(type)\"; expected one of \(Self.typeNames.joined(separator: ", "))")
        }
    }

    /// Encodes in the order type, then the type's fields in the order the docs list them.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(typeName, forKey: .type)
        switch self {
        case .none, .inherit: break
        case .bearer(let token): try container.encode(token, forKey: .token)
        case .basic(let user, let password), .digest(let user, let password), .ntlm(let user, let password), .negotiate(let user, let password):
            try container.encode(user, forKey: .user)
            try container.encode(password, forKey: .password)
        case .apiKey(let key):
            try container.encode(key.name, forKey: .name)
            try container.encode(key.value, forKey: .value)
            try container.encode(key.location.rawValue, forKey: .in)
        case .awsSigV4(let aws):
            try container.encode(aws.accessKey, forKey: .accessKey)
            try container.encode(aws.secretKey, forKey: .secretKey)
            try container.encodeIfPresent(aws.sessionToken, forKey: .sessionToken)
            try container.encode(aws.region, forKey: .region)
            try container.encode(aws.service, forKey: .service)
        case .oauth2(let oauth):
            try Self.encodeOAuth2(oauth, into: &container)
        }
    }

    /// Decodes an `oauth2` block, refusing an unknown grant or client authentication and a block its grant cannot use.
    private static func decodeOAuth2(_ container: KeyedDecodingContainer<CodingKeys>) throws -> SavedOAuth2 {
        func text(_ key: CodingKeys) throws -> String { try container.decodeIfPresent(String.self, forKey: key) ?? "" }
        let grantName = try text(.grant)
        guard let grant = OAuth2GrantName(rawValue: grantName) else {
            let names = OAuth2GrantName.allCases.map(\.rawValue).joined(separator: ", ")
            throw DecodingError.dataCorruptedError(
                forKey: .grant, in: container,
                debugDescription: grantName.isEmpty ? "an oauth2 auth needs a \"grant\": one of \(names)" : "unknown oauth2 grant \"\(grantName)\"; expected one of \(names)")
        }
        let clientAuthName = try container.decodeIfPresent(String.self, forKey: .clientAuth) ?? "basic"
        guard let clientAuth = OAuth2ClientAuthentication(rawValue: clientAuthName) else {
            throw DecodingError.dataCorruptedError(
                forKey: .clientAuth, in: container, debugDescription: "oauth2 \"clientAuth\" is basic or body, not \"\(clientAuthName)\"")
        }
        let oauth = SavedOAuth2(
            grant: grant, tokenUrl: try text(.tokenUrl), authorizationUrl: try text(.authorizationUrl),
            deviceAuthorizationUrl: try text(.deviceAuthorizationUrl), issuer: try text(.issuer), clientId: try text(.clientId),
            clientSecret: try text(.clientSecret), scope: try text(.scope), audience: try text(.audience),
            username: try text(.username), password: try text(.password), pkce: try container.decodeIfPresent(Bool.self, forKey: .pkce) ?? true,
            redirectUri: try text(.redirectUri), clientAuth: clientAuth)
        if let problem = oauth.problem {
            throw DecodingError.dataCorruptedError(forKey: .grant, in: container, debugDescription: problem)
        }
        return oauth
    }

    /// Encodes an `oauth2` block's fields in the order the docs list them, leaving out empty texts and defaults.
    private static func encodeOAuth2(_ oauth: SavedOAuth2, into container: inout KeyedEncodingContainer<CodingKeys>) throws {
        try container.encode(oauth.grant.rawValue, forKey: .grant)
        let texts: [(CodingKeys, String)] = [
            (.tokenUrl, oauth.tokenUrl), (.authorizationUrl, oauth.authorizationUrl), (.deviceAuthorizationUrl, oauth.deviceAuthorizationUrl),
            (.issuer, oauth.issuer), (.clientId, oauth.clientId), (.clientSecret, oauth.clientSecret), (.scope, oauth.scope),
            (.audience, oauth.audience), (.username, oauth.username), (.password, oauth.password),
        ]
        for (key, value) in texts where !value.isEmpty || key == .clientId { try container.encode(value, forKey: key) }
        if oauth.grant == .authorizationCode && !oauth.pkce { try container.encode(false, forKey: .pkce) }
        if !oauth.redirectUri.isEmpty { try container.encode(oauth.redirectUri, forKey: .redirectUri) }
        if oauth.clientAuth != .basic { try container.encode(oauth.clientAuth.rawValue, forKey: .clientAuth) }
    }
}
