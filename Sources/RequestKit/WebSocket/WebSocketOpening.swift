/// What the server's 101 answer agreed to.
public struct WebSocketOpening: Hashable, Sendable {
    /// The status line and header fields of the answer.
    public var head: ResponseHead
    /// The subprotocol the server chose among those offered; nil when it chose none.
    public var subprotocol: String?
    /// Whether permessage-deflate is on.
    public var compressed: Bool

    /// Creates an opening.
    public init(head: ResponseHead, subprotocol: String? = nil, compressed: Bool = false) {
        self.head = head
        self.subprotocol = subprotocol
        self.compressed = compressed
    }
}
