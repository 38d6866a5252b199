import Foundation
import RequestKit
import Testing

/// The `text/event-stream` parser against the EventSource parsing rules, whole and split into every chunking.
@Suite struct ServerSentEventParserTests {
    /// Parses a whole stream given as one chunk.
    private func parse(_ text: String, limits: ServerSentEventParser.Limits = .init()) -> [ServerSentEvent] {
        var parser = ServerSentEventParser(limits: limits)
        return parser.feed(Array(text.utf8))
    }

    /// Parses the bytes fed in pieces of `size` bytes.
    private func parse(_ bytes: [UInt8], pieces size: Int) -> [ServerSentEvent] {
        var parser = ServerSentEventParser()
        var events: [ServerSentEvent] = []
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + size)
            events += parser.feed(bytes[start..<end])
            start = end
        }
        return events
    }

    @Test func fieldsOfOneEvent() {
        let events = parse("event: update\nid: 7\nretry: 2500\ndata: hello\n\n")
        #expect(events == [ServerSentEvent(event: "update", data: "hello", id: "7", retry: 2500)])
    }

    @Test func dataLinesAreJoinedWithLineFeeds() {
        #expect(parse("data: one\ndata:two\ndata:  three\ndata\n\n") == [ServerSentEvent(data: "one\ntwo\n three\n")])
    }

    @Test(arguments: ["\n", "\r", "\r\n"])
    func everyLineEndWorks(_ end: String) {
        let text = ["event: a", "data: 1", "", "data: 2", "data: 3", "", ""].joined(separator: end)
        #expect(parse(text) == [ServerSentEvent(event: "a", data: "1"), ServerSentEvent(data: "2\n3")])
    }

    @Test func commentsAndUnknownFieldsAreIgnored() {
        #expect(parse(": keep-alive\n\n:another\nfoo: bar\ndata: x\n\n") == [ServerSentEvent(data: "x")])
    }

    @Test func anEventWithoutDataIsNotDispatched() {
        var parser = ServerSentEventParser()
        #expect(parser.feed(Array("event: ping\nretry: 10\n\nid: 5\n\n".utf8)).isEmpty)
        #expect(parser.reconnectionTime == 10)
        #expect(parser.lastEventID == "5")
        // The event type of the discarded block does not leak into the next event; the id does carry over.
        #expect(parser.feed(Array("data: next\n\n".utf8)) == [ServerSentEvent(data: "next", id: "5")])
    }

    @Test func idCarriesOverAndAnEmptyIdResetsIt() {
        let events = parse("id: a\ndata: 1\n\ndata: 2\n\nid\ndata: 3\n\n")
        #expect(events.map(\.id) == ["a", "a", nil])
    }

    @Test func idWithNulIsIgnored() {
        #expect(parse("id: good\ndata: 1\n\nid: b\u{0}d\ndata: 2\n\n").map(\.id) == ["good", "good"])
    }

    @Test(arguments: ["retry: 12a", "retry: -1", "retry:", "retry: 1 ", "retry: 99999999999"])
    func invalidRetryIsIgnored(_ line: String) {
        var parser = ServerSentEventParser()
        let events = parser.feed(Array("\(line)\ndata: x\n\n".utf8))
        #expect(events == [ServerSentEvent(data: "x")])
        #expect(parser.reconnectionTime == nil)
    }

    @Test func onlyOneSpaceAfterTheColonIsRemoved() {
        #expect(parse("data:   spaced  \n\n").map(\.data) == ["  spaced  "])
    }

    @Test func aByteOrderMarkAtTheStartIsSkippedOnce() {
        var bytes: [UInt8] = [0xEF, 0xBB, 0xBF]
        bytes += Array("data: a\n\n".utf8)
        bytes += [0xEF, 0xBB, 0xBF]
        bytes += Array("data: b\n\n".utf8)
        let events = parse(bytes, pieces: 1)
        #expect(events.map(\.data) == ["a"])
        // The second mark starts a line, making its field name "\u{FEFF}data", which is unknown.
        #expect(parse(bytes, pieces: 100).map(\.data) == ["a"])
    }

    @Test func aPartialByteOrderMarkIsKeptAsLineBytes() {
        let bytes: [UInt8] = [0xEF, 0xBB] + Array("x\ndata: y\n\n".utf8)
        #expect(parse(bytes, pieces: 1).map(\.data) == ["y"])
    }

    @Test func invalidUTF8IsReplaced() {
        var parser = ServerSentEventParser()
        let events = parser.feed(Array("data: a".utf8) + [0xFF] + Array("b\n\n".utf8))
        #expect(events.map(\.data) == ["a\u{FFFD}b"])
    }

    @Test func anUnfinishedEventIsDroppedAtTheEnd() {
        var parser = ServerSentEventParser()
        #expect(parser.feed(Array("data: done\n\ndata: half".utf8)).map(\.data) == ["done"])
        parser.finish()
        #expect(parser.feed(Array("\n\n".utf8)).isEmpty)
    }

    @Test(arguments: [1, 2, 3, 5, 7, 64])
    func anyChunkingGivesTheSameEvents(_ size: Int) {
        let text = "\u{FEFF}: hi\r\nevent: e\r\nid: 1\r\ndata: {\"a\": [1, 2]}\r\ndata: tail\r\n\r\nretry: 100\rdata: é😀\r\rdata: x\n\n"
        let whole = parse(text)
        #expect(whole.count == 3)
        #expect(whole[0] == ServerSentEvent(event: "e", data: "{\"a\": [1, 2]}\ntail", id: "1"))
        #expect(whole[1] == ServerSentEvent(data: "é😀", id: "1", retry: 100))
        #expect(parse(Array(text.utf8), pieces: size) == whole)
    }

    @Test func aCRAtTheEndOfAChunkAndLFAtTheStartOfTheNextAreOneLineEnd() {
        var parser = ServerSentEventParser()
        var events = parser.feed(Array("data: a\r".utf8))
        events += parser.feed(Array("\ndata: b\r\n\r".utf8))
        events += parser.feed(Array("\n".utf8))
        #expect(events == [ServerSentEvent(data: "a\nb")])
    }

    @Test func aLongLineIsCutAndTheEventMarked() {
        var parser = ServerSentEventParser(limits: .init(line: 16, eventData: 1000))
        let long = String(repeating: "x", count: 100)
        let events = parser.feed(Array("data: \(long)\n\ndata: ok\n\n".utf8))
        #expect(events.count == 2)
        #expect(events[0].data == String(repeating: "x", count: 10))
        #expect(events[0].truncated)
        #expect(!events[1].truncated)
        #expect(parser.truncatedEvents == 1)
    }

    @Test func dataPastTheEventLimitIsDropped() {
        var parser = ServerSentEventParser(limits: .init(line: 100, eventData: 8))
        var events: [ServerSentEvent] = []
        for _ in 0..<10_000 { events += parser.feed(Array("data: 0123456789\n".utf8)) }
        events += parser.feed(Array("\n".utf8))
        #expect(events.count == 1)
        #expect(events[0].data == "01234567")
        #expect(events[0].truncated)
    }

    @Test func manySmallEventsKeepTheirOrder() {
        let text = (0..<10_000).map { "id: \($0)\ndata: {\"n\": \($0)}\n\n" }.joined()
        let events = parse(Array(text.utf8), pieces: 4096)
        #expect(events.count == 10_000)
        #expect(events.last == ServerSentEvent(data: "{\"n\": 9999}", id: "9999"))
    }
}
