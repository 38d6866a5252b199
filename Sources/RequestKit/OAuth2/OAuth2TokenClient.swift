import Foundation

/// Talks to an OAuth 2.0 provider through a RequestKit `Client`, with the TLS and proxy options of the request the
/// token is for: discovery, the token endpoint's grants and refresh.
public struct OAuth2TokenClient: Sendable {
    /// The client the provider's endpoints are called with.
    public let client: any HTTPTransport
    /// The transfer options of the request the token is for (TLS, proxy, timeouts); bodies are bounded.
    public let options: RequestOptions

    /// Creates a token client sending with `client` and the request's `options`.
    public init(client: any HTTPTransport, options: RequestOptions) {
        var options = options
        options.outputPath = nil
        options.spill = nil
        options.maxResponseSize = OAuth2Answer.maximumBytes
        self.client = client
        self.options = options
    }

    /// The endpoints of a block: its own, or those its issuer's discovery document names.
    public func endpoints(for settings: OAuth2Settings) async throws(OAuth2Error) -> OAuth2Endpoints {
        guard !settings.issuer.isEmpty else {
            return OAuth2Endpoints(token: settings.tokenUrl, authorization: settings.authorizationUrl, deviceAuthorization: settings.deviceAuthorizationUrl)
        }
        let url = OAuth2Endpoints.discoveryURL(for: settings.issuer)
        var request = Request(method: .get, url: url, options: options)
        request.headers.set(name: "Accept", value: "application/json")
        let response = try await send(request, endpoint: url)
        return try OAuth2Endpoints.discovered(try OAuth2Answer.object(of: response, endpoint: url), issuer: settings.issuer, settings: settings, endpoint: url)
    }

    /// A token from the client credentials or password grant.
    public func directToken(_ settings: OAuth2Settings, endpoints: OAuth2Endpoints, now: @Sendable () -> Date) async throws(OAuth2Error) -> OAuth2Token {
        var form = OAuth2Form()
        switch settings.grant {
        case .clientCredentials:
            form.add("grant_type", "client_credentials")
        case .password:
            form.add("grant_type", "password")
            form.add("username", settings.username)
            form.add("password", settings.password)
        case .authorizationCode, .deviceCode:
            throw .invalidSettings("the \(settings.grant.rawValue) grant needs a person to sign in")
        }
        form.add("scope", settings.scope)
        form.add("audience", settings.audience)
        return try await token(form, settings: settings, endpoint: endpoints.token, now: now)
    }

    /// A new token for a refresh token (RFC 6749 §6); the old refresh token is kept when no new one comes.
    public func refreshed(_ token: OAuth2Token, settings: OAuth2Settings, endpoints: OAuth2Endpoints, now: @Sendable () -> Date) async throws(OAuth2Error) -> OAuth2Token {
        guard let refresh = token.refreshToken else { throw .invalidSettings("the token has no refresh token") }
        var form = OAuth2Form()
        form.add("grant_type", "refresh_token")
        form.add("refresh_token", refresh)
        return try await self.token(form, settings: settings, endpoint: endpoints.token, now: now, previous: token)
    }

    /// Posts a grant's form to the token endpoint, with the client's authentication, and reads the token.
    func token(_ form: OAuth2Form, settings: OAuth2Settings, endpoint: String, now: @Sendable () -> Date, previous: OAuth2Token? = nil) async throws(OAuth2Error) -> OAuth2Token {
        let response = try await post(form, settings: settings, endpoint: endpoint)
        return try OAuth2Answer.token(of: response, endpoint: endpoint, now: now(), previous: previous)
    }

    /// Posts a form to a provider endpoint with the client's authentication, returning the answer whatever its status.
    func post(_ form: OAuth2Form, settings: OAuth2Settings, endpoint: String) async throws(OAuth2Error) -> Response {
        var form = form
        var request = Request(method: .post, url: endpoint, options: options)
        request.headers.set(name: "Accept", value: "application/json")
        switch settings.clientAuth {
        case .basic where !settings.clientSecret.isEmpty:
            request.auth = .basic(user: OAuth2Form.escape(settings.clientId), password: OAuth2Form.escape(settings.clientSecret))
        case .basic:
            form.add("client_id", settings.clientId)
        case .body:
            form.add("client_id", settings.clientId)
            form.add("client_secret", settings.clientSecret)
        }
        request.body = .raw(form.body, contentType: "application/x-www-form-urlencoded")
        return try await send(request, endpoint: endpoint)
    }

    /// Sends one request to a provider endpoint; a transport failure names the endpoint.
    func send(_ request: Request, endpoint: String) async throws(OAuth2Error) -> Response {
        do {
            return try await client.send(request)
        } catch .cancelled {
            throw .cancelled
        } catch {
            throw .unreachable(endpoint: endpoint, error)
        }
    }
}
