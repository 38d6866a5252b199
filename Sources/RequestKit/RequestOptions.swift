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
