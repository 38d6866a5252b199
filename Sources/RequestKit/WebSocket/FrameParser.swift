/// Reads WebSocket frames from a server out of bytes in any chunking (RFC 6455 §5.2).
///
/// Bounded: a frame whose declared payload exceeds `maximumPayload` fails before any of it is held, so the buffer
/// never holds more than one frame's header, its payload and the last chunk appended. Every rule a single frame can
/// break is checked here: reserved bits without an extension that defines them, unknown opcodes, fragmented or
/// oversized control frames, masked frames (a server never masks), a 64-bit length with its top bit set.
public struct FrameParser: Sendable {
    /// The largest payload a frame may declare.
    public let maximumPayload: Int
    /// Whether permessage-deflate was agreed, which gives the first reserved bit a meaning.
    public let allowsCompression: Bool
    /// Bytes received and not yet read into a frame, from `start`.
    private var buffer: [UInt8] = []
    private var start = 0

    /// Creates a parser.
    public init(maximumPayload: Int, allowsCompression: Bool = false) {
        self.maximumPayload = max(0, maximumPayload)
        self.allowsCompression = allowsCompression
    }

    /// How many received bytes wait for the rest of their frame.
    public var bufferedCount: Int { buffer.count - start }

    /// Adds received bytes.
    public mutating func append<Bytes: Sequence<UInt8>>(_ bytes: Bytes) {
        if start > 0, start >= buffer.count / 2 {
            buffer.removeFirst(start)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next whole frame, nil when more bytes are needed, or the protocol error the bytes make.
    public mutating func nextFrame() throws(WebSocketProtocolError) -> WebSocketFrame? {
        let available = buffer.count - start
        guard available >= 2 else { return nil }
        let first = buffer[start]
        let second = buffer[start + 1]
        let isFinal = first & 0x80 != 0
        let rsv1 = first & 0x40 != 0
        guard first & 0x30 == 0 else { throw .protocolError("the server set a reserved bit (RSV2 or RSV3) no extension defines") }
        guard let opcode = WebSocketOpcode(rawValue: first & 0x0F) else {
            throw .protocolError("the server sent a frame with the unknown opcode \(first & 0x0F)")
        }
        if rsv1 {
            guard allowsCompression else { throw .protocolError("the server set the reserved bit RSV1 without permessage-deflate") }
            guard opcode == .text || opcode == .binary else {
                throw .protocolError("the server set RSV1 on a \(opcode.isControl ? "control" : "continuation") frame")
            }
        }
        guard second & 0x80 == 0 else { throw .protocolError("the server masked a frame (servers must not mask)") }
        let shortLength = Int(second & 0x7F)
        if opcode.isControl {
            guard isFinal else { throw .protocolError("the server fragmented a control frame") }
            guard shortLength <= 125 else { throw .protocolError("the server sent a control frame longer than 125 bytes") }
        }
        var headerLength = 2
        var length = shortLength
        if shortLength == 126 {
            headerLength = 4
            guard available >= headerLength else { return nil }
            length = Int(buffer[start + 2]) << 8 | Int(buffer[start + 3])
        } else if shortLength == 127 {
            headerLength = 10
            guard available >= headerLength else { return nil }
            guard buffer[start + 2] & 0x80 == 0 else { throw .protocolError("the server sent a frame length with its most significant bit set") }
            var wide: UInt64 = 0
            for index in 2..<10 { wide = wide << 8 | UInt64(buffer[start + index]) }
            guard wide <= UInt64(maximumPayload) else { throw Self.tooLarge(wide, limit: maximumPayload) }
            length = Int(wide)
        }
        guard length <= maximumPayload else { throw Self.tooLarge(UInt64(length), limit: maximumPayload) }
        guard available - headerLength >= length else { return nil }
        let payloadStart = start + headerLength
        let payload = Array(buffer[payloadStart..<payloadStart + length])
        start = payloadStart + length
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        }
        return WebSocketFrame(isFinal: isFinal, isCompressed: rsv1, opcode: opcode, payload: payload)
    }

    /// The error for a frame larger than the limit (close code 1009).
    private static func tooLarge(_ length: UInt64, limit: Int) -> WebSocketProtocolError {
        WebSocketProtocolError(code: WebSocketCloseCode.messageTooBig,
                               reason: "the server sent a frame of \(length) bytes, over the message limit of \(limit) bytes")
    }
}
