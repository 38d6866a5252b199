import Foundation
import RequestKit
import Testing
import TestServers
import TestSupport

/// Responses handed to a `ResponseStream` as they arrive: head first, body chunks in order, kept or dropped, stopped early.
@Suite struct TransportResponseStreamTests {
    let client = Client()

    /// A stream whose observer's events can be awaited one by one.
    struct Tap {
        let stream: ResponseStream
        var iterator: AsyncStream<ResponseStreamEvent>.Iterator

        init(keeping: StreamedBodyKeeping = .whole) {
            let (events, continuation) = AsyncStream.makeStream(of: ResponseStreamEvent.self)
            stream = ResponseStream(keeping: keeping) { continuation.yield($0) }
            iterator = events.makeAsyncIterator()
        }

        /// The next event from the observer.
        mutating func next() async throws -> ResponseStreamEvent {
            try #require(await iterator.next())
        }

        /// Body bytes until `parser` completes an event, returned with the bytes read.
        mutating func nextEvent(_ parser: inout ServerSentEventParser) async throws -> (ServerSentEvent, Data) {
            var bytes = Data()
            while true {
                guard case .body(let chunk) = try await next() else {
                    Issue.record("a second head arrived")
                    throw CancellationError()
                }
                bytes += chunk
                if let event = parser.feed(chunk).first { return (event, bytes) }
            }
        }
    }

    private func events() async throws -> String {
        try await Blocking.run { try EventStreamServer.baseURL() }
    }

    private func acknowledge(_ name: String, step: Int) async throws {
        let response = try await client.send(prepared: Wire.request(.get, try await events() + "/ack?name=\(name)&step=\(step)"), options: Wire.options())
        #expect(response.text == "ok")
    }

    @Test func headThenEachEventBeforeTheNextIsSent() async throws {
        let name = UUID().uuidString
        var tap = Tap()
        let request = Wire.request(.get, try await events() + "/script?name=\(name)")
        let client = self.client
        let stream = tap.stream
        let sending = Task { try await client.send(prepared: request, options: Wire.options(), stream: stream) }

        guard case .head(let head) = try await tap.next() else {
            Issue.record("the first event is not the head")
            return
        }
        #expect(head.statusCode == 200)
        #expect(head.reason == "OK")
        #expect(head.headers["Content-Type"] == "text/event-stream")

        var parser = ServerSentEventParser()
        var received = Data()
        var seen: [ServerSentEvent] = []
        for step in 1...4 {
            // Part `step + 1` is sent only after this acknowledgment, so each event was delivered alone.
            let (event, bytes) = try await tap.nextEvent(&parser)
            seen.append(event)
            received += bytes
            if step < 4 { try await acknowledge(name, step: step) }
        }
        let response = try await sending.value
        #expect(seen == [
            ServerSentEvent(event: "greeting", data: "hello", id: "1", retry: 3000),
            ServerSentEvent(data: #"{"n": 2, "items": [1, 2], "text": "two"}"#, id: "2"),
            ServerSentEvent(data: "line one\nline two", id: "2"),
            ServerSentEvent(event: "done", data: "bye \u{1B}[2J", id: "2"),
        ])
        #expect(response.body == received)
        #expect(!response.stoppedEarly)
        #expect(response.droppedBodyBytes == 0)
    }

    @Test func aFollowedRedirectDeliversOnlyTheFinalHead() async throws {
        var tap = Tap()
        let request = Wire.request(.get, try await LoopbackHTTPBin.ready().url("/redirect/2"))
        let response = try await client.send(prepared: request, options: Wire.options(), stream: tap.stream)
        guard case .head(let head) = try await tap.next() else {
            Issue.record("the first event is not the head")
            return
        }
        #expect(head.statusCode == 200)
        #expect(response.redirectCount == 2)
        var body = Data()
        while body.count < response.body.count, case .body(let chunk) = try await tap.next() { body += chunk }
        #expect(body == response.body)
    }

    @Test func aHeadWithoutBodyIsDeliveredToo() async throws {
        var tap = Tap()
        let response = try await client.send(prepared: Wire.request(.get, try await LoopbackHTTPBin.ready().url("/status/204")), options: Wire.options(), stream: tap.stream)
        #expect(response.statusCode == 204)
        guard case .head(let head) = try await tap.next() else {
            Issue.record("no head")
            return
        }
        #expect(head.statusCode == 204)
    }

    @Test func stopAfterTheHeadKeepsWhatCame() async throws {
        let name = UUID().uuidString
        var tap = Tap()
        let request = Wire.request(.get, try await events() + "/hold?name=\(name)")
        let client = self.client
        let stream = tap.stream
        let sending = Task { try await client.send(prepared: request, options: Wire.options(), stream: stream) }
        guard case .head = try await tap.next() else {
            Issue.record("no head")
            return
        }
        var parser = ServerSentEventParser()
        _ = try await tap.nextEvent(&parser)
        stream.stop()
        let response = try await sending.value
        try await acknowledge(name, step: 1)
        #expect(response.statusCode == 200)
        #expect(response.text == "data: first\n\n")
        #expect(response.stoppedEarly)
    }

    @Test func stopBeforeTheHeadCancels() async throws {
        let tap = Tap()
        tap.stream.stop()
        let request = Wire.request(.get, try await events() + "/hold?name=\(UUID().uuidString)")
        let stream = tap.stream
        let error = await Wire.failure { () async throws(NetworkError) in try await client.send(prepared: request, options: Wire.options(), stream: stream) }
        #expect(error == .cancelled)
    }

    @Test func keepingTheFirstBytesDropsTheRestButStreamsIt() async throws {
        var tap = Tap(keeping: .first(1000))
        let request = Wire.request(.get, try await events() + "/endless?size=1000")
        let client = self.client
        let stream = tap.stream
        let sending = Task { try await client.send(prepared: request, options: Wire.options(), stream: stream) }
        var streamed = Data()
        while streamed.count < (12 << 20) {
            if case .body(let chunk) = try await tap.next() {
                if streamed.count < 1000 { streamed += chunk } else { streamed.count += chunk.count }
            }
        }
        stream.stop()
        let response = try await sending.value
        #expect(response.body.count == 1000)
        #expect(response.body == streamed.prefix(1000))
        #expect(response.bodyPath == nil)
        #expect(response.droppedBodyBytes >= Int64(12 << 20) - 1000)
        #expect(response.stoppedEarly)
    }

    @Test func anExplicitSizeLimitStillStopsAStream() async throws {
        let tap = Tap(keeping: .first(0))
        let request = Wire.request(.get, try await events() + "/endless?size=1000")
        let options = Wire.options { $0.maxResponseSize = 200_000 }
        let stream = tap.stream
        let error = await Wire.failure { () async throws(NetworkError) in try await client.send(prepared: request, options: options, stream: stream) }
        #expect(error == .responseTooLarge(limit: 200_000))
    }

    @Test func keepingCanBeDecidedByTheHead() async throws {
        let client = self.client
        let url = try await LoopbackHTTPBin.ready().url("/bytes/5000")
        let decided = ResponseStream(keeping: .whole, keepingForHead: { head in
            head.headers["Content-Type"] == "application/octet-stream" ? .first(100) : .whole
        }, observer: { _ in })
        let response = try await client.send(prepared: Wire.request(.get, url), options: Wire.options(), stream: decided)
        #expect(response.body.count == 100)
        #expect(response.droppedBodyBytes == 4900)
        let whole = try await client.send(prepared: Wire.request(.get, url), options: Wire.options(), stream: ResponseStream(keeping: .first(10), keepingForHead: { _ in .whole }, observer: { _ in }))
        #expect(whole.body.count == 5000)
        #expect(whole.droppedBodyBytes == 0)
    }

    @Test func anIdleTimeoutEndsASilentStream() async throws {
        let name = UUID().uuidString
        let request = Wire.request(.get, try await events() + "/hold?name=\(name)")
        let options = Wire.options { $0.timeout = nil; $0.idleTimeout = 1 }
        let error = await Wire.failure { () async throws(NetworkError) in try await client.send(prepared: request, options: options) }
        try await acknowledge(name, step: 1)
        #expect(error == .idleTimeout(seconds: 1))
        #expect(error?.exitCode == 28)
    }

    @Test func theDefaultLimitAppliesOnlyWhenTheWholeBodyIsKept() {
        #expect(ResponseSizeLimit.effective(for: RequestOptions(), keeping: .whole) == ResponseSizeLimit.defaultLimit)
        #expect(ResponseSizeLimit.effective(for: RequestOptions(), keeping: .first(10)) == nil)
        #expect(ResponseSizeLimit.effective(for: RequestOptions(), keeping: .first(10, limited: true)) == ResponseSizeLimit.defaultLimit)
        #expect(ResponseSizeLimit.effective(for: RequestOptions(outputPath: "/tmp/x"), keeping: .first(10, limited: true)) == nil)
        #expect(ResponseSizeLimit.effective(for: RequestOptions(maxResponseSize: 5), keeping: .first(10)) == 5)
    }
}
