/// Whether a WebSocket message is text or binary.
public enum WebSocketMessageKind: String, Sendable, Hashable {
    /// UTF-8 text.
    case text
    /// Bytes.
    case binary
}
