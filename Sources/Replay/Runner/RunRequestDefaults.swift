import RequestKit

/// Transfer settings the user's command line gives every request of a run (curl's and Hurl's `--location`,
/// `--user-agent`, `--insecure`, `--cacert`, `--user`, `--header`, …). Their file paths are the user's own, so they do not pass
/// the collection's trust boundary.
public struct RunRequestDefaults: Hashable, Sendable {
    /// Seconds connecting may take; nil keeps libcurl's default.
    public var connectTimeout: Double?
    /// Whether every request follows redirects, whatever its own options say.
    public var followRedirects = false
    /// How many redirects a request follows at most; nil keeps each request's own.
    public var maxRedirects: Int?
    /// Whether no request verifies the server's certificate, whatever its own options say.
    public var insecure = false
    /// A PEM file of certificate authorities, for requests that name none of their own.
    public var caBundlePath: String?
    /// A client certificate (PEM), for requests that have none of their own.
    public var clientCertificatePath: String?
    /// The private key (PEM) of the client certificate.
    public var clientKeyPath: String?
    /// The user name of basic credentials for every request that carries no credentials of its own.
    public var user: String?
    /// The password that goes with `user`.
    public var password = ""
    /// Header fields added to every request, in order.
    public var headers: HTTPHeaders = []
    /// The User-Agent of every request that sets none of its own.
    public var userAgent: String?
    /// The connection settings laid over every request's options (`--connect-to`, `--resolve`, `--netrc-file`, …).
    public var connection = ConnectionDefaults()
    /// The scheme libcurl carries out with the credentials (`--digest`, `--ntlm`, `--negotiate`, `--aws-sigv4`).
    public var authScheme: HTTPAuthScheme?
    /// Secret values the defaults send in plain headers (an AWS session token), masked wherever the exchange is kept.
    public var maskedValues: [String] = []
    /// Headers no request sends (`--no-header NAME`, in any case): its own, `headers`, and those libcurl adds.
    public var removedHeaders: [String] = []

    /// Creates defaults that change nothing.
    public init() {}

    /// Whether any setting is given.
    public var isEmpty: Bool { self == RunRequestDefaults() }

    /// Applies the settings to a request already built from its saved form and admitted by the trust boundary.
    public func apply(to request: inout Request) {
        if let connectTimeout { request.options.connectTimeout = connectTimeout }
        if followRedirects { request.options.followRedirects = true }
        if let maxRedirects { request.options.maxRedirects = maxRedirects }
        if insecure { request.options.verifyTLS = false }
        if request.options.caBundlePath == nil, let caBundlePath { request.options.caBundlePath = caBundlePath }
        if request.options.clientCertificatePath == nil, let clientCertificatePath {
            request.options.clientCertificatePath = clientCertificatePath
            request.options.clientKeyPath = clientKeyPath
        }
        if let user, request.auth == .none, !request.headers.contains(name: "Authorization") {
            request.auth = authScheme.map { .scheme($0, user: user, password: password) } ?? .basic(user: user, password: password)
        }
        if let authScheme, request.auth != .none || !request.headers.contains(name: "Authorization") {
            request.auth = request.auth.carried(by: authScheme)
        }
        connection.apply(to: &request.options)
        for field in headers { request.headers.add(name: field.name, value: field.value) }
        request.maskedValues += maskedValues
        if let userAgent, !request.headers.contains(name: "User-Agent") { request.headers.add(name: "User-Agent", value: userAgent) }
        Self.remove(removedHeaders, from: &request)
    }

    /// Takes headers out of a request, and has the transfer leave out those libcurl would add of its own.
    public static func remove(_ names: [String], from request: inout Request) {
        for name in names {
            request.headers.remove(name: name)
            if !request.options.suppressedHeaders.contains(where: { $0.lowercased() == name.lowercased() }) {
                request.options.suppressedHeaders.append(name)
            }
        }
    }
}
