import Foundation
import RequestKit

/// Bytes a WebSocket server sends: frames, read by the frame parser and put together by the message assembler.
enum WebSocketFuzzTargets {
    /// The largest payload and message the targets accept, small so that the limit is reached often.
    static let limit = 4096

    /// What a stream of bytes comes to: the frames read, then the close code of the error that stopped it, if any.
    static func read(_ bytes: Data, compression: Bool, pieceSize: Int) throws(FuzzViolation) -> (frames: [WebSocketFrame], error: UInt16?) {
        var parser = FrameParser(maximumPayload: limit, allowsCompression: compression)
        var frames: [WebSocketFrame] = []
        var offset = bytes.startIndex
        while offset < bytes.endIndex {
            let end = min(offset + pieceSize, bytes.endIndex)
            parser.append(bytes[offset..<end])
            offset = end
            do {
                while let frame = try parser.nextFrame() {
                    try FuzzViolation.require(frame.payload.count <= limit, "a frame of \(frame.payload.count) bytes passed the limit")
                    frames.append(frame)
                }
            } catch let error as WebSocketProtocolError {
                return (frames, error.code)
            } catch let violation as FuzzViolation {
                throw violation
            } catch {
                return (frames, nil)
            }
            try FuzzViolation.require(parser.bufferedCount <= limit + 14 + pieceSize, "the parser holds \(parser.bufferedCount) bytes")
        }
        return (frames, nil)
    }

    /// The WebSocket targets.
    static let all: [FuzzTarget] = [
        FuzzTarget("websocket-frames", seeds: ["Tests/Fuzz/seeds/websocket"]) { data throws(FuzzViolation) in
            // The first byte's low bit says whether permessage-deflate was agreed; the rest comes from the server.
            // Read whole and in pieces of 1 to 7 bytes, the frames and the error must be the same; every message the
            // assembler completes stays under the limit, and its text is UTF-8.
            guard let first = data.first else { return }
            let compression = first & 1 == 1
            let body = data.dropFirst()
            let whole = try read(body, compression: compression, pieceSize: max(1, body.count))
            for size in 1...7 {
                let pieces = try read(body, compression: compression, pieceSize: size)
                try FuzzViolation.require(pieces.frames == whole.frames && pieces.error == whole.error, "pieces of \(size) read differently")
            }
            var assembler = MessageAssembler(maximumMessage: limit, inflates: compression)
            for frame in whole.frames {
                guard let received = try? assembler.accept(frame) else { break }
                if case .message(let kind, let bytes) = received {
                    try FuzzViolation.require(bytes.count <= limit, "a message of \(bytes.count) bytes passed the limit")
                    if kind == .text { try FuzzViolation.require(String(validating: bytes, as: UTF8.self) != nil, "a text message is not UTF-8") }
                }
            }
        },
    ]
}
