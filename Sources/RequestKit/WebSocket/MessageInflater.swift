/// Undoes permessage-deflate (RFC 7692 §7.2.2): one raw-deflate stream for the whole connection, so a server that
/// keeps its context between messages is read right, and one that resets it is read right too.
final class MessageInflater {
    /// The raw-deflate decoder; nil when zlib cannot be loaded.
    private let decoder: ContentDecoder?

    /// Creates an inflater.
    init() {
        decoder = ContentDecoder.rawDeflate()
    }

    /// The bytes `compressed` stands for, or the protocol error when they do not inflate or grow past `limit`.
    func inflate(_ compressed: [UInt8], limit: Int) throws(WebSocketProtocolError) -> [UInt8] {
        guard let decoder else { throw .protocolError("the server compressed a message and zlib (libz.so.1) could not be loaded") }
        var output: [UInt8] = []
        var overLimit = false
        let tail: [UInt8] = [0x00, 0x00, 0xFF, 0xFF]
        let outcome = (compressed + tail).withUnsafeBytes { bytes in
            decoder.write(bytes) { piece in
                guard output.count + piece.count <= limit else {
                    overLimit = true
                    return false
                }
                output.append(contentsOf: piece)
                return true
            }
        }
        if overLimit {
            throw WebSocketProtocolError(code: WebSocketCloseCode.messageTooBig,
                                         reason: "the server sent a compressed message that inflates past the message limit of \(limit) bytes")
        }
        if case .failed(let detail) = outcome { throw .protocolError("the server sent a compressed message that does not inflate (\(detail))") }
        return output
    }
}
