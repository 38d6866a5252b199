import RequestKit

extension RequestConversion {
    /// Puts the effective auth on a request: a header of curlew's (bearer, basic, API key), or credentials for a
    /// scheme libcurl carries out (Digest, NTLM, Negotiate, AWS SigV4, or the scheme the request's options name).
    static func applyAuth(
        _ auth: SavedAuth, options saved: SavedOptions, to request: inout Request,
        resolve: (String, String) throws(VariableError) -> String
    ) throws(VariableError) {
        var scheme = saved.httpAuthScheme
        if case .awsSigV4(let provider) = scheme {
            let resolved = try resolve(provider, "the aws-sigv4 option")
            if let problem = HTTPAuthScheme.awsProviderProblem(resolved) { throw .invalidBody(reason: "the aws-sigv4 option \(problem)") }
            scheme = .awsSigV4(provider: resolved)
        }
        switch auth {
        case .none, .inherit:
            request.auth = .none
        case .bearer(let token):
            request.auth = .bearer(try resolve(token, "the bearer token"))
        case .basic(let user, let password):
            let user = try resolve(user, "the basic auth user"), password = try resolve(password, "the basic auth password")
            request.auth = scheme.map { .scheme($0, user: user, password: password) } ?? .basic(user: user, password: password)
        case .digest(let user, let password):
            request.auth = .scheme(.digest, user: try resolve(user, "the digest user"), password: try resolve(password, "the digest password"))
        case .ntlm(let user, let password):
            request.auth = .scheme(.ntlm, user: try resolve(user, "the NTLM user"), password: try resolve(password, "the NTLM password"))
        case .negotiate(let user, let password):
            request.auth = .scheme(.negotiate, user: try resolve(user, "the negotiate user"), password: try resolve(password, "the negotiate password"))
        case .apiKey(let key):
            try applyAPIKey(key, to: &request, resolve: resolve)
        case .awsSigV4(let aws):
            try applyAWS(aws, to: &request, resolve: resolve)
        case .oauth2(let oauth):
            try applyOAuth2(oauth, to: &request, resolve: resolve)
        }
        if request.oauth2 == nil && OAuth2Placeholder.occurs(in: request) {
            throw .invalidBody(reason: "{{$oauth2.access_token}} is filled in only for a request with oauth2 auth; set its auth (or a folder's) to oauth2")
        }
        // A scheme without credentials of the request's own takes them from .netrc or, for Negotiate, the system.
        if request.auth == .none, let scheme { request.auth = .scheme(scheme, user: "", password: "") }
    }

    /// Sends an API key as a header, a query parameter or a cookie; the key is masked wherever the exchange is kept.
    private static func applyAPIKey(
        _ key: SavedAPIKey, to request: inout Request, resolve: (String, String) throws(VariableError) -> String
    ) throws(VariableError) {
        let name = try resolve(key.name, "the API key name")
        let value = try resolve(key.value, "the API key '\(key.name)'")
        guard !name.isEmpty else { throw .invalidBody(reason: "the API key has no name; give the header, query parameter or cookie it goes in") }
        request.auth = .none
        switch key.location {
        case .header:
            if !request.headers.contains(name: name) { request.headers.add(name: name, value: value) }
        case .query:
            request.query.append(QueryItem(name: name, value: value))
        case .cookie:
            if let existing = request.headers.value(for: "Cookie"), !existing.isEmpty {
                request.headers.set(name: "Cookie", value: existing + "; \(name)=\(value)")
            } else {
                request.headers.set(name: "Cookie", value: "\(name)=\(value)")
            }
        }
        request.maskedValues.append(value)
    }

    /// Resolves an oauth2 block's variables onto the request; the token is got before sending (`OAuth2Authorizer`).
    private static func applyOAuth2(
        _ oauth: SavedOAuth2, to request: inout Request, resolve: (String, String) throws(VariableError) -> String
    ) throws(VariableError) {
        var failure: VariableError?
        let resolved = oauth.mappingTexts { text in
            do throws(VariableError) { return try resolve(text, "the oauth2 auth") } catch {
                failure = failure ?? error
                return ""
            }
        }
        if let failure { throw failure }
        if let problem = resolved.problem { throw .invalidBody(reason: problem + " (after its {{variables}} were resolved)") }
        request.auth = .none
        request.oauth2 = resolved
        request.maskedValues += resolved.secretTexts
    }

    /// Signs with AWS SigV4 through libcurl; a session token goes out as `X-Amz-Security-Token`, which libcurl signs.
    private static func applyAWS(
        _ aws: SavedAWSSigV4, to request: inout Request, resolve: (String, String) throws(VariableError) -> String
    ) throws(VariableError) {
        let accessKey = try resolve(aws.accessKey, "the AWS access key")
        let secretKey = try resolve(aws.secretKey, "the AWS secret key")
        let region = try resolve(aws.region, "the AWS region")
        let service = try resolve(aws.service, "the AWS service")
        if accessKey.isEmpty || secretKey.isEmpty {
            throw .invalidBody(reason: "awsSigV4 auth needs an accessKey and a secretKey (set them, or {{variables}} that hold them)")
        }
        let provider = "aws:amz:\(region):\(service)"
        if region.isEmpty || service.isEmpty || HTTPAuthScheme.awsProviderProblem(provider) != nil {
            throw .invalidBody(reason: "awsSigV4 auth needs a region and a service of letters, digits, '-', '_' or '.' (such as eu-central-1 and s3), not '\(region)' and '\(service)'")
        }
        request.auth = .scheme(.awsSigV4(provider: provider), user: accessKey, password: secretKey)
        if let token = try aws.sessionToken.map({ (text: String) throws(VariableError) in try resolve(text, "the AWS session token") }), !token.isEmpty {
            request.headers.set(name: "X-Amz-Security-Token", value: token)
            request.maskedValues.append(token)
        }
    }
}
