import RequestKit
/// Transfer options a saved request overrides; nil means curlew's default.
public struct SavedOptions: Hashable, Sendable, Codable {
    /// Limit on the whole transfer in seconds.
    public var timeout: Double?
    /// Whether 3xx responses are followed.
    public var followRedirects: Bool?
    /// How many redirects are followed at most.
    public var maxRedirects: Int?
    /// Whether the server's certificate and host name are verified.
    public var verifyTLS: Bool?
    /// Accepted server public keys as `sha256//BASE64`.
    public var pins: [String]?
    /// A PEM file of certificate authorities to trust; a relative path is relative to the collection file.
    public var caFile: String?
    /// A proxy URL.
    public var proxy: String?
    /// How many times a replay re-sends the request until its checks pass (0…1000).
    public var retry: Int?
    /// Milliseconds a replay waits before each re-send (0…3,600,000).
    public var retryInterval: Int?
    /// Milliseconds a replay waits before sending the request (0…3,600,000).
    public var delay: Int?
    /// Whether a compressed response is asked for and decoded (curlew always asks; kept for `.hurl` files).
    public var compressed: Bool?
    /// The HTTP version to use: `1.0`, `1.1`, `2` (over TLS when the server offers it), `2-prior-knowledge` or `3`; nil lets curlew choose.
    public var httpVersion: String?
    /// A file the response body is written to after a replay; a relative path is relative to the working folder.
    public var output: String?
    /// Variables set for this request before it is built, `{{templates}}` in their values resolved.
    public var variables: [KeyValueRow]?
    /// Seconds a replay reads a streamed response at most before it stops it and checks what came.
    public var streamSeconds: Double?
    /// Options whose value is a `{{template}}` (a `.hurl` file's `max-redirs: {{n}}`), by their Hurl name; each is
    /// read like the literal option once its variables are resolved, before the request is made, and wins over it.
    public var templates: [KeyValueRow]?
    /// Limit on connecting in seconds.
    public var connectTimeout: Double?
    /// curl's `--connect-to` entries, `HOST:PORT:CONNECT-TO-HOST:CONNECT-TO-PORT`: where requests for HOST:PORT connect instead.
    public var connectTo: [String]?
    /// curl's `--resolve` entries, `HOST:PORT:ADDRESS[,ADDRESS]`: the addresses HOST:PORT resolves to.
    public var resolve: [String]?
    /// `4` or `6`: host names resolve to IPv4 or IPv6 addresses only.
    public var ipVersion: String?
    /// A Unix domain socket to connect to instead of the URL's host; a relative path is relative to the collection file.
    public var unixSocket: String?
    /// Whether `/../` and `/./` in the URL's path are sent as written.
    public var pathAsIs: Bool?
    /// The most bytes a second sent and received.
    public var limitRate: Int64?
    /// Whether credentials go along to other hosts a redirect leads to (curl's `--location-trusted`).
    public var redirectCredentials: Bool?
    /// `digest`, `ntlm` or `negotiate`: the request's basic credentials are used in that scheme, which libcurl carries out.
    public var authScheme: String?
    /// `PROVIDER1[:PROVIDER2[:REGION[:SERVICE]]]`: the request is signed with AWS SigV4, the basic user and password being the access and secret keys.
    public var awsSigV4: String?
    /// `required` or `optional`: credentials are read from a `.netrc` file (`netrcFile`, else `~/.netrc`).
    public var netrc: String?
    /// The `.netrc` file to read; a relative path is relative to the collection file.
    public var netrcFile: String?
    /// A client certificate (PEM) for mutual TLS; a relative path is relative to the collection file.
    public var clientCertificate: String?
    /// The private key (PEM) of the client certificate; a relative path is relative to the collection file.
    public var clientKey: String?
    /// Whether a replay leaves the request out (Hurl's `skip`): it is not sent and counts as passed.
    public var skip: Bool?
    /// Headers the request does not send, by name in any case: its own, the run's `--header` ones and those libcurl
    /// adds (`User-Agent`, `Accept`); Hurl's `no-header`.
    public var removedHeaders: [String]?
    /// Files of `name=value` lines whose variables are set before the request is built (Hurl's `variables-file`),
    /// read through the trust boundary; a relative path is relative to the working folder, as Hurl takes it.
    public var variablesFiles: [String]?
    /// Hurl options that change only what Hurl prints (`verbose`, `very-verbose`, `verbosity`, `fail-with-body`),
    /// kept as written so that the file is written back with them.
    public var printing: [KeyValueRow]?

    /// The largest `retry` a file may hold.
    public static let retryRange = 0...1000
    /// The range of `retryInterval` and `delay` a file may hold, in milliseconds (up to an hour).
    public static let retryIntervalRange = 0...3_600_000
    /// The values `httpVersion` may take.
    public static let httpVersions = ["1.0", "1.1", "2", http2PriorKnowledge, "3"]
    /// The `httpVersion` that speaks HTTP/2 at once, also over plain http:// (curl's `--http2-prior-knowledge`).
    public static let http2PriorKnowledge = "2-prior-knowledge"

    /// Creates options; every option left nil keeps curlew's default.
    public init(
        timeout: Double? = nil, followRedirects: Bool? = nil, maxRedirects: Int? = nil, verifyTLS: Bool? = nil,
        pins: [String]? = nil, caFile: String? = nil, proxy: String? = nil, retry: Int? = nil, retryInterval: Int? = nil,
        delay: Int? = nil, compressed: Bool? = nil, httpVersion: String? = nil, output: String? = nil, variables: [KeyValueRow]? = nil,
        streamSeconds: Double? = nil
    ) {
        self.timeout = timeout
        self.followRedirects = followRedirects
        self.maxRedirects = maxRedirects
        self.verifyTLS = verifyTLS
        self.pins = pins
        self.caFile = caFile
        self.proxy = proxy
        self.retry = retry
        self.retryInterval = retryInterval
        self.delay = delay
        self.compressed = compressed
        self.httpVersion = httpVersion
        self.output = output
        self.variables = variables
        self.streamSeconds = streamSeconds
    }

    /// The JSON keys.
    enum CodingKeys: String, CodingKey, CaseIterable {
        case timeout, followRedirects, maxRedirects, verifyTLS, pins, caFile, proxy, retry, retryInterval, delay, compressed, httpVersion, output, variables, streamSeconds, templates
        case connectTimeout, connectTo, resolve, ipVersion, unixSocket, pathAsIs, limitRate, redirectCredentials, authScheme, awsSigV4, netrc, netrcFile, clientCertificate, clientKey
        case skip, removedHeaders, variablesFiles, printing
    }

    /// Decodes options; `retry` and `retryInterval` out of their ranges are errors naming the range.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        timeout = try container.decodeIfPresent(Double.self, forKey: .timeout)
        followRedirects = try container.decodeIfPresent(Bool.self, forKey: .followRedirects)
        maxRedirects = try container.decodeIfPresent(Int.self, forKey: .maxRedirects)
        verifyTLS = try container.decodeIfPresent(Bool.self, forKey: .verifyTLS)
        pins = try container.decodeIfPresent([String].self, forKey: .pins)
        caFile = try container.decodeIfPresent(String.self, forKey: .caFile)
        proxy = try container.decodeIfPresent(String.self, forKey: .proxy)
        retry = try container.decodeIfPresent(Int.self, forKey: .retry)
        retryInterval = try container.decodeIfPresent(Int.self, forKey: .retryInterval)
        delay = try container.decodeIfPresent(Int.self, forKey: .delay)
        compressed = try container.decodeIfPresent(Bool.self, forKey: .compressed)
        httpVersion = try container.decodeIfPresent(String.self, forKey: .httpVersion)
        output = try container.decodeIfPresent(String.self, forKey: .output)
        variables = try container.decodeIfPresent([KeyValueRow].self, forKey: .variables)
        streamSeconds = try container.decodeIfPresent(Double.self, forKey: .streamSeconds)
        templates = try container.decodeIfPresent([KeyValueRow].self, forKey: .templates)
        connectTimeout = try container.decodeIfPresent(Double.self, forKey: .connectTimeout)
        connectTo = try container.decodeIfPresent([String].self, forKey: .connectTo)
        resolve = try container.decodeIfPresent([String].self, forKey: .resolve)
        ipVersion = try container.decodeIfPresent(String.self, forKey: .ipVersion)
        unixSocket = try container.decodeIfPresent(String.self, forKey: .unixSocket)
        pathAsIs = try container.decodeIfPresent(Bool.self, forKey: .pathAsIs)
        limitRate = try container.decodeIfPresent(Int64.self, forKey: .limitRate)
        redirectCredentials = try container.decodeIfPresent(Bool.self, forKey: .redirectCredentials)
        authScheme = try container.decodeIfPresent(String.self, forKey: .authScheme)
        awsSigV4 = try container.decodeIfPresent(String.self, forKey: .awsSigV4)
        netrc = try container.decodeIfPresent(String.self, forKey: .netrc)
        netrcFile = try container.decodeIfPresent(String.self, forKey: .netrcFile)
        clientCertificate = try container.decodeIfPresent(String.self, forKey: .clientCertificate)
        clientKey = try container.decodeIfPresent(String.self, forKey: .clientKey)
        try checkConnectionSettings(in: container)
        skip = try container.decodeIfPresent(Bool.self, forKey: .skip)
        removedHeaders = try container.decodeIfPresent([String].self, forKey: .removedHeaders)
        variablesFiles = try container.decodeIfPresent([String].self, forKey: .variablesFiles)
        printing = try container.decodeIfPresent([KeyValueRow].self, forKey: .printing)
        if let streamSeconds, case .failure(let refusal) = NumberReading.seconds(streamSeconds) {
            throw DecodingError.dataCorruptedError(forKey: .streamSeconds, in: container, debugDescription: "streamSeconds \(refusal.reason)")
        }
        if let delay, !Self.retryIntervalRange.contains(delay) {
            throw DecodingError.dataCorruptedError(forKey: .delay, in: container, debugDescription: "delay must be from 0 to \(Self.retryIntervalRange.upperBound) milliseconds, not \(delay)")
        }
        if let httpVersion, !Self.httpVersions.contains(httpVersion) {
            throw DecodingError.dataCorruptedError(forKey: .httpVersion, in: container, debugDescription: "httpVersion must be one of \(Self.httpVersions.joined(separator: ", ")), not \(httpVersion)")
        }
        if let timeout, case .failure(let refusal) = NumberReading.seconds(timeout) {
            throw DecodingError.dataCorruptedError(forKey: .timeout, in: container, debugDescription: "timeout \(refusal.reason)")
        }
        if let maxRedirects, !(-1...NumberReading.maximumRedirects).contains(maxRedirects) {
            throw DecodingError.dataCorruptedError(forKey: .maxRedirects, in: container, debugDescription: "maxRedirects must be from 0 to \(NumberReading.maximumRedirects), or -1 for no limit, not \(maxRedirects)")
        }
        if let retry, !Self.retryRange.contains(retry) {
            throw DecodingError.dataCorruptedError(forKey: .retry, in: container, debugDescription: "retry must be from 0 to \(Self.retryRange.upperBound), not \(retry)")
        }
        if let retryInterval, !Self.retryIntervalRange.contains(retryInterval) {
            throw DecodingError.dataCorruptedError(forKey: .retryInterval, in: container, debugDescription: "retryInterval must be from 0 to \(Self.retryIntervalRange.upperBound) milliseconds, not \(retryInterval)")
        }
    }

    /// Encodes the options that are set, in the order timeout, followRedirects, maxRedirects, verifyTLS, pins,
    /// caFile, proxy, retry, retryInterval, delay, compressed, httpVersion, output, variables, streamSeconds, templates,
    /// then connectTimeout, connectTo, resolve, ipVersion, unixSocket, pathAsIs, limitRate, redirectCredentials, authScheme, awsSigV4, netrc,
    /// netrcFile, clientCertificate, clientKey, then skip, removedHeaders, variablesFiles, printing.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(timeout, forKey: .timeout)
        try container.encodeIfPresent(followRedirects, forKey: .followRedirects)
        try container.encodeIfPresent(maxRedirects, forKey: .maxRedirects)
        try container.encodeIfPresent(verifyTLS, forKey: .verifyTLS)
        try container.encodeIfPresent(pins, forKey: .pins)
        try container.encodeIfPresent(caFile, forKey: .caFile)
        try container.encodeIfPresent(proxy, forKey: .proxy)
        try container.encodeIfPresent(retry, forKey: .retry)
        try container.encodeIfPresent(retryInterval, forKey: .retryInterval)
        try container.encodeIfPresent(delay, forKey: .delay)
        try container.encodeIfPresent(compressed, forKey: .compressed)
        try container.encodeIfPresent(httpVersion, forKey: .httpVersion)
        try container.encodeIfPresent(output, forKey: .output)
        try container.encodeIfPresent(variables, forKey: .variables)
        try container.encodeIfPresent(streamSeconds, forKey: .streamSeconds)
        try container.encodeIfPresent(templates, forKey: .templates)
        try container.encodeIfPresent(connectTimeout, forKey: .connectTimeout)
        try container.encodeIfPresent(connectTo, forKey: .connectTo)
        try container.encodeIfPresent(resolve, forKey: .resolve)
        try container.encodeIfPresent(ipVersion, forKey: .ipVersion)
        try container.encodeIfPresent(unixSocket, forKey: .unixSocket)
        try container.encodeIfPresent(pathAsIs, forKey: .pathAsIs)
        try container.encodeIfPresent(limitRate, forKey: .limitRate)
        try container.encodeIfPresent(redirectCredentials, forKey: .redirectCredentials)
        try container.encodeIfPresent(authScheme, forKey: .authScheme)
        try container.encodeIfPresent(awsSigV4, forKey: .awsSigV4)
        try container.encodeIfPresent(netrc, forKey: .netrc)
        try container.encodeIfPresent(netrcFile, forKey: .netrcFile)
        try container.encodeIfPresent(clientCertificate, forKey: .clientCertificate)
        try container.encodeIfPresent(clientKey, forKey: .clientKey)
        try container.encodeIfPresent(skip, forKey: .skip)
        try container.encodeIfPresent(removedHeaders, forKey: .removedHeaders)
        try container.encodeIfPresent(variablesFiles, forKey: .variablesFiles)
        try container.encodeIfPresent(printing, forKey: .printing)
    }

    /// Whether every option is left at its default.
    public var isEmpty: Bool { self == SavedOptions() }
}
