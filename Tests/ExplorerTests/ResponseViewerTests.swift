import BodyIndex
import Foundation
import RequestKit
import Testing
import TUICore
import TUITesting
@testable import Explorer

/// Rendering, scrolling, tabs, keys, mouse and effects of the response viewer.
@Suite struct ResponseViewerTests {
    typealias F = ResponseFixtures

    /// The first cell position of `text` on screen.
    func position(of text: String, in buffer: Buffer) throws -> Position {
        try #require(ScreenText.position(of: text, in: buffer), "\(text) not on screen:\n\(ScreenText.lines(of: buffer).joined(separator: "\n"))")
    }

    @Test(arguments: [(80, 24), (120, 40)])
    func jsonIsPrettyPrintedInServerOrderWithTokenColors(width: Int, height: Int) throws {
        let area = Rect(x: 0, y: 0, width: width, height: height)
        let buffer = F.render(F.viewer(F.response(F.sampleJSON), area: area), width: width, height: height)
        let rows = F.contentRows(buffer)
        #expect(rows.prefix(3) == ["{", #"  "zeta": "last letter","#, #"  "alpha": 1,"#])
        let zeta = try position(of: #""zeta""#, in: buffer)
        let alpha = try position(of: #""alpha""#, in: buffer)
        #expect(zeta.y < alpha.y)
        let theme = Theme.dark
        #expect(buffer[zeta.x, zeta.y].style.fg == theme[.key])
        let string = try position(of: #""last letter""#, in: buffer)
        #expect(buffer[string.x, string.y].style.fg == theme[.string])
        let number = try position(of: "2.5", in: buffer)
        #expect(buffer[number.x, number.y].style.fg == theme[.number])
        let boolean = try position(of: "true", in: buffer)
        #expect(buffer[boolean.x, boolean.y].style.fg == theme[.boolean])
        let null = try position(of: "null", in: buffer)
        #expect(buffer[null.x, null.y].style.fg == theme[.null])
        #expect(buffer[zeta.x - 2, zeta.y - 1].style.fg == theme[.punctuation], "the opening brace")
    }

    @Test func escapeSequencesAndControlCharactersAreDrawnAsSymbols() throws {
        let body = "clear: \u{1B}[2J bell: \u{07} del: \u{7F} c1: \u{9B}31m tab:\tend"
        for contentType in ["text/plain", "application/json"] {
            var state = F.viewer(F.response(body, contentType: contentType))
            for tab in [ResponseTab.body, .raw] {
                _ = state.apply(.selectTab(tab))
                let buffer = F.render(state)
                for cell in buffer.cells {
                    #expect(!cell.symbol.unicodeScalars.contains { $0.value < 0x20 || ($0.value >= 0x7F && $0.value < 0xA0) },
                            "raw control character \(cell.symbol.unicodeScalars.map(\.value)) in \(contentType) \(tab)")
                }
                #expect(ScreenText.position(of: "␛[2J", in: buffer) != nil)
                #expect(ScreenText.position(of: "␇", in: buffer) != nil)
                #expect(ScreenText.position(of: "␡", in: buffer) != nil)
            }
        }
    }

    @Test func binaryBodiesShowANoticeWithSizeAndType() {
        var bytes = [UInt8](repeating: 0x89, count: 2048)
        bytes[1] = 0
        let buffer = F.render(F.viewer(F.response(bytes: bytes, contentType: "image/png")))
        let rows = F.contentRows(buffer)
        #expect(rows.first == "Binary body: 2.0 KiB of image/png, shown as hex.")
        #expect(rows[1] == "Press s to save it to a file.")
    }

    @Test func emptyBodySaysSo() {
        let buffer = F.render(F.viewer(F.response("", contentType: nil)))
        #expect(F.contentRows(buffer).first == "(empty body)")
    }

    /// A text body of numbered lines.
    func numberedLines(_ count: Int) -> Response {
        F.response((1...count).map { "line \($0)" }.joined(separator: "\n"), contentType: "text/plain")
    }

    @Test func scrollsByLinePageTopAndBottom() {
        var state = F.viewer(numberedLines(100))
        let height = state.viewport.height
        #expect(height == 20)
        #expect(F.contentRows(F.render(state)).first == "line 1")
        _ = state.apply(.scrollDown(1))
        #expect(F.contentRows(F.render(state)).first == "line 2")
        _ = state.apply(.pageDown)
        #expect(F.contentRows(F.render(state)).first == "line \(2 + height - 1)")
        _ = state.apply(.bottom)
        let bottom = F.contentRows(F.render(state))
        #expect(bottom.first == "line \(100 - height + 1)")
        #expect(bottom.last == "line 100")
        _ = state.apply(.scrollDown(5))
        #expect(F.contentRows(F.render(state)).last == "line 100", "cannot scroll past the end")
        _ = state.apply(.pageUp)
        #expect(F.contentRows(F.render(state)).first == "line \(100 - height + 1 - (height - 1))")
        _ = state.apply(.top)
        #expect(F.contentRows(F.render(state)).first == "line 1")
        _ = state.apply(.scrollUp(3))
        #expect(state.position == .top)
    }

    @Test func keysAndTheWheelScroll() {
        var state = F.viewer(numberedLines(50))
        for key in [KeyEvent.char("j"), KeyEvent(.down)] {
            let action = try? #require(state.handle(key: key))
            _ = action.map { state.apply($0) }
        }
        #expect(state.position.line == 2)
        let wheel = state.handle(mouse: MouseEvent(.wheelDown, x: 10, y: 10), in: Rect(x: 0, y: 0, width: 80, height: 24))
        #expect(wheel == .scrollDown(ResponseViewerState.wheelRows))
        #expect(state.handle(mouse: MouseEvent(.wheelDown, x: 90, y: 10), in: Rect(x: 0, y: 0, width: 80, height: 24)) == nil)
        #expect(state.handle(key: .char("G")) == .bottom)
        #expect(state.handle(key: KeyEvent(.char("G"), modifiers: .shift)) == .bottom)
        #expect(state.handle(key: .char("Q")) == nil)
    }

    @Test func longLinesWrapOrScrollSideways() {
        let long = (0..<20).map { "word\($0)" }.joined(separator: "-") + "-END"
        let filler = (1...30).map { "filler \($0)" }.joined(separator: "\n")
        var state = F.viewer(F.response(long + "\nsecond\n" + filler, contentType: "text/plain"))
        #expect(state.wrap)
        let wrapped = F.contentRows(F.render(state))
        #expect(wrapped[0].count == 76)
        #expect(wrapped[1].hasSuffix("-END"))
        #expect(wrapped[2] == "second")
        _ = state.apply(.scrollDown(1))
        #expect(F.contentRows(F.render(state)).first?.hasSuffix("-END") == true, "scrolls by wrapped row")

        _ = state.apply(.toggleWrap)
        #expect(!state.wrap)
        let cut = F.contentRows(F.render(state))
        #expect(cut[0] == String(long.prefix(76)))
        #expect(cut[1] == "second")
        _ = state.apply(.scrollRight(60))
        let shifted = F.contentRows(F.render(state))
        #expect(shifted[0] == String(long.dropFirst(60).prefix(76)))
        _ = state.apply(.scrollLeft(100))
        #expect(state.position.column == 0)
    }

    @Test func wideCharactersWrapWholeAndTabsExpand() {
        let body = String(repeating: "日", count: 50) + "\n\tx"
        let state = F.viewer(F.response(body, contentType: "text/plain"))
        let rows = F.contentRows(F.render(state))
        #expect(rows[0] == String(repeating: "日", count: 38))
        #expect(rows[1] == String(repeating: "日", count: 12))
        #expect(rows[2] == "    x")
    }

    @Test func tabsSwitchByKeyAndClick() throws {
        var state = F.viewer(F.response(F.sampleJSON, extraHeaders: [("Set-Cookie", "a=1"), ("Set-Cookie", "b=2")]))
        #expect(state.tab == .body)
        _ = state.apply(try #require(state.handle(key: .char("2"))))
        #expect(state.tab == .headers)
        _ = state.apply(try #require(state.handle(key: .char("]"))))
        #expect(state.tab == .timing)
        _ = state.apply(.nextTab)
        _ = state.apply(.nextTab)
        #expect(state.tab == .body, "wraps around")
        _ = state.apply(.previousTab)
        #expect(state.tab == .raw)
        let buffer = F.render(state)
        let title = try position(of: "Headers 4", in: buffer)
        let click = state.handle(mouse: MouseEvent(.press(.left), x: title.x + 1, y: title.y), in: buffer.area)
        #expect(click == .selectTab(.headers))
    }

    @Test func headersKeepOrderAndDuplicates() {
        var state = F.viewer(F.response("{}", extraHeaders: [("Set-Cookie", "a=1"), ("X-Trace", "t"), ("Set-Cookie", "b=2")]))
        _ = state.apply(.selectTab(.headers))
        let rows = F.contentRows(F.render(state))
        #expect(rows == [
            "Content-Type:   application/json",
            "Set-Cookie:     a=1",
            "X-Trace:        t",
            "Set-Cookie:     b=2",
            "Content-Length: 2",
        ])
    }

    @Test func rawShowsStatusLineHeadersAndBodyAsReceived() {
        var state = F.viewer(F.response(#"{"b":1,"a":2}"#))
        _ = state.apply(.selectTab(.raw))
        let rows = F.contentRows(F.render(state))
        #expect(rows == ["HTTP/1.1 200 OK", "Content-Type: application/json", "Content-Length: 13", "", #"{"b":1,"a":2}"#])
    }

    @Test func waterfallBarsAreProportionalAndFollowEachOther() {
        let waterfall = TimingWaterfall(Timings(dns: 0.010, connect: 0.020, tls: 0, firstByte: 0.040, download: 0.030, total: 0.100))
        let bars = waterfall.phases.map { waterfall.columns(of: $0, width: 100) }
        #expect(bars == [0..<10, 10..<30, 0..<0, 30..<70, 70..<100])
        let tiny = TimingWaterfall(Timings(dns: 0.0001, firstByte: 1, total: 1))
        #expect(tiny.columns(of: tiny.phases[0], width: 50).count == 1, "a phase that took time gets at least one cell")
    }

    @Test func timingTabDrawsBarsWithMilliseconds() throws {
        var state = F.viewer(F.response("{}"))
        _ = state.apply(.selectTab(.timing))
        let buffer = F.render(state)
        let rows = F.contentRows(buffer)
        #expect(rows[0].hasPrefix("DNS") && rows[0].hasSuffix("10 ms"))
        #expect(rows[3].hasPrefix("Waiting") && rows[3].hasSuffix("100 ms"))
        #expect(rows[5].hasPrefix("Total") && rows[5].hasSuffix("200 ms"))
        let waitingBar = rows[3].filter { $0 == "█" }.count
        let dnsBar = rows[0].filter { $0 == "█" }.count
        #expect(waitingBar >= dnsBar * 9 && waitingBar <= dnsBar * 11)
    }

    @Test(arguments: [(200, ThemeRole.success), (301, .accent), (404, .warning), (503, .error)])
    func statusCodeIsColoredByClass(code: Int, role: ThemeRole) throws {
        let buffer = F.render(F.viewer(F.response("{}", status: code, reason: "Reason")))
        let spot = try position(of: "\(code) Reason", in: buffer)
        #expect(buffer[spot.x, spot.y].style.fg == Theme.dark[role])
        #expect(ScreenText.position(of: "HTTP/1.1", in: buffer) != nil)
        #expect(ScreenText.position(of: "200 ms", in: buffer) != nil)
        #expect(ScreenText.position(of: "2 B", in: buffer) != nil)
    }

    @Test func sendingShowsSpinnerElapsedAndBytesAndKeepsThePreviousBody() {
        var state = F.viewer(F.response(F.sampleJSON))
        state.startSending()
        state.updateProgress(ResponseProgress(elapsed: 1.5, bytesSent: 2048, bytesReceived: 100))
        let buffer = F.render(state)
        let status = ScreenText.lines(of: buffer)[1]
        #expect(status.contains("Sending"))
        #expect(status.contains("1.50 s"))
        #expect(status.contains("↑ 2.0 KiB"))
        #expect(status.contains("↓ 100 B"))
        #expect(F.contentRows(buffer).first == "{")
    }

    @Test func failuresShowTheMessageInTheErrorColor() throws {
        var state = ResponseViewerState()
        state.fail("Could not resolve host api.example.test. Check the URL and your network.")
        let buffer = F.render(state)
        let spot = try position(of: "Could not resolve", in: buffer)
        #expect(buffer[spot.x, spot.y].style.fg == Theme.dark[.error])
    }

    @Test func copyAndSaveProduceEffects() {
        var state = F.viewer(F.response(F.sampleJSON, extraHeaders: [("Content-Disposition", #"attachment; filename="../users.json""#)]))
        #expect(state.apply(.copyBody) == .copyToClipboard(text: F.sampleJSON, what: "body"))
        #expect(state.apply(.copyURL) == .copyToClipboard(text: "https://api.example.test/v1/users?page=2", what: "URL"))
        #expect(state.apply(.copyAsCurl) == .copyRequestAsCurl)
        #expect(state.apply(.saveBody) == .saveBody(body: BodyBytes(F.sampleJSON.utf8), suggestedName: "users.json"))

        var plain = F.viewer(F.response("hello", contentType: "text/plain"))
        guard case .saveBody(_, let name) = plain.apply(.saveBody) else {
            Issue.record("expected a save effect")
            return
        }
        #expect(name == "response.txt")

        var binary = F.viewer(F.response(bytes: [0, 1, 2], contentType: "application/octet-stream"))
        guard case .notify(let message) = binary.apply(.copyBody) else {
            Issue.record("binary bodies are not copied")
            return
        }
        #expect(message.contains("binary"))

        var empty = ResponseViewerState()
        guard case .notify = empty.apply(.copyBody) else {
            Issue.record("nothing to copy before a response")
            return
        }
    }

    @Test func bodiesOverTheClipboardLimitAreNotCopied() {
        let big = "[" + String(repeating: "1,", count: ResponseViewerState.clipboardLimit / 2) + "1]"
        var state = F.viewer(F.response(big))
        guard case .notify(let message) = state.apply(.copyBody) else {
            Issue.record("expected a notice")
            return
        }
        #expect(message.contains("too big"))
    }

    @Test func aLargeDocumentScrollsToTheBottomAndDrawsOnlyItsEnd() {
        let count = 200_000
        var state = F.viewer(numberedLines(count))
        _ = state.apply(.bottom)
        let rows = F.contentRows(F.render(state))
        #expect(rows.last == "line \(count)")
        let bar = ScreenText.lines(of: F.render(state))[2]
        #expect(bar.contains("\(count - state.viewport.height + 1)/\(count)"))
    }
}
