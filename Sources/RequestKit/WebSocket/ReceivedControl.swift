/// What a whole frame or message from the server comes to, once the assembler has read it.
public enum ReceivedControl: Hashable, Sendable {
    /// A complete text or binary message (uncompressed).
    case message(WebSocketMessageKind, [UInt8])
    /// A ping with its payload.
    case ping([UInt8])
    /// A pong with its payload.
    case pong([UInt8])
    /// A close frame: its code (nil when it carried none) and reason.
    case close(code: UInt16?, reason: String)
}
