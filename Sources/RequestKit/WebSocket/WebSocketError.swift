/// Why a WebSocket session could not open or ended badly; each message says what happened and what to do.
public enum WebSocketError: Error, Hashable, Sendable {
    /// The connection could not be made (DNS, refused, TLS, pins, proxy, timeout).
    case connection(NetworkError)
    /// The server answered the Upgrade request with another status than 101.
    case notUpgraded(ResponseHead)
    /// The server's 101 answer breaks the handshake rules.
    case badHandshake(String)
    /// The server broke the protocol; curlew closed the connection with the error's code.
    case protocolViolation(WebSocketProtocolError)
    /// The messages received passed the session limit; curlew closed the connection with 1009.
    case sessionTooLarge(limit: Int64)
    /// The connection ended without a closing handshake.
    case droppedConnection(String)

    /// What happened and what to do about it.
    public var message: String {
        switch self {
        case .connection(let error): return error.message
        case .notUpgraded(let head):
            return "the server answered \(head.statusCode)\(head.reason.isEmpty ? "" : " " + head.reason) instead of 101 Switching Protocols: "
                + "the URL is not a WebSocket endpoint, or it needs other headers or credentials (-H, --bearer)"
        case .badHandshake(let detail): return "the WebSocket handshake failed: \(detail)"
        case .protocolViolation(let error):
            let advice = error.code == WebSocketCloseCode.messageTooBig ? "; raise the limit with --max-message-size (such as 64M)" : ""
            return "\(error.reason); curlew closed the connection with code \(error.code)\(advice)"
        case .sessionTooLarge(let limit):
            return "the messages received are larger than the session limit of \(ResponseSizeLimit.describe(limit)); curlew closed the connection with code 1009. "
                + "Raise the limit with --max-session-size (such as 2G)"
        case .droppedConnection(let detail): return "the connection ended without a closing handshake (\(detail))"
        }
    }

    /// The exit status of `curlew send` for it: as for HTTP, 22 when the server refuses the upgrade, 63 over a
    /// limit, and 56 for a connection closed abnormally (a protocol error, or no closing handshake).
    public var exitCode: Int32 {
        switch self {
        case .connection(let error): return error.exitCode
        case .notUpgraded: return 22
        case .badHandshake: return 56
        case .protocolViolation(let error): return error.code == WebSocketCloseCode.messageTooBig ? 63 : 56
        case .sessionTooLarge: return 63
        case .droppedConnection: return 56
        }
    }
}
