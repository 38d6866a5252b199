/// A peer's breach of the WebSocket protocol: the close code to answer it with and what was wrong.
public struct WebSocketProtocolError: Error, Hashable, Sendable {
    /// The close code curlew sends for it (1002, 1007 or 1009).
    public var code: UInt16
    /// What the server did wrong, as a sentence part.
    public var reason: String

    /// Creates an error.
    public init(code: UInt16, reason: String) {
        self.code = code
        self.reason = reason
    }

    /// A breach of the framing rules (close code 1002).
    static func protocolError(_ reason: String) -> WebSocketProtocolError {
        WebSocketProtocolError(code: WebSocketCloseCode.protocolError, reason: reason)
    }
}
