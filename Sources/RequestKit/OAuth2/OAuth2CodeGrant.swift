import Foundation

/// The authorization code grant (RFC 6749 §4.1) with PKCE S256 (RFC 7636) on a loopback redirect (RFC 8252 §7.3).
struct OAuth2CodeGrant {
    /// The block signed in for.
    let settings: OAuth2Settings
    /// The provider's endpoints.
    let endpoints: OAuth2Endpoints
    /// What posts to the token endpoint.
    let tokens: OAuth2TokenClient

    /// Listens for the redirect, shows the authorization URL, checks the redirect's `state` and exchanges its code.
    func token(signIn: OAuth2SignIn, now: @escaping @Sendable () -> Date) async throws(OAuth2Error) -> OAuth2Token {
        guard !endpoints.authorization.isEmpty else {
            throw .invalidSettings("the authorizationCode grant needs an \"authorizationUrl\" (the issuer's discovery document names none)")
        }
        let lower = endpoints.authorization.lowercased()
        guard lower.hasPrefix("https://") || lower.hasPrefix("http://"), endpoints.authorization.utf8.count <= 2048,
              !endpoints.authorization.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F }) else {
            throw .invalidSettings("the \"authorizationUrl\" must be an http(s) URL without spaces")
        }
        let address = try OAuth2RedirectAddress(redirectUri: settings.redirectUri)
        let listener = try OAuth2LoopbackListener(port: address.port, path: address.path)
        // A redirect with its own port is sent as written (the provider may hold it exactly); else the port chosen.
        let redirect = address.port != 0 ? settings.redirectUri : listener.redirectURI
        let pkce = settings.pkce ? try OAuth2PKCE.random() : nil
        let state = OAuth2PKCE.randomText(bytes: 16)
        let url = authorizationURL(redirect: redirect, state: state, pkce: pkce)
        signIn.show(.openBrowser(url: url, redirectURI: redirect))
        let fields = try await listener.callback(state: state, timeout: signIn.timeLimit)
        if let error = fields["error"] {
            if error == "access_denied" { throw .accessDenied }
            throw .refused(endpoint: endpoints.authorization, code: OneLineText.visible(String(error.prefix(100))),
                           description: fields["error_description"].map { OneLineText.visible(String($0.prefix(300))) })
        }
        guard fields["state"] == state else { throw .stateMismatch }
        guard let code = fields["code"], !code.isEmpty, code.utf8.count <= 4096 else {
            throw .malformedAnswer(endpoint: endpoints.authorization, "its redirect carries no usable code")
        }
        var form = OAuth2Form()
        form.add("grant_type", "authorization_code")
        form.add("code", code)
        form.add("redirect_uri", redirect)
        form.add("code_verifier", pkce?.verifier ?? "")
        return try await tokens.token(form, settings: settings, endpoint: endpoints.token, now: now)
    }

    /// The authorization endpoint with the request's fields added to its query.
    func authorizationURL(redirect: String, state: String, pkce: OAuth2PKCE?) -> String {
        var form = OAuth2Form()
        form.add("response_type", "code")
        form.add("client_id", settings.clientId)
        form.add("redirect_uri", redirect)
        form.add("scope", settings.scope)
        form.add("audience", settings.audience)
        form.add("state", state)
        if let pkce {
            form.add("code_challenge", pkce.challenge)
            form.add("code_challenge_method", "S256")
        }
        let query = String(decoding: form.body, as: UTF8.self)
        let base = endpoints.authorization
        let separator = base.contains("?") ? (base.hasSuffix("?") || base.hasSuffix("&") ? "" : "&") : "?"
        return base + separator + query
    }
}
