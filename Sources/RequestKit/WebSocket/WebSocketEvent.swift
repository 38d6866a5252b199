/// What happens in a WebSocket session, in order, as `WebSocketSession.events` delivers it.
public enum WebSocketEvent: Hashable, Sendable {
    /// The handshake succeeded.
    case opened(WebSocketOpening)
    /// A whole message went out or came in.
    case message(WebSocketMessage)
    /// A ping came in (curlew answers it) or went out.
    case ping(WebSocketControlFrame)
    /// A pong came in or went out.
    case pong(WebSocketControlFrame)
    /// The session ended with a closing handshake (always the last event but for nothing).
    case closed(WebSocketClosure)
    /// The session could not open or ended badly (always the last event).
    case failed(WebSocketError)
}

/// Which way a message or control frame went.
public enum WebSocketDirection: String, Hashable, Sendable {
    /// From the server to curlew.
    case received = "in"
    /// From curlew to the server.
    case sent = "out"
}

/// One whole text or binary message.
public struct WebSocketMessage: Hashable, Sendable {
    /// Which way it went.
    public var direction: WebSocketDirection
    /// Text or binary.
    public var kind: WebSocketMessageKind
    /// Its bytes (uncompressed).
    public var data: [UInt8]
    /// Seconds since the session opened.
    public var time: Double

    /// Its size in bytes.
    public var size: Int { data.count }

    /// Creates a message.
    public init(direction: WebSocketDirection, kind: WebSocketMessageKind, data: [UInt8], time: Double) {
        self.direction = direction
        self.kind = kind
        self.data = data
        self.time = time
    }
}

/// A ping or pong.
public struct WebSocketControlFrame: Hashable, Sendable {
    /// Which way it went.
    public var direction: WebSocketDirection
    /// Its payload (at most 125 bytes).
    public var payload: [UInt8]
    /// Seconds since the session opened.
    public var time: Double

    /// Creates a control frame record.
    public init(direction: WebSocketDirection, payload: [UInt8], time: Double) {
        self.direction = direction
        self.payload = payload
        self.time = time
    }
}

/// How a session's closing handshake went.
public struct WebSocketClosure: Hashable, Sendable {
    /// The code the server's close frame carried; nil when it carried none, or did not come before the timeout.
    public var code: UInt16?
    /// The reason the server's close frame carried.
    public var reason: String
    /// Whether the server began the closing handshake.
    public var byServer: Bool
    /// Whether the server's close frame arrived (false when curlew gave up waiting for it).
    public var answered: Bool
    /// Seconds since the session opened.
    public var time: Double

    /// Creates a closure.
    public init(code: UInt16?, reason: String, byServer: Bool, answered: Bool = true, time: Double) {
        self.code = code
        self.reason = reason
        self.byServer = byServer
        self.answered = answered
        self.time = time
    }

    /// Whether it was a normal end: 1000, 1001 or no code from the server (or none awaited).
    public var isNormal: Bool {
        guard let code else { return true }
        return code == WebSocketCloseCode.normal || code == WebSocketCloseCode.goingAway
    }
}
