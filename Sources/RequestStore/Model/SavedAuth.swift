import RequestKit

/// The credentials a saved request, folder or collection carries.
public enum SavedAuth: Hashable, Sendable {
    /// No credentials, even if a parent has some.
    case none
    /// Whatever the nearest folder or the collection says.
    case inherit
    /// `Authorization: Bearer <token>`; the token may contain `{{variables}}`.
    case bearer(token: String)
    /// `Authorization: Basic …` from a user and password; both may contain `{{variables}}`.
    case basic(user: String, password: String)
    /// A key sent as a header, a query parameter or a cookie under a name of the API's choosing.
    case apiKey(SavedAPIKey)
    /// HTTP Digest, answered by libcurl from the server's challenge.
    case digest(user: String, password: String)
    /// NTLM, answered by libcurl from the server's challenge.
    case ntlm(user: String, password: String)
    /// SPNEGO (Kerberos) through GSS-API; empty user and password use the system's ticket cache.
    case negotiate(user: String, password: String)
    /// AWS Signature Version 4, signed by libcurl (body hash included).
    case awsSigV4(SavedAWSSigV4)
    /// OAuth 2.0: a token got from the provider with the block's grant, cached, and sent as `Authorization: Bearer …`.
    case oauth2(SavedOAuth2)

    /// The name of the type as the collection file spells it.
    public var typeName: String {
        switch self {
        case .none: "none"
        case .inherit: "inherit"
        case .bearer: "bearer"
        case .basic: "basic"
        case .apiKey: "apiKey"
        case .digest: "digest"
        case .ntlm: "ntlm"
        case .negotiate: "negotiate"
        case .awsSigV4: "awsSigV4"
        case .oauth2: "oauth2"
        }
    }

    /// Every text of the auth that may hold `{{variables}}`, in the order the docs list the fields.
    public var templates: [String] {
        switch self {
        case .none, .inherit: []
        case .bearer(let token): [token]
        case .basic(let user, let password), .digest(let user, let password), .ntlm(let user, let password), .negotiate(let user, let password):
            [user, password]
        case .apiKey(let key): [key.name, key.value]
        case .awsSigV4(let aws): [aws.accessKey, aws.secretKey] + (aws.sessionToken.map { [$0] } ?? []) + [aws.region, aws.service]
        case .oauth2(let oauth): oauth.texts
        }
    }

    /// The same auth with every text passed through `transform` (the API key's place and the type kept).
    public func mappingTexts(_ transform: (String) -> String) -> SavedAuth {
        switch self {
        case .none, .inherit: self
        case .bearer(let token): .bearer(token: transform(token))
        case .basic(let user, let password): .basic(user: transform(user), password: transform(password))
        case .digest(let user, let password): .digest(user: transform(user), password: transform(password))
        case .ntlm(let user, let password): .ntlm(user: transform(user), password: transform(password))
        case .negotiate(let user, let password): .negotiate(user: transform(user), password: transform(password))
        case .apiKey(let key): .apiKey(SavedAPIKey(name: transform(key.name), value: transform(key.value), location: key.location))
        case .awsSigV4(let aws):
            .awsSigV4(SavedAWSSigV4(
                accessKey: transform(aws.accessKey), secretKey: transform(aws.secretKey), sessionToken: aws.sessionToken.map(transform),
                region: transform(aws.region), service: transform(aws.service)))
        case .oauth2(let oauth): .oauth2(oauth.mappingTexts(transform))
        }
    }

    /// The templates that hold secrets (passwords, keys, tokens), masked wherever the exchange is shown or kept.
    public var secretTemplates: [String] {
        switch self {
        case .none, .inherit: []
        case .bearer(let token): [token]
        case .basic(_, let password), .digest(_, let password), .ntlm(_, let password), .negotiate(_, let password): [password]
        case .apiKey(let key): [key.value]
        case .awsSigV4(let aws): [aws.secretKey] + (aws.sessionToken.map { [$0] } ?? [])
        case .oauth2(let oauth): oauth.secretTexts
        }
    }
}

/// Where an API key travels.
public enum APIKeyLocation: String, Hashable, Sendable, CaseIterable {
    /// A request header named by the key's name.
    case header
    /// A query parameter named by the key's name.
    case query
    /// A cookie named by the key's name, added to the Cookie header.
    case cookie
}

/// An API key: a name, a value that may contain `{{variables}}`, and where it goes.
public struct SavedAPIKey: Hashable, Sendable {
    /// The header, query parameter or cookie name (`X-API-Key`).
    public var name: String
    /// The key; a secret.
    public var value: String
    /// Where it is sent.
    public var location: APIKeyLocation

    /// Creates an API key.
    public init(name: String, value: String, location: APIKeyLocation = .header) {
        self.name = name
        self.value = value
        self.location = location
    }
}

/// The credentials and scope of an AWS Signature Version 4; every field may contain `{{variables}}`.
public struct SavedAWSSigV4: Hashable, Sendable {
    /// The access key id.
    public var accessKey: String
    /// The secret access key; a secret.
    public var secretKey: String
    /// The session token of temporary credentials, sent as `X-Amz-Security-Token` and signed; a secret.
    public var sessionToken: String?
    /// The region (`eu-central-1`).
    public var region: String
    /// The service (`s3`, `execute-api`, `sts`).
    public var service: String

    /// Creates AWS credentials and their scope.
    public init(accessKey: String, secretKey: String, sessionToken: String? = nil, region: String, service: String) {
        self.accessKey = accessKey
        self.secretKey = secretKey
        self.sessionToken = sessionToken
        self.region = region
        self.service = service
    }
}
