import BodyIndex
import Foundation
import RequestKit
import Testing
import TUICore
@testable import Explorer

/// The line index of a JSON body built while the body arrives: chunk by chunk it must end with exactly the lines of
/// the whole-body index, and every partial index must be a prefix of them.
@Suite struct ArrivingJSONIndexTests {
    /// A body with what splits badly: escapes, `\u` sequences, multi-byte UTF-8, numbers with fractions and
    /// exponents, literals, empty and nested containers, whitespace of every kind and a line long enough to be cut.
    static let awkwardBody: [UInt8] = {
        var text = "  {\"name\": \"caf\u{E9} \u{1F426} \\\"quoted\\\" \\\\ back\\/slash \\u00e9\\ud83d\\ude00\",\r\n"
        text += "\t\"numbers\": [0, -12.5e+3, 1E-7, 3.14159, -0, 12345678901234567890],\n"
        text += " \"flags\": [true, false, null], \"empty\": {}, \"none\": [],\n"
        text += " \"nested\": [[[{\"deep\": [1, {\"k\": \"v\"}]}]]],\n"
        text += " \"long\": \"" + String(repeating: "\u{444}x", count: 900) + "\",\n"
        text += " \"items\": [" + (0..<40).map { "{\"id\": \($0), \"label\": \"\u{65E5}\u{672C} \($0)\"}" }.joined(separator: ",") + "]\n"
        text += "}  \n"
        return Array(text.utf8)
    }()

    /// Splits `body` into chunks whose sizes cycle through `sizes`.
    static func chunks(_ body: [UInt8], sizes: [Int]) -> [[UInt8]] {
        var result: [[UInt8]] = []
        var start = 0
        var step = 0
        while start < body.count {
            let end = min(body.count, start + sizes[step % sizes.count])
            result.append(Array(body[start..<end]))
            start = end
            step += 1
        }
        return result
    }

    @Test(arguments: [[1], [2], [3], [5, 1, 7], [13], [64], [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]])
    func chunkedArrivalEndsWithTheLinesOfTheWholeBodyIndex(sizes: [Int]) throws {
        let body = Self.awkwardBody
        let maximumLineBytes = 512
        let whole = try JSONLineIndexer.index(body, maximumLineBytes: maximumLineBytes).get()
        let wholeLines = JSONLineIndexTests.lines(whole)
        var indexer = JSONLineIndexer.arriving(maximumLineBytes: maximumLineBytes)
        var lineCounts: [Int] = []
        for chunk in Self.chunks(body, sizes: sizes) {
            indexer.appendArrived(chunk)
            let complete = try indexer.advance(lines: .max)
            #expect(!complete, "the index is never complete before the body has ended")
            let partial = indexer.index
            lineCounts.append(partial.lineCount)
            #expect(Array(wholeLines.prefix(partial.lineCount)) == JSONLineIndexTests.lines(partial))
        }
        #expect(lineCounts == lineCounts.sorted(), "the line count only grows")
        #expect(lineCounts.last ?? 0 < wholeLines.count, "the last line waits for the end of the body")
        indexer.endArrival()
        #expect(try indexer.advance(lines: .max))
        let final = indexer.index
        #expect(JSONLineIndexTests.lines(final) == wholeLines)
        #expect(final.continuations == whole.continuations)
        #expect(final.continuationStates == whole.continuationStates)
        #expect(final == whole)
    }

    @Test func aBodyThatBreaksTheGrammarPartWayStopsWithTheScannersError() throws {
        let body = Array(#"{"a": [1, 2, 3], "b": tru, "c": 4}"#.utf8)
        var indexer = JSONLineIndexer.arriving()
        indexer.appendArrived(Array(body[..<22]))
        _ = try indexer.advance(lines: .max)
        #expect(indexer.index.lineCount > 0)
        indexer.appendArrived(Array(body[22...]))
        #expect(throws: JSONSyntaxError.self) { _ = try indexer.advance(lines: .max) }
    }

    @Test(arguments: ["[1,2", "{\"a\":tru}", "[fals]", "[nul]", "\"\\u12G4\"", "[-]", "[1.]", "[1e]", "[01]", "{\"a\" 1}",
                      "[1]]", "{}{}", "[\"a\u{01}b\"]", "[\"bad \\q escape\"]", "{\"k\": [1, 2,]}", "  "])
    func anInvalidBodyArrivingByteByByteFailsWithTheErrorOfTheWholeBody(text: String) throws {
        let body = Array(text.utf8)
        guard case .failure(let expected) = JSONLineIndexer.index(body) else {
            Issue.record("\(text) is valid JSON")
            return
        }
        var indexer = JSONLineIndexer.arriving()
        var found: JSONSyntaxError?
        do {
            for byte in body {
                indexer.appendArrived([byte])
                _ = try indexer.advance(lines: .max)
            }
            indexer.endArrival()
            _ = try indexer.advance(lines: .max)
        } catch {
            found = error
        }
        #expect(found == expected)
    }

    @Test func aBodyThatEndsEarlyFailsOnlyOnceItHasEnded() throws {
        var indexer = JSONLineIndexer.arriving()
        indexer.appendArrived(Array(#"{"a": "unfinished \u00"#.utf8))
        #expect(try indexer.advance(lines: .max) == false)
        indexer.endArrival()
        #expect(throws: JSONSyntaxError.self) { _ = try indexer.advance(lines: .max) }
    }

    @Test func aStreamedJSONBodyShowsFormattedLinesThenTextWhenItTurnsInvalid() {
        var body = StreamedBody(kind: .plain, formatsJSON: true)
        _ = body.append(Array("{\"a\": 1,\n\"b\": [1, 2],".utf8))
        #expect(body.showsFormattedJSON)
        guard case .json(let index) = body.bodyParts().first?.lines else {
            Issue.record("the Body tab does not show JSON lines")
            return
        }
        #expect(JSONLineIndexTests.lines(index) == ["{", #"  "a": 1,"#, #"  "b": ["#, "    1,", "    2"])
        let dropped = body.append(Array(" oops".utf8))
        #expect(!body.showsFormattedJSON)
        #expect(dropped.bodyLines == Int.max, "the Body tab starts again from the top")
        let parts = body.bodyParts()
        #expect(parts.count == 2)
        #expect(String(decoding: parts[0].lines.bytes(of: 0), as: UTF8.self).hasPrefix("Not valid JSON"))
    }

    @Test func aTransferThatEndsEarlyKeepsTheLinesThatCameWithANote() {
        var body = StreamedBody(kind: .plain, formatsJSON: true)
        _ = body.append(Array("[1, 2, 3,".utf8))
        _ = body.finish(stopped: true)
        #expect(body.json?.state == .endedEarly)
        let parts = body.bodyParts()
        #expect(parts.count == 2)
        #expect(parts[0].lines.count == 3)
        #expect(String(decoding: parts[1].lines.bytes(of: 0), as: UTF8.self).contains("ended before the JSON did"))
    }

    @Test func aBodyPastTheLimitStopsBeingHeldAndWaitsForTheWholeBody() {
        var body = StreamedBody(kind: .plain, formatsJSON: true, jsonLimit: 12)
        _ = body.append(Array("[1, 2, 3,".utf8))
        #expect(body.json?.state == .formatting)
        _ = body.append(Array("4, 5]".utf8))
        #expect(body.json?.state == .incomplete, "14 bytes are past the 12-byte limit")
        #expect(body.json?.bytes.count == 9, "the bytes past the limit are not held")
        let parts = body.bodyParts()
        #expect(parts.count == 2)
        #expect(String(decoding: parts[1].lines.bytes(of: 0), as: UTF8.self).contains("formatted once it has all come"))
    }

    @Test func aGapInTheBytesKeepsTheLinesSoFarAndWaitsForTheWholeBody() {
        var body = StreamedBody(kind: .plain, formatsJSON: true)
        _ = body.append(Array("[1, 2, 3,".utf8))
        _ = body.append(Array("4, 5]".utf8), skipped: 100)
        #expect(body.json?.state == .incomplete)
        #expect(body.json?.coversWholeBody == false)
        let parts = body.bodyParts()
        #expect(parts.count == 2)
        #expect(parts[0].lines.count == 3)
    }
}

/// The viewer with a JSON body that is still arriving: pretty lines from the first batch, and the whole response
/// taking over from them without moving the view.
@Suite struct ArrivingJSONViewerTests {
    typealias F = ResponseFixtures

    /// A body of `count` items of two fields (four pretty lines each).
    static func body(items count: Int) -> [UInt8] {
        Array(("{\"items\": [" + (0..<count).map { "{\"id\": \($0), \"name\": \"item \($0)\"}" }.joined(separator: ",") + "]}").utf8)
    }

    /// A viewer at 80×24 showing the head of a JSON response whose body is arriving.
    static func streaming() -> ResponseViewerState {
        var viewer = ResponseViewerState()
        viewer.setViewport(for: Rect(x: 0, y: 0, width: 80, height: 24))
        let document = ResponseDocument.streaming(statusCode: 200, reason: "OK", httpVersion: "HTTP/1.1",
                                                  headers: [HTTPHeader(name: "Content-Type", value: "application/json; charset=utf-8")],
                                                  body: StreamedBody(kind: .plain))
        viewer.startStream(document, progress: ResponseProgress(elapsed: 0.5))
        return viewer
    }

    @Test func theFirstBatchIsDrawnPrettyPrintedAndTheCountGrowsWithEachBatch() {
        let body = Self.body(items: 200)
        var viewer = Self.streaming()
        viewer.receiveStream(Array(body[..<300]), progress: ResponseProgress(elapsed: 0.6, bytesReceived: 300))
        let first = viewer.text(for: .body).lineCount
        let rows = F.contentRows(F.render(viewer))
        #expect(rows.first == "{")
        #expect(rows.dropFirst().first == #"  "items": ["#)
        #expect(rows.contains(#"      "id": 0,"#))
        #expect(F.render(viewer).text(row: 1).contains("Streaming"))
        #expect(!viewer.following, "a JSON body is shown from its first line")
        viewer.receiveStream(Array(body[300...]), progress: ResponseProgress(elapsed: 0.7, bytesReceived: Int64(body.count)))
        #expect(viewer.text(for: .body).lineCount > first)
        #expect(F.contentRows(F.render(viewer)).first == "{", "the view stays on the first screen")
    }

    @Test func theWholeResponseTakesOverTheIndexAndKeepsTheCursorAndScroll() throws {
        let body = Self.body(items: 200)
        var viewer = Self.streaming()
        // The app hands over no last batch of such a body: the whole response brings the bytes the screen never took.
        let shown = body.count - 150
        for start in stride(from: 0, to: shown, by: 97) {
            viewer.receiveStream(Array(body[start..<min(shown, start + 97)]))
        }
        _ = viewer.apply(.pageDown)
        _ = viewer.apply(.scrollDown(3))
        let cursor = viewer.navigation.cursor
        let scroll = viewer.scroll[.body]
        #expect(cursor > 20)
        let streamed = try #require(viewer.document)
        let response = F.response(bytes: body, contentType: "application/json; charset=utf-8")
        let whole = ResponseDocument.make(from: response, streamed: streamed, firstLines: ResponseDocument.firstScreenLines)
        #expect(whole.continuesStream)
        #expect(whole.keepsArrivedIndex, "the index built while the body arrived covers it: nothing is indexed again")
        #expect(!whole.isIndexing)
        #expect(whole.stream == nil)
        viewer.startFormatting()
        viewer.show(whole)
        #expect(viewer.navigation.cursor == cursor)
        #expect(viewer.scroll[.body] == scroll)
        let expected = try JSONLineIndexer.index(body).get()
        guard case .json(let index) = viewer.document?.bodyText.parts.first?.lines else {
            Issue.record("the whole response is not shown as JSON lines")
            return
        }
        #expect(index == expected)
    }

    @Test func aResponseThatDiffersFromWhatArrivedIsIndexedAgain() throws {
        let body = Self.body(items: 20)
        var viewer = Self.streaming()
        viewer.receiveStream(Array(body[..<100]))
        viewer.receiveStream(Array(body[100...]), skipped: 40)
        let streamed = try #require(viewer.document)
        let whole = ResponseDocument.make(from: F.response(bytes: body), streamed: streamed, firstLines: ResponseDocument.firstScreenLines)
        #expect(whole.continuesStream, "the lines shown are still the first lines of the whole body")
        #expect(!whole.keepsArrivedIndex, "an index with a gap is not taken over")
        guard case .json(let index) = whole.bodyText.parts.first?.lines else {
            Issue.record("the whole response is not shown as JSON lines")
            return
        }
        #expect(index == (try JSONLineIndexer.index(body).get()))
    }

    @Test func searchAndAShellFilterWorkOnWhatHasArrived() async {
        let body = Self.body(items: 50)
        var viewer = Self.streaming()
        viewer.receiveStream(Array(body[..<400]))
        ViewerSearchTests.type("item 4", into: &viewer)
        ViewerSearchTests.finish(&viewer)
        let early = viewer.search.matches.count
        #expect(early == 1, "only item 4 has come whole")
        viewer.receiveStream(Array(body[400...]))
        _ = viewer.apply(.commitLine)
        ViewerSearchTests.type("item 4", into: &viewer)
        ViewerSearchTests.finish(&viewer)
        #expect(ViewerSearchTests.matched(viewer).count == 11)
        await ViewerFilterTests.filter("| wc -c", in: &viewer)
        #expect(ViewerFilterTests.bodyLines(viewer).contains { $0.trimmingCharacters(in: .whitespaces) == "\(body.count)" })
    }

    @Test func aValueOrFoldWhoseEndHasNotArrivedWaitsAndAClosedOneWorks() {
        let body = Self.body(items: 20)
        var viewer = Self.streaming()
        viewer.receiveStream(Array(body[..<200]))
        #expect(viewer.apply(.copyValue) == .notify("This value is still arriving; copy it once it has all come."))
        #expect(viewer.apply(.toggleFold) == .notify("This object or array is still arriving; fold it once it has all come."))
        _ = viewer.apply(.scrollDown(2))
        #expect(viewer.navigation.cursor == 2)
        #expect(viewer.apply(.copyValue) == .copyToClipboard(text: #"{"id":0,"name":"item 0"}"#, what: "value"))
        #expect(viewer.apply(.toggleFold) == nil)
        #expect(F.contentRows(F.render(viewer)).contains { $0.contains("{…}") })
    }

    @Test func aBatchIsIndexedOnlySoFarOnTheUIThreadAndTheWholeResponseIndexesTheRest() throws {
        let count = StreamedJSON.linesPerBatch + 5_000
        let body = Array(("[" + (0..<count).map(String.init).joined(separator: ",") + "]").utf8)
        var viewer = Self.streaming()
        viewer.receiveStream(Array(body.dropLast(10)))
        let shown = viewer.text(for: .body).lineCount
        #expect(shown <= StreamedJSON.linesPerBatch + 1, "one batch indexes at most \(StreamedJSON.linesPerBatch) lines (\(shown))")
        #expect(shown >= StreamedJSON.linesPerBatch - 1)
        viewer.receiveStream(Array(body.suffix(10)))
        #expect(viewer.text(for: .body).lineCount > shown, "the next batch goes on from there")
        let response = Response(statusCode: 200, reason: "OK", headers: HTTPHeaders([HTTPHeader(name: "Content-Type", value: "application/json")]),
                                body: Data(body))
        let whole = ResponseDocument.make(from: response, streamed: viewer.document, firstLines: ResponseDocument.firstScreenLines)
        #expect(whole.keepsArrivedIndex, "the index built while the body arrived is taken over")
        #expect(whole.bodyText.lineCount == count + 2)
    }

    @Test func aBodyThatIsNotJSONAfterAllIsShownAsTextWithTheError() {
        var viewer = Self.streaming()
        viewer.receiveStream(Array(#"{"a": [1, 2], "b": <html>"#.utf8))
        let rows = F.contentRows(F.render(viewer))
        #expect(rows.first?.hasPrefix("Not valid JSON") == true)
        #expect(rows.contains { $0.contains("<html>") })
        if case .invalidJSON = viewer.document?.bodyKind {} else { Issue.record("the body is not marked invalid JSON") }
    }
}

/// A body of another type that starts like JSON: pretty-printed as it arrives, and plain text if it is not JSON after all.
@Suite struct SniffedArrivingJSONTests {
    typealias F = ResponseFixtures

    /// A viewer at 80×24 showing the head of a response of `contentType` whose body is arriving.
    static func streaming(contentType: String?) -> ResponseViewerState {
        var viewer = ResponseViewerState()
        viewer.setViewport(for: Rect(x: 0, y: 0, width: 80, height: 24))
        let headers = contentType.map { [HTTPHeader(name: "Content-Type", value: $0)] } ?? []
        viewer.startStream(ResponseDocument.streaming(statusCode: 200, reason: "OK", httpVersion: "HTTP/1.1", headers: headers,
                                                      body: StreamedBody(kind: .plain)), progress: ResponseProgress(elapsed: 0.5))
        return viewer
    }

    @Test(arguments: [nil, "text/plain", "application/octet-stream"])
    func aBodyStartingLikeJSONIsPrettyPrintedFromItsFirstBatch(contentType: String?) {
        var viewer = Self.streaming(contentType: contentType)
        viewer.receiveStream(Array(ArrivingJSONViewerTests.body(items: 50)[..<200]))
        let rows = F.contentRows(F.render(viewer))
        #expect(rows.first == "{")
        #expect(rows.dropFirst().first == #"  "items": ["#)
        #expect(viewer.document?.bodyKind == .json)
        #expect(!viewer.following, "shown from its first line, as a body declared JSON is")
    }

    @Test func aBodyThatStartsLikeJSONButIsNotIsTextWithoutAWarning() {
        var viewer = Self.streaming(contentType: "text/plain")
        viewer.receiveStream(Array("[ this is a note, not JSON ]\nsecond line".utf8))
        let rows = F.contentRows(F.render(viewer))
        #expect(rows.first == "[ this is a note, not JSON ]")
        #expect(rows.dropFirst().first == "second line")
        #expect(!rows.contains { $0.hasPrefix("Not valid JSON") })
        #expect(viewer.document?.bodyKind == .text)
    }

    @Test func aBodyWhoseFirstBatchIsNotLikeJSONStaysTextWhateverFollows() {
        var viewer = Self.streaming(contentType: nil)
        viewer.receiveStream(Array("plain ".utf8))
        viewer.receiveStream(Array("{\"a\": 1}".utf8))
        #expect(F.contentRows(F.render(viewer)).first == #"plain {"a": 1}"#)
        #expect(viewer.document?.bodyKind == .text)
    }
}

/// A hostile body arriving: a number that never ends is not read again from its start with every batch.
@Suite struct ArrivingJSONHostileTests {
    @Test func aNumberLongerThanAnyRealOneStopsTheFormattingInsteadOfWaiting() {
        var body = StreamedBody(kind: .plain, formatsJSON: true)
        _ = body.append(Array("[1, ".utf8))
        let digits = [UInt8](repeating: UInt8(ascii: "7"), count: 4096)
        var batches = 0
        while case .formatting? = body.json?.state, batches < 64 {
            _ = body.append(digits)
            batches += 1
        }
        #expect(batches == JSONFastTokens.longestWaitingToken / 4096 + 1, "the formatting stops once the number passes the longest that waits")
        guard case .invalid? = body.json?.state else {
            Issue.record("a never-ending number should stop the formatting, not \(String(describing: body.json?.state))")
            return
        }
    }
}
