/// One WebSocket frame, its payload already unmasked.
public struct WebSocketFrame: Hashable, Sendable {
    /// Whether this is the last frame of its message.
    public var isFinal: Bool
    /// The first reserved bit, which permessage-deflate uses to mark a compressed message.
    public var isCompressed: Bool
    /// The frame's kind.
    public var opcode: WebSocketOpcode
    /// The application data.
    public var payload: [UInt8]

    /// Creates a frame.
    public init(isFinal: Bool = true, isCompressed: Bool = false, opcode: WebSocketOpcode, payload: [UInt8] = []) {
        self.isFinal = isFinal
        self.isCompressed = isCompressed
        self.opcode = opcode
        self.payload = payload
    }
}
