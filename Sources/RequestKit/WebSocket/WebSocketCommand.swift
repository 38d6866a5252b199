/// What the owner of a session asks its thread to do.
enum WebSocketCommand: Sendable {
    /// Send a whole message.
    case send(WebSocketMessageKind, [UInt8])
    /// Send a ping.
    case ping([UInt8])
    /// Begin the closing handshake.
    case close(code: UInt16, reason: String)
}
