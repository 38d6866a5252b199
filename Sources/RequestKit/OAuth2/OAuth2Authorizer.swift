import Foundation

/// Gets the token a request's `oauth2` block asks for — from the store while it is valid, by refresh shortly before it
/// expires, else with the block's grant — and puts it on the request.
public struct OAuth2Authorizer: Sendable {
    /// The client token requests go through.
    public let client: any HTTPTransport
    /// Where tokens are kept between requests.
    public let store: any OAuth2TokenStore
    /// The collection the requests come from (its path), part of the cache key.
    public let collection: String
    /// The environment in use, part of the cache key.
    public let environment: String
    /// What carries out the grants that need a person (the device and code grants); nil where there is none.
    public let interaction: (any OAuth2Interaction)?
    /// The clock expiry is measured with.
    public let now: @Sendable () -> Date

    /// Creates an authorizer.
    public init(
        client: any HTTPTransport, store: any OAuth2TokenStore, collection: String = "", environment: String = "",
        interaction: (any OAuth2Interaction)? = nil, now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.client = client
        self.store = store
        self.collection = collection
        self.environment = environment
        self.interaction = interaction
        self.now = now
    }

    /// The request ready to send: with an `oauth2` block, its token in `Authorization` (or the placeholders) and masked;
    /// without one, the request as it is.
    public func authorize(_ request: Request) async throws(OAuth2Error) -> Request {
        guard let settings = request.oauth2 else { return request }
        return Self.applying(try await token(for: settings, options: request.options), to: request)
    }

    /// The request again after the server answered 401 to its token: the token is forgotten and a new one got (by
    /// refresh when there is a refresh token); nil when the request has no `oauth2` block.
    public func reauthorize(_ request: Request) async throws(OAuth2Error) -> Request? {
        guard let settings = request.oauth2 else { return nil }
        return Self.applying(try await renewedToken(for: settings, options: request.options), to: request)
    }

    /// A new token for a block whose token the server refused (401): the stored one is forgotten, then refreshed when it
    /// has a refresh token, else the grant is run again.
    public func renewedToken(for settings: OAuth2Settings, options: RequestOptions) async throws(OAuth2Error) -> OAuth2Token {
        let key = OAuth2CacheKey(collection: collection, environment: environment, settings: settings)
        let old = store.token(for: key)
        store.forget(key)
        if let old, old.refreshToken != nil {
            let tokens = OAuth2TokenClient(client: client, options: options)
            let endpoints = try await tokens.endpoints(for: settings)
            if let token = try? await tokens.refreshed(old, settings: settings, endpoints: endpoints, now: now) {
                store.store(token, for: key)
                return token
            }
        }
        return try await token(for: settings, options: options)
    }

    /// A valid token for a block: the stored one, a refreshed one, or a new one from the grant (which is then stored).
    public func token(for settings: OAuth2Settings, options: RequestOptions) async throws(OAuth2Error) -> OAuth2Token {
        if let problem = settings.problem { throw .invalidSettings(problem) }
        let key = OAuth2CacheKey(collection: collection, environment: environment, settings: settings)
        let stored = store.token(for: key)
        if let stored, stored.isUsable(at: now()) { return stored }
        let tokens = OAuth2TokenClient(client: client, options: options)
        let endpoints = try await tokens.endpoints(for: settings)
        if let stored, stored.refreshToken != nil, let token = try? await tokens.refreshed(stored, settings: settings, endpoints: endpoints, now: now) {
            store.store(token, for: key)
            return token
        }
        let token: OAuth2Token
        switch settings.grant {
        case .clientCredentials, .password:
            token = try await tokens.directToken(settings, endpoints: endpoints, now: now)
        case .authorizationCode, .deviceCode:
            guard let interaction else {
                throw .needsUser("The \(settings.grant.rawValue) grant needs a person to sign in; run the request from a terminal first, so that its token is cached.")
            }
            await OAuth2SignInQueue.shared.acquire()
            // A sign-in that finished while this one waited may have cached the token.
            if let cached = store.token(for: key), cached.isUsable(at: now()) {
                await OAuth2SignInQueue.shared.release()
                return cached
            }
            do {
                token = try await interaction.signIn(settings, endpoints: endpoints, tokens: tokens, now: now)
            } catch {
                await OAuth2SignInQueue.shared.release()
                throw error
            }
            store.store(token, for: key)
            await OAuth2SignInQueue.shared.release()
            return token
        }
        store.store(token, for: key)
        return token
    }

    /// The request with the token in `Authorization` (unless the request's own headers set it) and in any placeholder.
    public static func applying(_ token: OAuth2Token, to request: Request) -> Request {
        let usesPlaceholder = OAuth2Placeholder.occurs(in: request)
        var request = OAuth2Placeholder.filling(request, with: token)
        if !usesPlaceholder && !request.headers.contains(name: "Authorization") {
            request.headers.set(name: "Authorization", value: token.authorizationValue)
        }
        request.auth = .none
        request.maskedValues.append(token.accessToken)
        return request
    }
}

/// Carries out a grant that needs a person: shows what they must do and waits for the provider's answer.
public protocol OAuth2Interaction: Sendable {
    /// Signs in with the block's grant and returns the token.
    func signIn(_ settings: OAuth2Settings, endpoints: OAuth2Endpoints, tokens: OAuth2TokenClient, now: @escaping @Sendable () -> Date) async throws(OAuth2Error) -> OAuth2Token
}
