import Foundation

/// The device authorization grant (RFC 8628): asks for a user code, shows it, and polls the token endpoint until the
/// person approves, refuses, or the code expires.
struct OAuth2DeviceGrant {
    /// The grant type of the token endpoint's polls.
    static let grantType = "urn:ietf:params:oauth:grant-type:device_code"
    /// What `slow_down` adds to the interval (RFC 8628 §3.5).
    static let slowDownSeconds: Double = 5

    /// The block signed in for.
    let settings: OAuth2Settings
    /// The provider's endpoints.
    let endpoints: OAuth2Endpoints
    /// What posts to the provider.
    let tokens: OAuth2TokenClient

    /// Gets a user code, shows it, and polls at the provider's interval.
    func token(signIn: OAuth2SignIn, now: @escaping @Sendable () -> Date) async throws(OAuth2Error) -> OAuth2Token {
        guard !endpoints.deviceAuthorization.isEmpty else {
            throw .invalidSettings("the deviceCode grant needs a \"deviceAuthorizationUrl\" (the issuer's discovery document names none)")
        }
        var request = OAuth2Form()
        request.add("scope", settings.scope)
        request.add("audience", settings.audience)
        let answer = try await tokens.post(request, settings: settings, endpoint: endpoints.deviceAuthorization)
        let authorization = try OAuth2DeviceAuthorization(try OAuth2Answer.object(of: answer, endpoint: endpoints.deviceAuthorization),
                                                          endpoint: endpoints.deviceAuthorization)
        signIn.show(.enterCode(verificationURI: authorization.verificationURI, userCode: authorization.userCode,
                               complete: authorization.verificationURIComplete))
        let start = now()
        let limit = Double(signIn.timeLimit.components.seconds)
        let expiry = authorization.expiresIn.map { start.addingTimeInterval($0) }
        let deadline = min(expiry ?? .distantFuture, start.addingTimeInterval(limit))
        var interval = authorization.interval
        var poll = OAuth2Form()
        poll.add("grant_type", Self.grantType)
        poll.add("device_code", authorization.deviceCode)
        while true {
            let remaining = deadline.timeIntervalSince(now())
            guard remaining > 0 else {
                if let expiry, expiry <= deadline { throw .deviceCodeExpired }
                throw .signInTimedOut(seconds: Int(limit))
            }
            try await signIn.wait(.milliseconds(Int(min(interval, remaining) * 1000)))
            do {
                return try await tokens.token(poll, settings: settings, endpoint: endpoints.token, now: now)
            } catch {
                switch error {
                case .refused(_, "authorization_pending", _):
                    continue
                case .refused(_, "slow_down", _):
                    interval = min(interval + Self.slowDownSeconds, OAuth2Answer.maximumLifetime)
                    signIn.show(.slowingDown(seconds: Int(interval)))
                case .refused(_, "expired_token", _):
                    throw .deviceCodeExpired
                case .refused(_, "access_denied", _):
                    throw .accessDenied
                default:
                    throw error
                }
            }
        }
    }
}
