/// Puts the server's frames together into messages (RFC 6455 §5.4–5.6): fragments in order, control frames between
/// them, UTF-8 checked as the fragments come (1007), the size of a message bounded (1009), compressed messages
/// inflated, and close frames read (§5.5.1, §7.4).
public struct MessageAssembler {
    /// The largest message, in bytes after inflating.
    public let maximumMessage: Int
    /// The kind of the message being assembled, and whether it is compressed; nil between messages.
    private var current: (kind: WebSocketMessageKind, compressed: Bool)?
    private var fragments: [UInt8] = []
    private var validation = UTF8Validation()
    private let inflater: MessageInflater?

    /// Creates an assembler; `inflates` when permessage-deflate was agreed.
    public init(maximumMessage: Int, inflates: Bool = false) {
        self.maximumMessage = max(0, maximumMessage)
        inflater = inflates ? MessageInflater() : nil
    }

    /// What the frame completes: nil for a fragment that leaves its message unfinished.
    public mutating func accept(_ frame: WebSocketFrame) throws(WebSocketProtocolError) -> ReceivedControl? {
        switch frame.opcode {
        case .ping: return .ping(frame.payload)
        case .pong: return .pong(frame.payload)
        case .close: return try Self.readClose(frame.payload)
        case .text, .binary:
            guard current == nil else { throw .protocolError("the server began a new message before finishing the fragmented one") }
            current = (frame.opcode == .text ? .text : .binary, frame.isCompressed)
            validation = UTF8Validation()
            fragments = []
        case .continuation:
            guard current != nil else { throw .protocolError("the server sent a continuation frame with no message to continue") }
        }
        guard let (kind, compressed) = current else { return nil }
        guard fragments.count + frame.payload.count <= maximumMessage else {
            throw WebSocketProtocolError(code: WebSocketCloseCode.messageTooBig,
                                         reason: "the server sent a message of more than \(maximumMessage) bytes, the message limit")
        }
        fragments.append(contentsOf: frame.payload)
        if kind == .text, !compressed, !validation.accept(frame.payload) { throw Self.invalidText }
        guard frame.isFinal else { return nil }
        current = nil
        var message = fragments
        fragments = []
        if compressed, let inflater {
            message = try inflater.inflate(message, limit: maximumMessage)
            if kind == .text, !validation.accept(message) { throw Self.invalidText }
        }
        if kind == .text, !validation.isComplete { throw Self.invalidText }
        return .message(kind, message)
    }

    /// The error for text that is not UTF-8 (close code 1007).
    private static let invalidText = WebSocketProtocolError(code: WebSocketCloseCode.invalidData, reason: "the server sent a text message that is not valid UTF-8")

    /// A close frame's code and reason, checked: no one-byte payload, a code a peer may send, a UTF-8 reason.
    static func readClose(_ payload: [UInt8]) throws(WebSocketProtocolError) -> ReceivedControl {
        guard !payload.isEmpty else { return .close(code: nil, reason: "") }
        guard payload.count >= 2 else { throw .protocolError("the server sent a close frame of one byte") }
        let code = UInt16(payload[0]) << 8 | UInt16(payload[1])
        guard WebSocketCloseCode.isValidOnTheWire(code) else { throw .protocolError("the server sent the close code \(code), which is not allowed on the wire") }
        let reason = payload.dropFirst(2)
        guard UTF8Validation.isValid(reason) else {
            throw WebSocketProtocolError(code: WebSocketCloseCode.invalidData, reason: "the server sent a close reason that is not valid UTF-8")
        }
        return .close(code: code, reason: String(decoding: reason, as: UTF8.self))
    }
}
