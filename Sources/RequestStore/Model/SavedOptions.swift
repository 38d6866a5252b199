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

    /// Creates options; every option left nil keeps curlew's default.
    public init(
        timeout: Double? = nil, followRedirects: Bool? = nil, maxRedirects: Int? = nil, verifyTLS: Bool? = nil,
        pins: [String]? = nil, caFile: String? = nil, proxy: String? = nil
    ) {
        self.timeout = timeout
        self.followRedirects = followRedirects
        self.maxRedirects = maxRedirects
        self.verifyTLS = verifyTLS
        self.pins = pins
        self.caFile = caFile
        self.proxy = proxy
    }

    /// Whether every option is left at its default.
    public var isEmpty: Bool { self == SavedOptions() }
}
