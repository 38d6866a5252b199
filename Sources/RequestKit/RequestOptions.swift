import Foundation

/// Which HTTP version to ask for.
public enum HTTPVersionPreference: String, Hashable, Sendable, Codable, CaseIterable {
    /// Let libcurl choose (HTTP/2 over TLS when the server offers it, else HTTP/1.1).
    case automatic
    /// HTTP/1.0 only.
    case http1_0
    /// HTTP/1.1 only.
    case http1_1
    /// HTTP/2, falling back to HTTP/1.1.
    case http2
    /// HTTP/2 without upgrade (prior knowledge), for cleartext h2 servers.
    case http2PriorKnowledge
}

/// Which IP version a host name is resolved to.
public enum IPVersionPreference: String, Hashable, Sendable, CaseIterable {
    /// Whatever the system resolves.
    case any
    /// IPv4 addresses only (curl's `-4`).
    case v4
    /// IPv6 addresses only (curl's `-6`).
    case v6
}

/// Whether libcurl reads credentials from a `.netrc` file.
public enum NetrcUse: String, Hashable, Sendable, CaseIterable {
    /// No `.netrc` is read.
    case ignored
    /// Credentials of the URL or the request win; `.netrc` fills in what they lack (curl's `--netrc-optional`).
    case optional
    /// Credentials come from `.netrc` (curl's `--netrc` and `--netrc-file`).
    case required
}

/// Transfer options for one request.
public struct RequestOptions: Hashable, Sendable {
    /// Limit on the whole transfer in seconds; nil for none.
    public var timeout: Double?
    /// Limit on connecting in seconds; nil for libcurl's default.
    public var connectTimeout: Double?
    /// Limit in seconds on a silence: the transfer fails with `.idleTimeout` when the body stays under one byte a
    /// second for this long (whole seconds, rounded up; libcurl's low-speed check, which counts body bytes only, so a
    /// head still arriving counts too); nil for none. Made for streams, with `timeout` nil.
    public var idleTimeout: Double?
    /// Whether 3xx responses are followed.
    public var followRedirects: Bool
    /// How many redirects are followed at most.
    public var maxRedirects: Int
    /// Whether the server's certificate and host name are verified.
    public var verifyTLS: Bool
    /// A PEM file of certificate authorities to trust instead of the system's.
    public var caBundlePath: String?
    /// A client certificate (PEM) for mutual TLS.
    public var clientCertificatePath: String?
    /// The private key (PEM) of the client certificate.
    public var clientKeyPath: String?
    /// Accepted server public keys as `sha256//BASE64`; the connection fails on any other.
    public var pinnedPublicKeys: [String]
    /// A certificate file (PEM or DER) whose public key the server must present.
    public var pinnedCertificatePath: String?
    /// A proxy URL; nil uses the usual environment variables.
    public var proxy: String?
    /// Which HTTP version to ask for.
    public var httpVersion: HTTPVersionPreference
    /// The largest response body accepted, in bytes; nil for no limit.
    public var maxResponseSize: Int64?
    /// A file the body is streamed to instead of being kept in memory.
    public var outputPath: String?
    /// Where a body larger than a threshold goes instead of memory, and its own size limit; nil keeps the
    /// default (memory up to `ResponseSizeLimit.memoryPart`, then a file in the system's temporary folder).
    public var spill: BodySpill?
    /// curl's `--connect-to HOST:PORT:CONNECT-TO-HOST:CONNECT-TO-PORT` entries: requests for HOST:PORT connect to the
    /// other pair instead (the URL, Host header and TLS name stay as written).
    public var connectTo: [String] = []
    /// curl's `--resolve HOST:PORT:ADDRESS[,ADDRESS]` entries: the addresses HOST:PORT resolves to, without DNS.
    public var resolve: [String] = []
    /// Whether `/../` and `/./` in the URL's path are sent as written instead of being worked out.
    public var pathAsIs = false
    /// The most bytes a second sent and received; nil for no limit.
    public var rateLimit: Int64?
    /// Whether credentials (the Authorization header, a user and password) go along to the other hosts a redirect
    /// leads to (curl's `--location-trusted`); libcurl drops them there otherwise.
    public var redirectCredentials = false
    /// Which IP version host names resolve to.
    public var ipVersion: IPVersionPreference = .any
    /// A Unix domain socket to connect to instead of the URL's host and port.
    public var unixSocketPath: String?
    /// Whether credentials are read from a `.netrc` file.
    public var netrc: NetrcUse = .ignored
    /// The `.netrc` file to read instead of `~/.netrc`.
    public var netrcFile: String?
    /// Whether a body whose Content-Encoding does not decode (or names a coding curlew does not know) is kept as it
    /// came, the reason in `Response.contentDecodingFailure`, instead of failing the transfer.
    public var keepsUndecodableBody = false
    /// Whether the server's certificate is described in `Response.certificate` (libcurl's `CURLOPT_CERTINFO`).
    public var recordsCertificate = false
    /// Headers libcurl would add of its own (`User-Agent`, `Accept`, …) that the request does not send; names that are
    /// valid header tokens only, others are ignored.
    public var suppressedHeaders: [String] = []
    /// Whether an `Accept-Encoding` naming every coding curlew decodes is sent (Hurl sends one only with `--compressed`);
    /// a compressed response is decoded either way.
    public var requestsCompression = true

    /// Creates options; the defaults follow redirects (at most 10) and verify TLS.
    public init(
        timeout: Double? = 30,
        connectTimeout: Double? = nil,
        followRedirects: Bool = true,
        maxRedirects: Int = 10,
        verifyTLS: Bool = true,
        caBundlePath: String? = nil,
        clientCertificatePath: String? = nil,
        clientKeyPath: String? = nil,
        pinnedPublicKeys: [String] = [],
        pinnedCertificatePath: String? = nil,
        proxy: String? = nil,
        httpVersion: HTTPVersionPreference = .automatic,
        maxResponseSize: Int64? = nil,
        outputPath: String? = nil,
        idleTimeout: Double? = nil,
        spill: BodySpill? = nil
    ) {
        self.timeout = timeout
        self.connectTimeout = connectTimeout
        self.followRedirects = followRedirects
        self.maxRedirects = maxRedirects
        self.verifyTLS = verifyTLS
        self.caBundlePath = caBundlePath
        self.clientCertificatePath = clientCertificatePath
        self.clientKeyPath = clientKeyPath
        self.pinnedPublicKeys = pinnedPublicKeys
        self.pinnedCertificatePath = pinnedCertificatePath
        self.proxy = proxy
        self.httpVersion = httpVersion
        self.maxResponseSize = maxResponseSize
        self.outputPath = outputPath
        self.idleTimeout = idleTimeout
        self.spill = spill
    }
}
