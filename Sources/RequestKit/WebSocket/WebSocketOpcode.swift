/// The kind of a WebSocket frame, as its four opcode bits say (RFC 6455 §5.2).
public enum WebSocketOpcode: UInt8, Sendable, Hashable {
    /// A later fragment of a text or binary message.
    case continuation = 0x0
    /// The first (or only) frame of a text message.
    case text = 0x1
    /// The first (or only) frame of a binary message.
    case binary = 0x2
    /// The closing handshake.
    case close = 0x8
    /// A ping, to be answered with a pong.
    case ping = 0x9
    /// A pong, the answer to a ping (or an unasked heartbeat).
    case pong = 0xA

    /// Whether frames of this kind are control frames (close, ping, pong).
    public var isControl: Bool { rawValue & 0x8 != 0 }
}
