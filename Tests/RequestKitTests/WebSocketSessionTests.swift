import Foundation
import RequestKit
import Testing
import TestServers

/// `WebSocketSession` against real servers on loopback: Python's `websockets` (clear and TLS) and a hostile one.
@Suite(.timeLimit(.minutes(1))) struct WebSocketSessionTests {
    /// A session on a ws:// or wss:// URL.
    private func session(_ url: String, options: RequestOptions = RequestOptions(timeout: 10),
                         settings: WebSocketSettings = WebSocketSettings()) throws -> WebSocketSession {
        let http = url.hasPrefix("wss://") ? "https://" + url.dropFirst(6) : "http://" + url.dropFirst(5)
        return try WebSocketSession(prepared: PreparedRequest(method: .get, url: http), options: options, settings: settings)
    }

    /// Every event until the session ends, calling `react` on each as it comes.
    private func events(of session: WebSocketSession, react: (WebSocketEvent) -> Void = { _ in }) async -> [WebSocketEvent] {
        var all: [WebSocketEvent] = []
        for await event in session.events {
            all.append(event)
            react(event)
        }
        return all
    }

    /// The messages received, in order.
    private func received(_ events: [WebSocketEvent]) -> [WebSocketMessage] {
        events.compactMap { event in
            if case .message(let message) = event, message.direction == .received { return message }
            return nil
        }
    }

    @Test func echoesTextAndBinary() async throws {
        let session = try session(WebSocketServer.url("/echo"))
        var count = 0
        let all = await events(of: session) { event in
            switch event {
            case .opened:
                session.send(text: "hello")
            case .message(let message) where message.direction == .received:
                count += 1
                if count == 1 { session.send(binary: [0, 1, 2, 255]) } else { session.close(reason: "done") }
            default: break
            }
        }
        let messages = received(all)
        #expect(messages.map(\.kind) == [.text, .binary])
        #expect(messages.map(\.data) == [Array("hello".utf8), [0, 1, 2, 255]])
        guard case .closed(let closure) = all.last else { Issue.record("ended with \(String(describing: all.last))"); return }
        #expect(closure.code == 1000)
        #expect(!closure.byServer)
        #expect(closure.answered)
    }

    @Test func largeMessagesAreFragmentedAndComeBackWhole() async throws {
        let big = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let session = try session(WebSocketServer.url("/echo"), settings: WebSocketSettings(fragmentSize: 65_536))
        let all = await events(of: session) { event in
            switch event {
            case .opened: session.send(binary: big)
            case .message(let message) where message.direction == .received: session.close()
            default: break
            }
        }
        #expect(received(all).map(\.data) == [big])
    }

    @Test func reassemblesFragmentsFromTheServer() async throws {
        let session = try session(WebSocketServer.url("/fragments"))
        let all = await events(of: session) { event in
            if case .message(let message) = event, message.direction == .received { session.close() }
        }
        #expect(received(all).map { String(decoding: $0.data, as: UTF8.self) } == ["Hello, fragmented world"])
    }

    @Test func answersServerPings() async throws {
        let session = try session(WebSocketServer.url("/ping"))
        let all = await events(of: session) { event in
            if case .message(let message) = event, message.direction == .received { session.close() }
        }
        let pings = all.compactMap { event -> WebSocketControlFrame? in if case .ping(let frame) = event { return frame }; return nil }
        let pongs = all.compactMap { event -> WebSocketControlFrame? in if case .pong(let frame) = event { return frame }; return nil }
        #expect(pings.map(\.direction) == [.received])
        #expect(pongs.map(\.direction) == [.sent])
        #expect(pongs.first?.payload == Array("are you there".utf8))
        #expect(received(all).map { String(decoding: $0.data, as: UTF8.self) } == ["pong received"])
    }

    @Test func serverCloseCodeAndReason() async throws {
        let all = await events(of: try session(WebSocketServer.url("/close")))
        #expect(received(all).map { String(decoding: $0.data, as: UTF8.self) } == ["bye"])
        guard case .closed(let closure) = all.last else { Issue.record("ended with \(String(describing: all.last))"); return }
        #expect(closure.code == 4001)
        #expect(closure.reason == "done here")
        #expect(closure.byServer)
        #expect(!closure.isNormal)
    }

    @Test func negotiatesASubprotocol() async throws {
        let session = try session(WebSocketServer.url("/subprotocol"), settings: WebSocketSettings(subprotocols: ["chat.v1", "chat.v2"]))
        var opening: WebSocketOpening?
        let all = await events(of: session) { event in
            if case .opened(let opened) = event { opening = opened }
            if case .message = event { session.close() }
        }
        #expect(opening?.subprotocol == "chat.v2")
        #expect(received(all).map { String(decoding: $0.data, as: UTF8.self) } == ["chat.v2"])
    }

    @Test(arguments: [true, false])
    func permessageDeflate(offered: Bool) async throws {
        let text = String(repeating: "compress me, please; ", count: 5000)
        let session = try session(WebSocketServer.url("/extensions"), settings: WebSocketSettings(offersDeflate: offered))
        var opening: WebSocketOpening?
        var count = 0
        let all = await events(of: session) { event in
            switch event {
            case .opened(let opened):
                opening = opened
            case .message(let message) where message.direction == .received:
                count += 1
                if count == 1 { session.send(text: text) } else { session.close() }
            default: break
            }
        }
        let texts = received(all).map { String(decoding: $0.data, as: UTF8.self) }
        #expect(opening?.compressed == offered)
        #expect(texts.count == 2)
        #expect(texts.first?.hasPrefix("permessage-deflate") == offered)
        #expect(texts.last == text)
    }

    @Test func wssWithTheServersCertificate() async throws {
        var options = RequestOptions(timeout: 10)
        options.caBundlePath = try WebSocketServer.certificate()
        let session = try session(WebSocketServer.tlsURL("/echo"), options: options)
        let all = await events(of: session) { event in
            switch event {
            case .opened: session.send(text: "over tls")
            case .message(let message) where message.direction == .received: session.close()
            default: break
            }
        }
        #expect(received(all).map(\.data) == [Array("over tls".utf8)])
    }

    @Test func wssWithoutTrustFails() async throws {
        let all = await events(of: try session(WebSocketServer.tlsURL("/echo")))
        guard case .failed(.connection(let error)) = all.last, case .certificateNotTrusted = error else {
            Issue.record("ended with \(String(describing: all.last))")
            return
        }
        #expect(all.count == 1)
    }

    @Test func refusedUpgradeReportsTheStatus() async throws {
        let all = await events(of: try session(WebSocketServer.url("/refuse")))
        guard case .failed(let error) = all.last, case .notUpgraded(let head) = error else {
            Issue.record("ended with \(String(describing: all.last))")
            return
        }
        #expect(head.statusCode == 403)
        #expect(error.exitCode == 22)
    }

    @Test(arguments: [
        ("oversized", UInt16(1009)), ("invalid-utf8", 1007), ("split-invalid-utf8", 1007), ("bad-opcode", 1002),
        ("masked", 1002), ("reserved", 1002), ("long-ping", 1002),
    ])
    func hostileServerIsClosedWithTheRightCode(name: String, code: UInt16) async throws {
        let (url, id) = try HostileWebSocketServer.url(case: name)
        let all = await events(of: try session(url, settings: WebSocketSettings(offersDeflate: false, maximumMessage: 1000)))
        guard case .failed(.protocolViolation(let error)) = all.last else {
            Issue.record("ended with \(String(describing: all.last))")
            return
        }
        #expect(error.code == code)
        let report = try await Client().send(Request(method: .get, url: try HostileWebSocketServer.reportURL(id: id)))
        #expect(String(decoding: report.body, as: UTF8.self) == String(code))
    }

    @Test func droppedConnectionIsAbnormal() async throws {
        let (url, _) = try HostileWebSocketServer.url(case: "drop")
        let all = await events(of: try session(url))
        #expect(received(all).map(\.data) == [Array("hi".utf8)])
        guard case .failed(let error) = all.last, case .droppedConnection = error else {
            Issue.record("ended with \(String(describing: all.last))")
            return
        }
        #expect(error.exitCode == 56)
    }

    @Test func sessionLimitCloses() async throws {
        let session = try session(WebSocketServer.url("/echo"), settings: WebSocketSettings(maximumSession: 10))
        let all = await events(of: session) { event in
            switch event {
            case .opened: session.send(text: "123456")
            case .message(let message) where message.direction == .received: session.send(text: "789012")
            default: break
            }
        }
        #expect(received(all).count == 1)
        guard case .failed(.sessionTooLarge(let limit)) = all.last else { Issue.record("ended with \(String(describing: all.last))"); return }
        #expect(limit == 10)
    }

    @Test func keepAlivePingsAreSentAndAnswered() async throws {
        let session = try session(WebSocketServer.url("/silent"), settings: WebSocketSettings(pingInterval: 0.05))
        let all = await events(of: session) { event in
            if case .pong(let frame) = event, frame.direction == .received { session.close() }
        }
        #expect(all.contains { if case .ping(let frame) = $0 { return frame.direction == .sent }; return false })
        guard case .closed(let closure) = all.last else { Issue.record("ended with \(String(describing: all.last))"); return }
        #expect(closure.code == 1000)
    }

    @Test func goesThroughAProxysTunnel() async throws {
        var options = RequestOptions(timeout: 10)
        options.proxy = try ForwardProxy.url()
        let url = try WebSocketServer.url("/echo")
        let session = try session(url, options: options)
        let all = await events(of: session) { event in
            switch event {
            case .opened: session.send(text: "via proxy")
            case .message(let message) where message.direction == .received: session.close()
            default: break
            }
        }
        #expect(received(all).map(\.data) == [Array("via proxy".utf8)])
        let authority = url.dropFirst("ws://".count).prefix { $0 != "/" }
        #expect(try ForwardProxy.relayed().contains("CONNECT \(authority)"))
    }

    @Test func aFloodToAnEchoingServerComesBackWhole() async throws {
        // More than the socket buffers hold both ways: writing must go on reading, or both ends wait on each other.
        let count = 600
        let payload = [UInt8](repeating: UInt8(ascii: "z"), count: 16_384)
        let session = try session(WebSocketServer.url("/echo"), settings: WebSocketSettings(offersDeflate: false))
        var echoed = 0
        let all = await events(of: session) { event in
            switch event {
            case .opened:
                for _ in 0..<count { session.send(binary: payload) }
            case .message(let message) where message.direction == .received:
                echoed += 1
                if echoed == count { session.close() }
            default: break
            }
        }
        #expect(received(all).count == count)
        #expect(received(all).allSatisfy { $0.data == payload })
        guard case .closed = all.last else { Issue.record("ended with \(String(describing: all.last))"); return }
    }
}
