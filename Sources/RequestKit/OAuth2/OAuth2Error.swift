/// Why no OAuth 2.0 token could be got; each message says what happened and what to do.
public enum OAuth2Error: Error, Hashable, Sendable {
    /// The block's fields do not fit its grant.
    case invalidSettings(String)
    /// The token, discovery or device endpoint could not be reached.
    case unreachable(endpoint: String, NetworkError)
    /// The provider refused with an OAuth error code (`invalid_client`, `invalid_grant`, …).
    case refused(endpoint: String, code: String, description: String?)
    /// The provider's answer is not what OAuth 2.0 says it is.
    case malformedAnswer(endpoint: String, String)
    /// The device code ran out before the user approved it.
    case deviceCodeExpired
    /// The user said no at the provider.
    case accessDenied
    /// The browser's redirect carried the wrong `state`.
    case stateMismatch
    /// The user stopped the sign-in (Ctrl+C).
    case cancelled
    /// The sign-in was not finished within its time limit.
    case signInTimedOut(seconds: Int)
    /// The code grant's loopback listener could not be opened.
    case listenerFailed(String)
    /// The grant needs a person, and there is none to ask here.
    case needsUser(String)

    /// A sentence saying what went wrong and how to fix it.
    public var message: String {
        switch self {
        case .invalidSettings(let reason):
            return "The oauth2 auth cannot be used: \(reason)."
        case .unreachable(let endpoint, let error):
            return "Could not reach the OAuth 2.0 endpoint \(endpoint): \(error.message)"
        case .refused(let endpoint, let code, let description):
            let detail = description.map { " (\($0))" } ?? ""
            return "The OAuth 2.0 provider at \(endpoint) refused: \(code)\(detail). \(Self.remedy(for: code))"
        case .malformedAnswer(let endpoint, let reason):
            return "The OAuth 2.0 endpoint \(endpoint) gave an answer curlew cannot use: \(reason). Check that the URL is the provider's token endpoint."
        case .deviceCodeExpired:
            return "The device code expired before it was approved. Run the request again and approve the new code sooner."
        case .accessDenied:
            return "The sign-in was refused at the provider (access_denied). Run the request again and approve the access."
        case .stateMismatch:
            return "The browser's redirect carried the wrong state, so its code was not used (it may come from another sign-in). Start the sign-in again."
        case .cancelled:
            return "The OAuth 2.0 sign-in was stopped; no token was got."
        case .signInTimedOut(let seconds):
            return "The OAuth 2.0 sign-in was not finished within \(seconds) s. Run the request again, or allow more time with --sign-in-timeout SECONDS."
        case .listenerFailed(let reason):
            return "The browser's redirect cannot be received: \(reason)."
        case .needsUser(let reason):
            return reason
        }
    }

    /// What to check for an OAuth error code (RFC 6749 §5.2, RFC 8628 §3.5).
    private static func remedy(for code: String) -> String {
        switch code {
        case "invalid_client": return "Check the clientId and clientSecret, and whether the provider wants them in the body (\"clientAuth\": \"body\") or as Basic auth."
        case "invalid_grant": return "The user's credentials, the code or the refresh token were not accepted; check the username and password, or sign in again."
        case "invalid_scope": return "Ask for scopes the client is allowed (the \"scope\" field)."
        case "unauthorized_client": return "This client may not use this grant; enable it at the provider or pick another grant."
        case "unsupported_grant_type": return "The provider does not offer this grant; pick another grant."
        default: return "Check the oauth2 auth's fields against the provider's settings."
        }
    }
}
