/// The status codes of a WebSocket close frame that curlew sends or names (RFC 6455 §7.4.1).
public enum WebSocketCloseCode {
    /// The purpose of the connection was fulfilled.
    public static let normal: UInt16 = 1000
    /// The endpoint is going away.
    public static let goingAway: UInt16 = 1001
    /// The peer broke the protocol.
    public static let protocolError: UInt16 = 1002
    /// A close frame without a status code (never sent on the wire).
    public static let noStatus: UInt16 = 1005
    /// The connection dropped without a close frame (never sent on the wire).
    public static let abnormal: UInt16 = 1006
    /// A text message was not valid UTF-8.
    public static let invalidData: UInt16 = 1007
    /// A message was larger than the limit.
    public static let messageTooBig: UInt16 = 1009

    /// Whether a peer may send `code` in a close frame: 1000–1003, 1007–1014 and 3000–4999.
    public static func isValidOnTheWire(_ code: UInt16) -> Bool {
        switch code {
        case 1000...1003, 1007...1014, 3000...4999: return true
        default: return false
        }
    }
}
