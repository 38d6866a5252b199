import Foundation
import RequestKit
import Testing
import TUICore
import TUITesting
@testable import Explorer

/// The viewer with a body that is still arriving: follow mode, the Events tab, JSON lines and the bounded windows.
@Suite struct StreamViewerTests {
    typealias F = ResponseFixtures

    /// A viewer showing the head of a stream of `contentType`, laid out at 80×24.
    static func streaming(_ contentType: String) -> ResponseViewerState {
        var viewer = ResponseViewerState()
        viewer.setViewport(for: Rect(x: 0, y: 0, width: 80, height: 24))
        let document = ResponseDocument.streaming(statusCode: 200, reason: "OK", httpVersion: "HTTP/1.1",
                                                  headers: [HTTPHeader(name: "Content-Type", value: contentType)],
                                                  body: StreamedBody(kind: StreamKind(contentType: contentType)))
        viewer.startStream(document, progress: ResponseProgress(elapsed: 0.5))
        return viewer
    }

    /// Event `n` as the server sends it and as the parser hands it over.
    static func event(_ n: Int) -> (bytes: [UInt8], event: StreamedEvent) {
        let data = #"{"n":\#(n),"text":"event \#(n)"}"#
        return (Array("id: \(n)\nevent: tick\ndata: \(data)\n\n".utf8), StreamedEvent(offset: Double(n) / 10, name: "tick", id: "\(n)", data: data))
    }

    /// Feeds events `range` to the viewer in one batch.
    static func feed(_ viewer: inout ResponseViewerState, _ range: ClosedRange<Int>) {
        let events = range.map(event)
        viewer.receiveStream(events.flatMap(\.bytes), events: events.map(\.event), eventTotal: range.upperBound,
                             progress: ResponseProgress(elapsed: 1.5, bytesReceived: 100))
    }

    @Test func statusLineSaysStreamingWithBytesAndEvents() {
        var viewer = Self.streaming("text/event-stream")
        Self.feed(&viewer, 1...3)
        let status = F.render(viewer).text(row: 1)
        #expect(status.contains("Streaming"))
        #expect(status.contains("200 OK"))
        #expect(status.contains("3 events"))
        #expect(status.contains("↓ \(ResponseFormatting.size(viewer.document?.stream?.totalBytes ?? 0))"))
    }

    @Test func eventStreamOpensOnTheEventsTabWithOneRowPerEvent() {
        var viewer = Self.streaming("text/event-stream; charset=utf-8")
        #expect(viewer.tab == .events)
        Self.feed(&viewer, 1...3)
        let rows = F.contentRows(F.render(viewer))
        #expect(rows[0].hasPrefix("Time"))
        #expect(rows[1].contains("tick") && rows[1].contains(#"{"n":1,"text":"event 1"}"#))
        #expect(rows[3].contains("+300 ms"))
        #expect(rows.count == 4)
        #expect(F.render(viewer).text(row: 2).contains("Events 3"))
    }

    @Test func enterOpensTheSelectedEventPrettyPrintedAndBackspaceGoesBack() {
        var viewer = Self.streaming("text/event-stream")
        Self.feed(&viewer, 1...3)
        #expect(viewer.selectedEvent == 2)
        _ = viewer.apply(.scrollUp(1))
        _ = viewer.apply(.openEvent)
        let rows = F.contentRows(F.render(viewer))
        #expect(rows[0].contains("Event 2 · tick · id 2"))
        #expect(rows.contains(#"  "n": 2,"#))
        #expect(rows.contains(#"  "text": "event 2""#))
        _ = viewer.apply(.closeEvent)
        #expect(F.contentRows(F.render(viewer))[0].hasPrefix("Time"))
    }

    @Test func eventDataIsSanitizedOnOneLine() {
        var viewer = Self.streaming("text/event-stream")
        let hostile = StreamedEvent(offset: 0.1, name: "x\u{1B}[2J", id: nil, data: "line one\nline two \u{1B}]52;c;AAAA\u{07}")
        viewer.receiveStream(Array("data: x\n\n".utf8), events: [hostile], eventTotal: 1)
        let screen = F.render(viewer)
        let rows = F.contentRows(screen)
        #expect(rows[1].contains("line one line two ␛]52;c;AAAA␇"))
        #expect(rows[1].contains("x␛[2J"))
        #expect(!(0..<screen.height).contains { screen.text(row: $0).contains("\u{1B}") })
    }

    @Test func bodyFollowsTheEndUntilScrolledUpAndGResumes() {
        var viewer = Self.streaming("text/plain")
        #expect(viewer.tab == .body)
        viewer.receiveStream(Array((1...100).map { "line \($0)\n" }.joined().utf8))
        #expect(viewer.following)
        #expect(F.contentRows(F.render(viewer)).last == "line 100")
        _ = viewer.apply(.scrollUp(5))
        #expect(!viewer.following)
        viewer.receiveStream(Array((101...110).map { "line \($0)\n" }.joined().utf8))
        #expect(F.contentRows(F.render(viewer)).last == "line 95")
        _ = viewer.apply(.bottom)
        #expect(viewer.following)
        viewer.receiveStream(Array("line 111\n".utf8))
        #expect(F.contentRows(F.render(viewer)).last == "line 111")
        #expect(F.render(viewer).text(row: 2).contains("following"))
    }

    @Test func eventsListFollowsTheLastEventUntilTheSelectionMovesUp() {
        var viewer = Self.streaming("text/event-stream")
        Self.feed(&viewer, 1...40)
        #expect(F.contentRows(F.render(viewer)).last?.contains("event 40") == true)
        _ = viewer.apply(.pageUp)
        #expect(!viewer.following)
        Self.feed(&viewer, 41...45)
        #expect(F.contentRows(F.render(viewer)).last?.contains("event 40") == false)
        _ = viewer.apply(.bottom)
        Self.feed(&viewer, 46...46)
        #expect(F.contentRows(F.render(viewer)).last?.contains("event 46") == true)
        #expect(viewer.document?.stream?.eventCount == 46)
    }

    @Test func jsonLinesShowOnePrettyValuePerLineAsTheyArrive() {
        var viewer = Self.streaming("application/x-ndjson")
        viewer.receiveStream(Array(#"{"a":1,"b":[true]}"#.utf8) + [0x0A] + Array(#"{"a":"#.utf8))
        var rows = F.contentRows(F.render(viewer))
        #expect(rows.contains(#"  "a": 1,"#))
        #expect(rows.last == #"{"a":"#)
        viewer.receiveStream(Array("2}\nnot json\n".utf8))
        rows = F.contentRows(F.render(viewer))
        #expect(rows.contains(#"  "a": 2"#))
        #expect(rows.last == "not json")
        #expect(F.render(viewer).text(row: 1).contains("3 values"))
    }

    @Test func anEndlessStreamKeepsABoundedWindowAndSaysWhatWasDropped() {
        var viewer = Self.streaming("text/event-stream")
        let chunk = Array(String(repeating: "data: \(String(repeating: "x", count: 90))\n\n", count: 10_000).utf8)
        let events = (0..<10_000).map { StreamedEvent(offset: 0, data: String(repeating: "x", count: 90 + $0 % 2)) }
        var total = 0
        for _ in 0..<10 {
            total += events.count
            viewer.receiveStream(chunk, events: events, eventTotal: total)
        }
        let stream = viewer.document?.stream
        #expect(stream?.eventCount == 100_000)
        #expect(stream?.events.count == StreamedBody.eventLimit)
        #expect(stream?.totalBytes == Int64(chunk.count * 10))
        #expect((stream?.keptBytes.count ?? .max) <= StreamedBody.textLimit)
        viewer.setViewport(for: Rect(x: 0, y: 0, width: 120, height: 40))
        let status = F.render(viewer, width: 120, height: 40).text(row: 1)
        #expect(status.contains("100,000 events"))
        #expect(status.contains("(not kept: 90,000 events, \(ResponseFormatting.size(stream?.droppedBytes ?? 0)))"))
        #expect((stream?.droppedBytes ?? 0) > 0)
    }

    @Test func finishingKeepsWhatCameAndSaysWhenItWasStopped() {
        var viewer = Self.streaming("text/event-stream")
        Self.feed(&viewer, 1...2)
        viewer.finishStream(timings: Timings(total: 2.5), stopped: true)
        #expect(!viewer.isStreaming)
        let status = F.render(viewer).text(row: 1)
        #expect(status.contains("2 events"))
        #expect(status.contains("stopped"))
        #expect(F.contentRows(F.render(viewer)).count == 3)
    }

    @Test func aProgressTickKeepsTheStreamView() {
        var viewer = Self.streaming("text/event-stream")
        viewer.updateProgress(ResponseProgress(elapsed: 3, bytesReceived: 10))
        #expect(viewer.isStreaming)
        #expect(F.render(viewer).text(row: 1).contains("Streaming"))
    }

    @Test func aBodyCutAtTheSizeLimitSaysSoAboveItsFirstLine() {
        var response = F.response("partial text", contentType: "text/plain")
        response.droppedBodyBytes = 2048
        let viewer = F.viewer(response)
        let rows = F.contentRows(F.render(viewer))
        #expect(rows.first?.contains("Only the first 12 B of this 2.0 KiB body were kept") == true)
        #expect(rows.contains("partial text"))
    }

    @Test func eventsTabIsOnlyForEventStreams() {
        var viewer = Self.streaming("text/plain")
        _ = viewer.apply(.selectTab(.events))
        #expect(viewer.tab == .body)
        #expect(!F.render(viewer).text(row: 2).contains("Events"))
    }

    @Test(arguments: [(80, 24), (120, 40)])
    func eventsSnapshot(width: Int, height: Int) throws {
        var viewer = ResponseViewerState()
        viewer.setViewport(for: Rect(x: 0, y: 0, width: width, height: height))
        let document = ResponseDocument.streaming(statusCode: 200, reason: "OK", httpVersion: "HTTP/1.1",
                                                  headers: [HTTPHeader(name: "Content-Type", value: "text/event-stream")],
                                                  body: StreamedBody(kind: .serverSentEvents))
        viewer.startStream(document, progress: ResponseProgress(elapsed: 1.25, bytesReceived: 2048))
        Self.feed(&viewer, 1...50)
        try Snapshot.assert(F.render(viewer, width: width, height: height), named: "stream-events-\(width)x\(height)")
    }
}
