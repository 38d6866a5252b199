/// How much history is kept and how.
public struct HistorySettings: Hashable, Sendable {
    /// The most entries kept; older ones are compacted away.
    public var maximumEntries: Int
    /// Bodies up to this many bytes are kept inline in the entry.
    public var inlineBodyLimit: Int
    /// Larger bodies go to side files while their total stays under this many bytes; beyond it they are dropped with a note.
    public var sideBodiesLimit: Int
    /// The most Server-Sent Events kept for one exchange; their data together stays under `inlineBodyLimit` bytes too.
    public var eventLimit: Int = 10_000
    /// Whether credentials (Authorization, Proxy-Authorization, Cookie, Set-Cookie) and secret variable values are stored as `[redacted]`.
    public var redact: Bool

    /// Creates settings; the defaults keep 1,000 entries, 1 MB inline, 100 MB of side files, and redact.
    public init(maximumEntries: Int = 1000, inlineBodyLimit: Int = 1 << 20, sideBodiesLimit: Int = 100 << 20, redact: Bool = true) {
        self.maximumEntries = maximumEntries
        self.inlineBodyLimit = inlineBodyLimit
        self.sideBodiesLimit = sideBodiesLimit
        self.redact = redact
    }
}
