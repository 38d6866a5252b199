/// What the owner of a session asks its thread to do.
enum WebSocketCommand: Sendable {
    /// Send a whole message.
    case send(WebSocketMessageKind, [UInt8])
    /// Send a ping.
    case ping([UInt8])
    /// Close normally once no message has arrived for this many seconds (from now on).
    case closeWhenQuiet(Double)
    /// Begin the closing handshake.
    case close(code: UInt16, reason: String)
}
