import Foundation
import RequestKit
import Testing

/// The frame parser and writer against RFC 6455 §5.7's examples, in every chunking, and the rules a frame can break.
@Suite struct WebSocketFrameTests {
    /// A random generator that always gives the same number, so a mask key is known.
    struct FixedGenerator: RandomNumberGenerator {
        var value: UInt64
        mutating func next() -> UInt64 { value }
    }

    static let hello: [UInt8] = Array("Hello".utf8)
    static let maskedHello: [UInt8] = [0x81, 0x85, 0x37, 0xFA, 0x21, 0x3D, 0x7F, 0x9F, 0x4D, 0x51, 0x58]

    /// Every frame the bytes hold, fed `chunk` bytes at a time.
    private func frames(_ bytes: [UInt8], chunk: Int, maximum: Int = 1 << 20) throws -> [WebSocketFrame] {
        var parser = FrameParser(maximumPayload: maximum)
        var frames: [WebSocketFrame] = []
        var offset = 0
        while offset < bytes.count {
            let end = min(offset + chunk, bytes.count)
            parser.append(bytes[offset..<end])
            while let frame = try parser.nextFrame() { frames.append(frame) }
            offset = end
        }
        #expect(parser.bufferedCount == 0)
        return frames
    }

    @Test(arguments: [1, 2, 3, 7, 1000])
    func singleUnmaskedTextFrame(chunk: Int) throws {
        let frames = try frames([0x81, 0x05] + Self.hello, chunk: chunk)
        #expect(frames == [WebSocketFrame(opcode: .text, payload: Self.hello)])
    }

    @Test(arguments: [1, 3, 1000])
    func fragmentedUnmaskedTextMessage(chunk: Int) throws {
        let bytes: [UInt8] = [0x01, 0x03, 0x48, 0x65, 0x6C, 0x80, 0x02, 0x6C, 0x6F]
        let frames = try frames(bytes, chunk: chunk)
        #expect(frames.map(\.opcode) == [.text, .continuation])
        #expect(frames.map(\.isFinal) == [false, true])
        var assembler = MessageAssembler(maximumMessage: 100)
        #expect(try assembler.accept(frames[0]) == nil)
        #expect(try assembler.accept(frames[1]) == .message(.text, Self.hello))
    }

    @Test func unmaskedPing() throws {
        #expect(try frames([0x89, 0x05] + Self.hello, chunk: 2) == [WebSocketFrame(opcode: .ping, payload: Self.hello)])
    }

    @Test(arguments: [(256, [UInt8]([0x82, 0x7E, 0x01, 0x00])), (65536, [0x82, 0x7F, 0, 0, 0, 0, 0, 0x01, 0x00, 0x00])])
    func binaryLengthEncodings(size: Int, header: [UInt8]) throws {
        let payload = (0..<size).map { UInt8(truncatingIfNeeded: $0) }
        let frames = try frames(header + payload, chunk: 4093)
        #expect(frames == [WebSocketFrame(opcode: .binary, payload: payload)])
        // The writer uses the same lengths, masked.
        var generator = FixedGenerator(value: 0)
        let written = FrameWriter(fragmentSize: 1 << 20).message(payload, opcode: .binary, using: &generator)
        #expect(written.count == 1)
        #expect(Array(written[0].prefix(header.count)) == [header[0], header[1] | 0x80] + header.dropFirst(2))
    }

    @Test func writerMasksAsTheRFCExample() {
        let bytes = FrameWriter.frame(WebSocketFrame(opcode: .text, payload: Self.hello), maskKey: 0x37FA_213D)
        #expect(bytes == Self.maskedHello)
        let pong = FrameWriter.frame(WebSocketFrame(opcode: .pong, payload: Self.hello), maskKey: 0x37FA_213D)
        #expect(pong == [0x8A] + Self.maskedHello.dropFirst())
    }

    @Test func writerFragmentsLargeMessages() throws {
        var generator = SystemRandomNumberGenerator()
        let payload = Array(repeating: UInt8(ascii: "a"), count: 10)
        let written = FrameWriter(fragmentSize: 4).message(payload, opcode: .text, using: &generator)
        #expect(written.count == 3)
        #expect(written.map { $0[0] } == [0x01, 0x00, 0x80])
        #expect(written.allSatisfy { $0[1] & 0x80 != 0 })
        // Unmasked, they come back as the message.
        var assembler = MessageAssembler(maximumMessage: 100)
        var result: ReceivedControl?
        for frame in written {
            let key = Array(frame[2..<6])
            let unmasked = frame[6...].enumerated().map { $0.element ^ key[$0.offset & 3] }
            result = try assembler.accept(WebSocketFrame(isFinal: frame[0] & 0x80 != 0, opcode: WebSocketOpcode(rawValue: frame[0] & 0x0F) ?? .binary, payload: unmasked))
        }
        #expect(result == .message(.text, payload))
    }

    @Test func closePayloadCutsTheReasonOnACharacterBoundary() {
        let payload = FrameWriter.closePayload(code: 1000, reason: String(repeating: "é", count: 100))
        #expect(payload.count == 124)
        #expect(Array(payload.prefix(2)) == [0x03, 0xE8])
        #expect(String(validating: payload.dropFirst(2), as: UTF8.self) != nil)
    }

    /// The close code a protocol error from these bytes comes to.
    private func failure(_ bytes: [UInt8], maximum: Int = 1000, compression: Bool = false) -> UInt16? {
        var parser = FrameParser(maximumPayload: maximum, allowsCompression: compression)
        parser.append(bytes)
        do {
            _ = try parser.nextFrame()
            return nil
        } catch {
            return error.code
        }
    }

    @Test func rejectsWhatAFrameMayNotBe() {
        #expect(failure(Self.maskedHello) == 1002, "masked by the server")
        #expect(failure([0xA1, 0x00]) == 1002, "RSV2")
        #expect(failure([0x91, 0x00]) == 1002, "RSV3")
        #expect(failure([0xC1, 0x00]) == 1002, "RSV1 without deflate")
        #expect(failure([0xC1, 0x00], compression: true) == nil, "RSV1 with deflate")
        #expect(failure([0xC9, 0x00], compression: true) == 1002, "RSV1 on a ping")
        #expect(failure([0x83, 0x00]) == 1002, "opcode 3")
        #expect(failure([0x8B, 0x00]) == 1002, "opcode 11")
        #expect(failure([0x09, 0x00]) == 1002, "fragmented ping")
        #expect(failure([0x89, 0x7E, 0x00, 0x7E]) == 1002, "ping of 126 bytes")
        #expect(failure([0x82, 0x7F, 0x80, 0, 0, 0, 0, 0, 0, 0]) == 1002, "64-bit length with the top bit set")
        #expect(failure([0x82, 0x7E, 0x03, 0xE9]) == 1009, "1001 bytes over a limit of 1000")
        #expect(failure([0x82, 0x7F, 0, 0, 0, 0x01, 0, 0, 0, 0]) == 1009, "4 GiB declared")
    }

    @Test func rejectsBadFragmentSequences() throws {
        var assembler = MessageAssembler(maximumMessage: 100)
        #expect(throws: WebSocketProtocolError.self) { try assembler.accept(WebSocketFrame(opcode: .continuation, payload: [1])) }
        var second = MessageAssembler(maximumMessage: 100)
        _ = try second.accept(WebSocketFrame(isFinal: false, opcode: .text, payload: [0x41]))
        // A ping between fragments is fine; a new message is not.
        #expect(try second.accept(WebSocketFrame(opcode: .ping, payload: [])) == .ping([]))
        #expect(throws: WebSocketProtocolError.self) { try second.accept(WebSocketFrame(opcode: .text, payload: [0x41])) }
    }

    @Test func invalidUTF8AcrossFragmentsIs1007() throws {
        // "κ" is CE BA; split across fragments it is valid, CE followed by 41 is not.
        var valid = MessageAssembler(maximumMessage: 100)
        _ = try valid.accept(WebSocketFrame(isFinal: false, opcode: .text, payload: [0xCE]))
        #expect(try valid.accept(WebSocketFrame(opcode: .continuation, payload: [0xBA])) == .message(.text, [0xCE, 0xBA]))
        var invalid = MessageAssembler(maximumMessage: 100)
        _ = try invalid.accept(WebSocketFrame(isFinal: false, opcode: .text, payload: [0xCE]))
        do {
            _ = try invalid.accept(WebSocketFrame(opcode: .continuation, payload: [0x41]))
            Issue.record("accepted invalid UTF-8")
        } catch {
            #expect(error.code == 1007)
        }
        var truncated = MessageAssembler(maximumMessage: 100)
        #expect(throws: WebSocketProtocolError(code: 1007, reason: "the server sent a text message that is not valid UTF-8")) {
            try truncated.accept(WebSocketFrame(opcode: .text, payload: [0xE2, 0x82]))
        }
        for bad: [UInt8] in [[0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xFF]] {
            var assembler = MessageAssembler(maximumMessage: 100)
            #expect(throws: WebSocketProtocolError.self) { try assembler.accept(WebSocketFrame(opcode: .text, payload: bad)) }
        }
    }

    @Test func messageOverTheLimitAcrossFragmentsIs1009() throws {
        var assembler = MessageAssembler(maximumMessage: 5)
        _ = try assembler.accept(WebSocketFrame(isFinal: false, opcode: .binary, payload: [1, 2, 3]))
        do {
            _ = try assembler.accept(WebSocketFrame(opcode: .continuation, payload: [4, 5, 6]))
            Issue.record("accepted 6 bytes over a limit of 5")
        } catch {
            #expect(error.code == 1009)
        }
    }

    @Test func closeFrames() throws {
        var assembler = MessageAssembler(maximumMessage: 100)
        #expect(try assembler.accept(WebSocketFrame(opcode: .close, payload: [0x03, 0xE8] + Array("bye".utf8))) == .close(code: 1000, reason: "bye"))
        #expect(try assembler.accept(WebSocketFrame(opcode: .close, payload: [])) == .close(code: nil, reason: ""))
        #expect(throws: WebSocketProtocolError.self) { try assembler.accept(WebSocketFrame(opcode: .close, payload: [0x03])) }
        #expect(throws: WebSocketProtocolError.self) { try assembler.accept(WebSocketFrame(opcode: .close, payload: [0x03, 0xED])) }
        #expect(throws: WebSocketProtocolError.self) { try assembler.accept(WebSocketFrame(opcode: .close, payload: [0x03, 0xE8, 0xFF])) }
    }

    @Test func acceptValueOfTheRFCExample() {
        #expect(Handshake.accept(forKey: "dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
    }

    @Test(arguments: [("", "da39a3ee5e6b4b0d3255bfef95601890afd80709"), ("abc", "a9993e364706816aba3e25717850c26c9cd0d89d"),
                      ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "84983e441c3bd26ebaae4aa1f95129e5e54670f1")])
    func sha1TestVectors(input: String, digest: String) {
        #expect(Digest.sha1(Array(input.utf8))?.map { String(format: "%02x", $0) }.joined() == digest)
    }

    @Test func handshakeRequestCarriesTheRequestsHeaders() throws {
        var headers = HTTPHeaders()
        headers.add(name: "Authorization", value: "Bearer t")
        headers.add(name: "Sec-WebSocket-Key", value: "forged")
        let prepared = PreparedRequest(method: .get, url: "https://example.com:8443/chat?room=1", headers: headers, body: [])
        let text = String(decoding: try Handshake.request(for: prepared, key: "k", subprotocols: ["a", "b"], offersDeflate: true), as: UTF8.self)
        #expect(text.hasPrefix("GET /chat?room=1 HTTP/1.1\r\nHost: example.com:8443\r\n"))
        #expect(text.contains("\r\nSec-WebSocket-Key: k\r\n"))
        #expect(!text.contains("forged"))
        #expect(text.contains("\r\nSec-WebSocket-Protocol: a, b\r\n"))
        #expect(text.contains("\r\nAuthorization: Bearer t\r\n"))
        #expect(text.hasSuffix("\r\n\r\n"))
    }

    @Test func handshakeAnswerChecks() throws {
        let key = "dGhlIHNhbXBsZSBub25jZQ=="
        func head(_ extra: String) -> ResponseHead? {
            Handshake.parseHead(Array("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=\r\n\(extra)\r\n".utf8))
        }
        let plain = try #require(head(""))
        #expect(try Handshake.validate(plain, key: key, subprotocols: [], offeredDeflate: false) == WebSocketOpening(head: plain))
        let chosen = try #require(head("Sec-WebSocket-Protocol: b\r\n"))
        #expect(try Handshake.validate(chosen, key: key, subprotocols: ["a", "b"], offeredDeflate: false).subprotocol == "b")
        #expect(throws: WebSocketError.self) { try Handshake.validate(chosen, key: key, subprotocols: ["a"], offeredDeflate: false) }
        let deflate = try #require(head("Sec-WebSocket-Extensions: permessage-deflate; server_max_window_bits=12\r\n"))
        #expect(try Handshake.validate(deflate, key: key, subprotocols: [], offeredDeflate: true).compressed)
        #expect(throws: WebSocketError.self) { try Handshake.validate(deflate, key: key, subprotocols: [], offeredDeflate: false) }
        #expect(throws: WebSocketError.self) { try Handshake.validate(plain, key: "other", subprotocols: [], offeredDeflate: false) }
        let refused = try #require(Handshake.parseHead(Array("HTTP/1.1 403 Forbidden\r\n\r\n".utf8)))
        #expect(throws: WebSocketError.notUpgraded(refused)) { try Handshake.validate(refused, key: key, subprotocols: [], offeredDeflate: false) }
    }
}
