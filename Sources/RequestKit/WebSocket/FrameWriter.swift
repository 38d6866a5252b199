/// Writes client frames (RFC 6455 §5.2–5.4): always masked with a fresh random key, and a large message cut into
/// fragments of at most `fragmentSize` bytes.
public struct FrameWriter: Sendable {
    /// The largest payload of one outgoing data frame.
    public let fragmentSize: Int

    /// Creates a writer; a fragment size below one byte is taken as one.
    public init(fragmentSize: Int = 1 << 20) {
        self.fragmentSize = max(1, fragmentSize)
    }

    /// The bytes of one frame, its payload masked with `maskKey`.
    public static func frame(_ frame: WebSocketFrame, maskKey: UInt32) -> [UInt8] {
        let payload = frame.payload
        var bytes: [UInt8] = []
        bytes.reserveCapacity(payload.count + 14)
        bytes.append((frame.isFinal ? 0x80 : 0) | (frame.isCompressed ? 0x40 : 0) | frame.opcode.rawValue)
        if payload.count <= 125 {
            bytes.append(0x80 | UInt8(payload.count))
        } else if payload.count <= 0xFFFF {
            bytes.append(0x80 | 126)
            bytes.append(UInt8(payload.count >> 8))
            bytes.append(UInt8(payload.count & 0xFF))
        } else {
            bytes.append(0x80 | 127)
            let length = UInt64(payload.count)
            for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8((length >> UInt64(shift)) & 0xFF)) }
        }
        let key = [UInt8(maskKey >> 24), UInt8((maskKey >> 16) & 0xFF), UInt8((maskKey >> 8) & 0xFF), UInt8(maskKey & 0xFF)]
        bytes.append(contentsOf: key)
        let start = bytes.count
        bytes.append(contentsOf: payload)
        bytes.withUnsafeMutableBufferPointer { buffer in
            key.withUnsafeBufferPointer { key in
                var index = start
                var keyIndex = 0
                while index < buffer.count {
                    buffer[index] ^= key[keyIndex]
                    index += 1
                    keyIndex = (keyIndex + 1) & 3
                }
            }
        }
        return bytes
    }

    /// The frames of one text or binary message, each masked with a key from `generator`.
    public func message<Generator: RandomNumberGenerator>(
        _ payload: [UInt8], opcode: WebSocketOpcode, compressed: Bool = false, using generator: inout Generator
    ) -> [[UInt8]] {
        guard payload.count > fragmentSize else {
            return [Self.frame(WebSocketFrame(isCompressed: compressed, opcode: opcode, payload: payload), maskKey: generator.next())]
        }
        var frames: [[UInt8]] = []
        var offset = 0
        while offset < payload.count {
            let end = min(offset + fragmentSize, payload.count)
            let frame = WebSocketFrame(isFinal: end == payload.count, isCompressed: compressed && offset == 0,
                                       opcode: offset == 0 ? opcode : .continuation, payload: Array(payload[offset..<end]))
            frames.append(Self.frame(frame, maskKey: generator.next()))
            offset = end
        }
        return frames
    }

    /// The bytes of a control frame (ping, pong, close); a payload over 125 bytes is cut to 125.
    public static func control<Generator: RandomNumberGenerator>(_ opcode: WebSocketOpcode, payload: [UInt8], using generator: inout Generator) -> [UInt8] {
        frame(WebSocketFrame(opcode: opcode, payload: Array(payload.prefix(125))), maskKey: generator.next())
    }

    /// A close frame's payload: the code, then the reason cut to fit 123 bytes on a character boundary.
    public static func closePayload(code: UInt16, reason: String) -> [UInt8] {
        var reasonBytes = Array(reason.utf8)
        if reasonBytes.count > 123 {
            var cut = 123
            while cut > 0, reasonBytes[cut] & 0xC0 == 0x80 { cut -= 1 }
            reasonBytes = Array(reasonBytes[..<cut])
        }
        return [UInt8(code >> 8), UInt8(code & 0xFF)] + reasonBytes
    }
}
