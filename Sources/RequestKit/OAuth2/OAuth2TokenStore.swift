import Locking

/// Where tokens are kept between requests, keyed by what they were got for.
public protocol OAuth2TokenStore: Sendable {
    /// The token kept for a key, if any.
    func token(for key: OAuth2CacheKey) -> OAuth2Token?
    /// Keeps a token for a key, replacing any other.
    func store(_ token: OAuth2Token, for key: OAuth2CacheKey)
    /// Forgets the token kept for a key.
    func forget(_ key: OAuth2CacheKey)
}

/// What a cached token belongs to: the collection, the environment, and the auth block's identity (never its secrets).
public struct OAuth2CacheKey: Hashable, Sendable, Codable {
    /// The collection the request comes from (its file's path), or empty for a command line's own request.
    public var collection: String
    /// The environment the block's variables were resolved in, or empty.
    public var environment: String
    /// The block's grant, endpoints, client, scope, audience and user, one per line.
    public var block: String

    /// Creates the key of a resolved block in a collection and environment.
    public init(collection: String, environment: String, settings: OAuth2Settings) {
        self.collection = collection
        self.environment = environment
        self.block = [settings.grant.rawValue, settings.issuer, settings.tokenUrl, settings.authorizationUrl, settings.deviceAuthorizationUrl,
                      settings.clientId, settings.scope, settings.audience, settings.username].joined(separator: "\n")
    }

    /// The block's grant, as its first line names it.
    public var grant: String { field(0) }
    /// The scope the block asks for, as its seventh line holds it.
    public var requestedScope: String { field(6) }

    /// The block's line at `index`, or empty.
    private func field(_ index: Int) -> String {
        let lines = block.split(separator: "\n", omittingEmptySubsequences: false)
        return index < lines.count ? String(lines[index]) : ""
    }
}

/// A token store held in memory for the life of the process.
public final class OAuth2MemoryTokenStore: OAuth2TokenStore {
    /// The tokens by key.
    private let tokens = Locked<[OAuth2CacheKey: OAuth2Token]>([:])

    /// Creates an empty store.
    public init() {}

    /// The token kept for a key, if any.
    public func token(for key: OAuth2CacheKey) -> OAuth2Token? { tokens.withLock { $0[key] } }
    /// Keeps a token for a key.
    public func store(_ token: OAuth2Token, for key: OAuth2CacheKey) { tokens.withLock { $0[key] = token } }
    /// Forgets the token kept for a key.
    public func forget(_ key: OAuth2CacheKey) { _ = tokens.withLock { $0.removeValue(forKey: key) } }
}
