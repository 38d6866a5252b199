import Foundation
import RequestKit
import RequestStore
import Synchronization
import Testing
import TUICore
import TUITesting
@testable import Explorer
import TestSupport

/// The whole app in its run loop (in-memory screen, real client) against a loopback server of event streams.
@Suite("Streamed responses in the app", .serialized, .timeLimit(.minutes(10)))
struct StreamAppTests {
    /// The app on a 120×40 in-memory screen with `url` typed in the URL bar.
    static func app(url: String, history: HistoryStore? = nil) throws -> (Runtime<ExplorerProgram>, InMemoryBackend) {
        let backend = InMemoryBackend(width: 120, height: 40)
        let program = ExplorerProgram(effects: Effects(client: AppHarness.client, draftPath: nil, history: history))
        let runtime = try Runtime(program: program, state: AppState(), backend: backend, theme: .monochrome)
        runtime.start()
        runtime.send(.paste(url))
        return (runtime, backend)
    }

    /// The screen as one string.
    static func screen(_ backend: InMemoryBackend) -> String {
        (0..<backend.screen.height).map { backend.screen.text(row: $0) }.joined(separator: "\n")
    }

    /// Handles the app's messages as they arrive until `done` holds, or records that it never did within `seconds`
    /// (generous, for sanitized builds; however many messages a fast stream sends meanwhile).
    static func run(_ runtime: Runtime<ExplorerProgram>, until what: String, within seconds: Int = 300, _ done: () -> Bool) async {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while !done() {
            if ContinuousClock.now >= deadline {
                Issue.record("the app never showed \(what) in \(seconds) s")
                return
            }
            await runtime.step()
        }
    }

    @Test func theFirstEventIsOnScreenWhileTheStreamIsOpenAndEscKeepsWhatCame() async throws {
        let name = "app-\(UUID().uuidString)"
        let (runtime, backend) = try Self.app(url: try EventStreams.url("/script?name=\(name)"))
        runtime.send(message: .action("request.send"))
        await Self.run(runtime, until: "the first event") { Self.screen(backend).contains("hello") }
        var screen = Self.screen(backend)
        #expect(screen.contains("Streaming"))
        #expect(screen.contains("Events 1"))
        #expect(screen.contains("greeting"))
        #expect(!screen.contains("two"))
        try await EventStreams.acknowledge(name, step: 1)
        await Self.run(runtime, until: "the second event") { Self.screen(backend).contains(#""text": "two""#) }
        runtime.send(.key(KeyEvent(.escape)))
        await Self.run(runtime, until: "the stopped stream") { !runtime.state.send.isSending }
        screen = Self.screen(backend)
        #expect(screen.contains("stopped"))
        #expect(screen.contains("2 events"))
        #expect(runtime.state.viewer.document?.stream?.eventCount == 2)
        #expect(!screen.contains("bye"))
    }

    @Test func anEndlessStreamIsFollowedUntilScrolledUpAndGFollowsAgain() async throws {
        let (runtime, backend) = try Self.app(url: try EventStreams.url("/endless?size=64"))
        runtime.send(message: .action("request.send"))
        await Self.run(runtime, until: "events arriving") { (runtime.state.viewer.document?.stream?.eventCount ?? 0) > 100 }
        runtime.send(message: .action("focus.next"))
        runtime.send(message: .action("focus.next"))
        #expect(runtime.state.focus == .response)
        runtime.send(.key(KeyEvent(.char("1"))))
        #expect(runtime.state.viewer.tab == .body)
        #expect(runtime.state.viewer.following)
        runtime.send(.key(KeyEvent(.pageUp)))
        #expect(!runtime.state.viewer.following)
        #expect(Self.screen(backend).contains("G: follow"))
        let held = runtime.state.viewer.position
        let count = runtime.state.viewer.document?.stream?.eventCount ?? 0
        await Self.run(runtime, until: "more events") { (runtime.state.viewer.document?.stream?.eventCount ?? 0) > count + 100 }
        #expect(runtime.state.viewer.position.line <= held.line)
        runtime.send(.key(KeyEvent(.char("G"))))
        #expect(runtime.state.viewer.following)
        runtime.send(.key(KeyEvent(.escape)))
        await Self.run(runtime, until: "the stopped stream") { !runtime.state.send.isSending }
        let stream = try #require(runtime.state.viewer.document?.stream)
        #expect(stream.stopped)
        #expect(stream.keptBytes.count <= StreamedBody.textLimit)
        #expect(Self.screen(backend).contains("stopped"))
    }

    @Test func aBurstOfTenThousandEventsEndsWithAnExactCount() async throws {
        let (runtime, backend) = try Self.app(url: try EventStreams.url("/ticks?count=10000&interval=0"))
        runtime.send(message: .action("request.send"))
        await Self.run(runtime, until: "the end of the burst") { runtime.state.send.count == 1 && !runtime.state.send.isSending }
        await runtime.settle()
        #expect(runtime.state.viewer.document?.stream?.eventCount == 10_000)
        #expect(runtime.state.viewer.document?.stream?.events.last?.id == "9999")
        #expect(Self.screen(backend).contains("10,000 events"))
        #expect(runtime.frameCount < 10_000)
    }

    @Test func aWholeStreamListsEveryEventWithItsTypeIdAndData() async throws {
        let name = "all-\(UUID().uuidString)"
        for step in 1...3 { try await EventStreams.acknowledge(name, step: step) }
        let data = TemporaryFolder.path("curlew-stream")
        let history = HistoryStore(paths: StorePaths(dataDirectory: data, configDirectory: data))
        let (runtime, backend) = try Self.app(url: try EventStreams.url("/script?name=\(name)"), history: history)
        runtime.send(message: .action("request.send"))
        await Self.run(runtime, until: "the end of the stream") { runtime.state.send.count == 1 && !runtime.state.send.isSending }
        await runtime.settle()
        let events = runtime.state.viewer.document?.stream?.events ?? []
        #expect(events.map(\.name) == ["greeting", "message", "message", "done"])
        #expect(events.map(\.id) == ["1", "2", "2", "2"])
        #expect(events.count == 4 && events[2].data == "line one\nline two")
        let screen = Self.screen(backend)
        #expect(screen.contains("4 events"))
        #expect(screen.contains("line one line two"))
        #expect(screen.contains("bye ␛[2J"))
        #expect(!screen.contains("\u{1B}"))
        #expect(runtime.state.viewer.tab == .events)
        let entry = try #require(try history.load().entries.last)
        let timed = try #require(entry.response?.events)
        #expect(timed.map(\.data) == ["hello", #"{"n": 2, "items": [1, 2], "text": "two"}"#, "line one\nline two", "bye \u{1B}[2J"])
        #expect(timed.map(\.offset) == timed.map(\.offset).sorted())
    }

    @Test func jsonLinesArePrettyPrintedAsTheyArrive() async throws {
        let name = "lines-\(UUID().uuidString)"
        let (runtime, backend) = try Self.app(url: try EventStreams.url("/ndjson?name=\(name)"))
        runtime.send(message: .action("request.send"))
        await Self.run(runtime, until: "the first value") { Self.screen(backend).contains(#""text": "one""#) }
        #expect(Self.screen(backend).contains("1 value"))
        #expect(!Self.screen(backend).contains(#""text": "two""#))
        for step in 1...2 { try await EventStreams.acknowledge(name, step: step) }
        await Self.run(runtime, until: "the end of the stream") { !runtime.state.send.isSending }
        await runtime.settle()
        let screen = Self.screen(backend)
        #expect(screen.contains(#""text": "three""#))
        #expect(screen.contains("3 values"))
    }

    @Test func aStoredEventStreamOpensInTheEventsTab() async throws {
        let folder = TemporaryFolder.path("curlew-stream-history")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let paths = StorePaths(dataDirectory: folder, configDirectory: folder + "/config")
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "text/event-stream")
        let body = "id: 1\nevent: greeting\ndata: hello\n\nid: 2\ndata: {\"stored\":true}\n\n"
        let response = Response(statusCode: 200, reason: "OK", headers: headers, body: Data(body.utf8), effectiveURL: "http://127.0.0.1:1/sse")
        var exchange = HistoryExchange(method: .get, url: "http://127.0.0.1:1/sse", response: response)
        exchange.events = [
            TimedServerSentEvent(offset: 0.25, event: ServerSentEvent(event: "greeting", data: "hello", id: "1")),
            TimedServerSentEvent(offset: 1.5, event: ServerSentEvent(data: #"{"stored":true}"#, id: "2")),
        ]
        let recorded = try HistoryStore(paths: paths).record(exchange)
        let entry = try #require(try HistoryStore(paths: paths).entry(id: recorded.id))
        #expect(entry.response?.events?.count == 2)
        var app = AppHarness(storePaths: paths)
        app.state.show(history: [entry])
        let id = try #require(app.state.sidebarContent.history.keys.first)
        var state = app.state
        app.commands = app.program.sidebarEffect(.openHistoryEntry(id: id), &state)
        app.state = state
        await app.runPerformed()
        #expect(app.state.viewer.tab == .events)
        #expect(app.state.viewer.document?.stream?.eventCount == 2)
        let screen = app.screen().joined(separator: "\n")
        #expect(screen.contains("greeting"))
        #expect(screen.contains(#"{"stored":true}"#))
        #expect(screen.contains("+250 ms"))
        #expect(screen.contains("+1.50 s"))
        app.press("tab", "tab")
        #expect(app.state.focus == .response)
        app.press("g", "enter")
        #expect(app.state.viewer.openedEvent?.event.data == "hello")
        #expect(app.screen().joined(separator: "\n").contains("Event 1 · greeting · id 1"))
        app.press("backspace")
        #expect(app.state.viewer.openedEvent == nil)
    }

    @Test func aStoredEventStreamWithoutTimesIsParsedFromItsBody() throws {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "text/event-stream")
        let response = Response(statusCode: 200, headers: headers, body: Data("event: a\ndata: 1\n\ndata: 2\n\n".utf8))
        let document = ResponseDocument.make(from: response)
        let events = try #require(document.stream?.events)
        #expect(events.map(\.name) == ["a", "message"])
        #expect(events.allSatisfy { $0.offset == nil })
    }
}
