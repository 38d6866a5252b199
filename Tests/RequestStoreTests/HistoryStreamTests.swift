import Foundation
import Testing
import RequestKit
@testable import RequestStore
import TestSupport

/// Streamed exchanges in the history: events with their times, bounds, partial bodies, and older entries.
@Suite("History of streamed responses")
struct HistoryStreamTests {
    private func store(_ folder: TemporaryFolder, settings: HistorySettings = HistorySettings()) -> HistoryStore {
        HistoryStore(paths: StorePaths(dataDirectory: folder.file("data"), configDirectory: folder.file("config")), settings: settings)
    }

    private func streamed(body: String, dropped: Int64 = 0, stopped: Bool = false, events: [TimedServerSentEvent]) -> HistoryExchange {
        var exchange = HistoryExchange(
            method: .get, url: "http://h/events",
            response: Response(statusCode: 200, reason: "OK", headers: ["Content-Type": "text/event-stream"], body: Data(body.utf8),
                               droppedBodyBytes: dropped, stoppedEarly: stopped))
        exchange.events = events
        return exchange
    }

    @Test("events are stored with their times and read back")
    func eventsRoundTrip() throws {
        let folder = try TemporaryFolder()
        let history = store(folder)
        let events = [
            TimedServerSentEvent(offset: 0.0123456789, event: ServerSentEvent(event: "greeting", data: "hello", id: "1", retry: 3000)),
            TimedServerSentEvent(offset: 1.5, event: ServerSentEvent(data: "{\"n\": 2}", id: "1", truncated: true)),
        ]
        try history.record(streamed(body: "id: 1\nevent: greeting\ndata: hello\n\n", stopped: true, events: events))
        let entry = try #require(try history.query(HistoryQuery()).entries.first)
        let response = try #require(entry.response)
        #expect(response.stoppedEarly == true)
        #expect(response.events == [
            HistoryEvent(offset: 0.012346, event: "greeting", id: "1", data: "hello", retry: 3000),
            HistoryEvent(offset: 1.5, event: "message", id: "1", data: "{\"n\": 2}", truncated: true),
        ])
        #expect(response.events?.map(\.timed.event) == [events[0].event, events[1].event])
        #expect(response.eventsNote == nil)
        let line = try String(contentsOfFile: folder.file("data") + "/history.jsonl", encoding: .utf8)
        #expect(line.contains(#""events":[{"t":0.012346,"event":"greeting","id":"1","data":"hello","retry":3000}"#))
    }

    @Test("events past the limits are left out with a note, and their data is redacted")
    func eventsAreBounded() throws {
        let folder = try TemporaryFolder()
        var settings = HistorySettings()
        settings.eventLimit = 3
        let history = store(folder, settings: settings)
        let events = (0..<5).map { TimedServerSentEvent(offset: Double($0), event: ServerSentEvent(data: "token s3cret-value \($0)")) }
        var exchange = streamed(body: "", events: events)
        exchange.secrets = ["s3cret-value"]
        try history.record(exchange)
        let response = try #require(try history.query(HistoryQuery()).entries.first?.response)
        #expect(response.events?.count == 3)
        #expect(response.events?.first?.data == "token [redacted] 0")
        #expect(response.eventsNote?.contains("the first 3 of 5 events") == true)
    }

    @Test("a body kept only in part says so and the size counts every byte")
    func partialBody() throws {
        let folder = try TemporaryFolder()
        let history = store(folder)
        try history.record(streamed(body: "data: a\n\n", dropped: 1000, events: []))
        let entry = try #require(try history.query(HistoryQuery()).entries.first)
        #expect(entry.size == 1009)
        #expect(entry.response?.body == "data: a\n\n")
        #expect(entry.response?.bodyNote == "streamed body of 1009 bytes; only its first 9 bytes were kept")
        #expect(entry.response?.events == nil)
        #expect(entry.response?.stoppedEarly == nil)
    }

    @Test("an entry written before events existed is read as before")
    func olderEntriesStillRead() throws {
        let folder = try TemporaryFolder()
        let history = store(folder)
        try FileManager.default.createDirectory(atPath: folder.file("data"), withIntermediateDirectories: true)
        let old = #"{"id":"mfx3k2p1-7q2c","time":1700000000000,"method":"GET","url":"http://h/","status":200,"reason":"OK","durationMs":12.5,"size":2,"request":{"headers":[],"bodySize":0},"response":{"httpVersion":"HTTP/1.1","headers":[],"timings":{"dns":0,"connect":0,"tls":0,"firstByte":0,"download":0,"total":0.0125},"body":"ok"}}"# + "\n"
        try Data(old.utf8).write(to: URL(fileURLWithPath: folder.file("data") + "/history.jsonl"))
        let entry = try #require(try history.query(HistoryQuery()).entries.first)
        #expect(entry.response?.body == "ok")
        #expect(entry.response?.events == nil)
        #expect(entry.response?.stoppedEarly == nil)
    }
}
