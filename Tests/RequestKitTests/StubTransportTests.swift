import Foundation
import Locking
import Testing
import RequestKit
import RequestKitTesting

/// The stub transport answers with what the test gives, records what was sent, and behaves as `Client` does
/// where a caller can tell (streams, progress, unreadable files, cookies).
@Suite struct StubTransportTests {
    @Test func answersInOrderAndRecordsEachRequestWithItsBody() async throws {
        let count = Locked(0)
        let stub = StubTransport { request in
            let n = count.withLock { $0 += 1; return $0 }
            return n == 1 ? .success(Response(statusCode: 201, body: Data("first".utf8))) : .failure(.timeout(seconds: 3))
        }
        let request = Request(method: .post, url: "http://api.test/items", headers: ["X-One": "1"], body: .raw(Data("hello".utf8), contentType: "text/plain"))
        let response = try await stub.send(request)
        #expect(response.statusCode == 201)
        #expect(response.text == "first")
        #expect(response.effectiveURL == "http://api.test/items")
        await #expect(throws: NetworkError.timeout(seconds: 3)) { try await stub.send(Request(url: "http://api.test/second")) }
        let sent = stub.sent
        #expect(sent.map(\.url) == ["http://api.test/items", "http://api.test/second"])
        #expect(sent.first?.method == .post)
        #expect(sent.first?.headers.value(for: "X-One") == "1")
        #expect(sent.first?.body == Data("hello".utf8))
    }

    @Test func aStreamGetsTheHeadThenTheBodyAndProgressTheFinalCounts() async throws {
        let stub = StubTransport(status: 200, body: "data: one\n\n", contentType: "text/event-stream")
        let events = Locked<[ResponseStreamEvent]>([])
        let progress = Locked<[TransferProgress]>([])
        let stream = ResponseStream { event in events.withLock { $0.append(event) } }
        let response = try await stub.send(prepared: PreparedRequest(method: .get, url: "http://api.test/events"), options: RequestOptions(),
                                           progress: { value in progress.withLock { $0.append(value) } }, stream: stream)
        #expect(events.withLock { $0 } == [.head(response.head), .body(Data("data: one\n\n".utf8))])
        #expect(response.headers.value(for: "Content-Type") == "text/event-stream")
        #expect(progress.withLock { $0.last?.bytesReceived } == Int64(response.body.count))
    }

    @Test func anUnreadableBodyFileFailsBeforeAnythingIsRecorded() async {
        let stub = StubTransport(status: 200)
        let prepared = PreparedRequest(method: .put, url: "http://api.test/upload", body: [.file(path: "/nonexistent/curlew-stub-body")])
        await #expect {
            _ = try await stub.send(prepared: prepared, options: RequestOptions(), progress: nil, stream: nil)
        } throws: { error in
            if case NetworkError.unreadableFile = error { return true }
            return false
        }
        #expect(stub.sent.isEmpty)
    }

    @Test func theEchoAnswerCarriesTheRequestLineHeadersAndBody() async throws {
        let stub = StubTransport.echoing()
        let request = Request(method: .post, url: "http://api.test/echo", headers: ["Authorization": "Bearer abc"],
                              body: .raw(Data("payload".utf8), contentType: "text/plain"))
        let response = try await stub.send(request)
        #expect(response.text.hasPrefix("POST http://api.test/echo\n"))
        #expect(response.text.contains("Authorization: Bearer abc\n"))
        #expect(response.text.hasSuffix("\n\npayload"))
    }

    @Test func theCookieJarKeepsLoadedLinesUntilCleared() async {
        let transport: any HTTPTransport = StubTransport(status: 204)
        let line = "api.test\tFALSE\t/\tFALSE\t0\tsession\tabc"
        #expect(await transport.loadCookies([line, line]) == [line])
        #expect(await transport.cookieLines() == [line])
        await transport.clearCookies()
        #expect(await transport.cookieLines().isEmpty)
    }
}
