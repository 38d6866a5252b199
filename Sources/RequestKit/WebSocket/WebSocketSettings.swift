/// How a WebSocket session behaves: what it offers, its limits and its timers.
public struct WebSocketSettings: Hashable, Sendable {
    /// The largest message accepted by default (16 MiB).
    public static let defaultMaximumMessage: Int64 = 16 << 20

    /// Subprotocols offered, in order of preference (`Sec-WebSocket-Protocol`).
    public var subprotocols: [String]
    /// Whether permessage-deflate is offered.
    public var offersDeflate: Bool
    /// The largest message received, in bytes after inflating; a larger one closes the session with 1009.
    public var maximumMessage: Int64
    /// The most bytes of messages received in the whole session; nil for no limit.
    public var maximumSession: Int64?
    /// Seconds between keep-alive pings; nil sends none.
    public var pingInterval: Double?
    /// Seconds without a message received after which the session closes normally; nil waits forever.
    public var idleTimeout: Double?
    /// Seconds to wait for the server's close frame after sending ours.
    public var closeTimeout: Double
    /// The largest payload of one outgoing frame; longer messages are fragmented.
    public var fragmentSize: Int

    /// Creates settings.
    public init(subprotocols: [String] = [], offersDeflate: Bool = true, maximumMessage: Int64 = defaultMaximumMessage,
                maximumSession: Int64? = nil, pingInterval: Double? = nil, idleTimeout: Double? = nil,
                closeTimeout: Double = 2, fragmentSize: Int = 1 << 20) {
        self.subprotocols = subprotocols
        self.offersDeflate = offersDeflate
        self.maximumMessage = maximumMessage
        self.maximumSession = maximumSession
        self.pingInterval = pingInterval
        self.idleTimeout = idleTimeout
        self.closeTimeout = closeTimeout
        self.fragmentSize = fragmentSize
    }
}
