import Foundation

/// An access token an OAuth 2.0 provider issued, with what came with it.
public struct OAuth2Token: Hashable, Sendable, Codable {
    /// The access token; a secret.
    public var accessToken: String
    /// The scheme it is sent with (`Bearer` unless the provider named another).
    public var tokenType: String
    /// The refresh token, when the provider gave one; a secret.
    public var refreshToken: String?
    /// When the token stops being valid, or nil when the provider did not say.
    public var expiresAt: Date?
    /// The scopes granted, when the provider said.
    public var scope: String?

    /// Creates a token.
    public init(accessToken: String, tokenType: String = "Bearer", refreshToken: String? = nil, expiresAt: Date? = nil, scope: String? = nil) {
        self.accessToken = accessToken
        self.tokenType = tokenType
        self.refreshToken = refreshToken
        self.expiresAt = expiresAt
        self.scope = scope
    }

    /// Whether the token is still good at `now` with `margin` seconds to spare (one without an expiry always is).
    public func isUsable(at now: Date, margin: TimeInterval = 30) -> Bool {
        guard let expiresAt else { return true }
        return expiresAt.timeIntervalSince(now) > margin
    }

    /// The `Authorization` header value: `Bearer TOKEN`, or the provider's own type with a canonical `Bearer` spelling.
    public var authorizationValue: String {
        let scheme = tokenType.lowercased() == "bearer" || tokenType.isEmpty ? "Bearer" : tokenType
        return "\(scheme) \(accessToken)"
    }
}
