import Foundation

/// Carries out the grants that need a person — authorization code with PKCE on a loopback redirect, and the device
/// grant — telling the front end what to show through `show`.
public struct OAuth2SignIn: OAuth2Interaction {
    /// The default time limit on a sign-in: five minutes.
    public static let defaultTimeLimit: Duration = .seconds(300)

    /// Shows the person what to do; called from any task.
    public let show: @Sendable (OAuth2SignInPrompt) -> Void
    /// How long the person has to finish (a device code's own expiry may end it sooner).
    public let timeLimit: Duration
    /// Waits between device-grant polls; throws `cancelled` when the task is cancelled.
    public let wait: @Sendable (Duration) async throws(OAuth2Error) -> Void

    /// Creates a sign-in; `wait` defaults to sleeping.
    public init(
        timeLimit: Duration = defaultTimeLimit, wait: @escaping @Sendable (Duration) async throws(OAuth2Error) -> Void = OAuth2SignIn.sleep,
        show: @escaping @Sendable (OAuth2SignInPrompt) -> Void
    ) {
        self.timeLimit = timeLimit
        self.wait = wait
        self.show = show
    }

    /// Sleeps for `duration`; a cancelled task ends it with `cancelled`.
    @Sendable public static func sleep(_ duration: Duration) async throws(OAuth2Error) {
        do { try await Task.sleep(for: duration) } catch { throw .cancelled }
    }

    /// Signs in with the block's grant.
    public func signIn(_ settings: OAuth2Settings, endpoints: OAuth2Endpoints, tokens: OAuth2TokenClient, now: @escaping @Sendable () -> Date) async throws(OAuth2Error) -> OAuth2Token {
        switch settings.grant {
        case .authorizationCode:
            return try await OAuth2CodeGrant(settings: settings, endpoints: endpoints, tokens: tokens).token(signIn: self, now: now)
        case .deviceCode:
            return try await OAuth2DeviceGrant(settings: settings, endpoints: endpoints, tokens: tokens).token(signIn: self, now: now)
        case .clientCredentials, .password:
            return try await tokens.directToken(settings, endpoints: endpoints, now: now)
        }
    }
}
