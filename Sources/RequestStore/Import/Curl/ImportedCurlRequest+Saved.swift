import Foundation
import RequestKit

extension ImportedCurlRequest {
    /// The request as a collection keeps it, with warnings for settings a saved request cannot hold.
    ///
    /// The query becomes rows and form bodies become fields when that loses nothing; a JSON or form
    /// Content-Type is carried by the body kind instead of a header row.
    public func savedRequest(name: String? = nil) -> (request: SavedRequest, warnings: [ConversionWarning]) {
        var warnings = self.warnings
        let source = request
        var saved = SavedRequest(name: name ?? suggestedName, method: source.method, url: source.url)
        if let split = URLEncodedPairs.splitQuery(of: source.url) {
            saved.url = split.url
            saved.query = split.rows
        }
        var headers = source.headers.map { KeyValueRow(name: $0.name, value: $0.value) }
        switch source.body {
        case .none:
            saved.body = .none
        case .raw(let data, _):
            let text = String(decoding: data, as: UTF8.self)
            if Data(text.utf8) != data {
                warnings.append(ConversionWarning(.unsupported, at: saved.name, "the body is not valid UTF-8 text; invalid bytes were replaced. Save the bytes to a file and use --data-binary @file"))
            }
            (saved.body, headers) = SavedBodyInference.body(text: text, headers: headers)
        case .json(let text):
            saved.body = .json(text)
        case .form(let fields):
            saved.body = .form(fields.map { KeyValueRow(name: $0.name, value: $0.value) })
        case .file(let path, _):
            let (contentType, rest) = SavedBodyInference.takeContentType(from: headers)
            headers = rest
            saved.body = .file(path: path, contentType: contentType)
        case .multipart(let form):
            saved.body = .multipart(form.fields.map { .field(name: $0.name, value: $0.value, enabled: true) }
                + form.files.map { .file(name: $0.name, path: $0.path, fileName: $0.fileName, contentType: $0.contentType, enabled: true) })
        }
        if source.method == .post, case .json(let text) = saved.body, let graphQL = GraphQLBody.recognize(json: text) {
            saved.body = .graphQL(graphQL)
        }
        saved.headers = headers
        saved.options = savedOptions(source.options, name: saved.name, warnings: &warnings)
        saved.auth = Self.savedAuth(source.auth, options: &saved.options)
        return (saved, warnings)
    }

    /// The saved auth for a command's credentials: a scheme with a user becomes that auth type, a scheme without
    /// one (for `.netrc` or the system's ticket) and an AWS provider that is not `aws:amz:REGION:SERVICE` stay options.
    static func savedAuth(_ auth: Auth, options: inout SavedOptions) -> SavedAuth {
        switch auth {
        case .none: return .inherit
        case .bearer(let token): return .bearer(token: token)
        case .basic(let user, let password): return .basic(user: user, password: password)
        case .scheme(let scheme, let user, let password):
            if user.isEmpty && password.isEmpty {
                if case .awsSigV4(let provider) = scheme { options.awsSigV4 = provider } else { options.authScheme = scheme.optionName }
                return .inherit
            }
            switch scheme {
            case .digest: return .digest(user: user, password: password)
            case .ntlm: return .ntlm(user: user, password: password)
            case .negotiate: return .negotiate(user: user, password: password)
            case .awsSigV4(let provider):
                let parts = provider.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
                if parts.count == 4, parts[0].lowercased() == "aws", parts[1].lowercased() == "amz" {
                    return .awsSigV4(SavedAWSSigV4(accessKey: user, secretKey: password, region: parts[2], service: parts[3]))
                }
                options.awsSigV4 = provider
                return .basic(user: user, password: password)
            }
        }
    }

    private func savedOptions(_ options: RequestOptions, name: String, warnings: inout [ConversionWarning]) -> SavedOptions {
        let defaults = RequestOptions()
        var saved = SavedOptions()
        if options.timeout != defaults.timeout { saved.timeout = options.timeout }
        if options.followRedirects != defaults.followRedirects { saved.followRedirects = options.followRedirects }
        if options.maxRedirects != defaults.maxRedirects { saved.maxRedirects = options.maxRedirects }
        if options.verifyTLS != defaults.verifyTLS { saved.verifyTLS = options.verifyTLS }
        if !options.pinnedPublicKeys.isEmpty { saved.pins = options.pinnedPublicKeys }
        saved.caFile = options.caBundlePath
        saved.proxy = options.proxy
        var lost: [String] = []
        if options.connectTimeout != nil { lost.append("--connect-timeout") }
        if options.clientCertificatePath != nil { lost.append("--cert") }
        if options.clientKeyPath != nil { lost.append("--key") }
        switch options.httpVersion {
        case .automatic: break
        case .http1_0: saved.httpVersion = "1.0"
        case .http1_1: saved.httpVersion = "1.1"
        case .http2: saved.httpVersion = "2"
        case .http2PriorKnowledge: saved.httpVersion = SavedOptions.http2PriorKnowledge
        }
        if options.maxResponseSize != nil { lost.append("--max-filesize") }
        if !lost.isEmpty {
            warnings.append(ConversionWarning(.unsupported, at: name, "a saved request cannot keep \(lost.joined(separator: ", ")); set it when sending instead"))
        }
        return saved
    }
}
