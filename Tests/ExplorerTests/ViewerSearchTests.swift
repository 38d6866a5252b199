import BodyIndex
import Foundation
import RequestKit
import Testing
import TUICore
@testable import Explorer

/// The response viewer's search: smart case, regular expressions, the counter, wrapping, scrolling and cancellation.
@Suite struct ViewerSearchTests {
    typealias F = ResponseFixtures

    /// A viewer showing a plain text body.
    static func viewer(_ body: String, contentType: String = "text/plain", width: Int = 80, height: Int = 24) -> ResponseViewerState {
        F.viewer(F.response(body, contentType: contentType), area: Rect(x: 0, y: 0, width: width, height: height))
    }

    /// Opens the search line and types `text` (with the regex toggle first when `regex`), without running the search.
    static func type(_ text: String, regex: Bool = false, into state: inout ResponseViewerState) {
        _ = state.apply(.openSearch)
        if state.search.isRegex != regex { _ = state.apply(.toggleRegex) }
        for character in text { _ = state.apply(.editLine(KeyEvent(.char(character)))) }
    }

    /// Runs every due chunk of the search, as the app's commands would.
    static func finish(_ state: inout ResponseViewerState) {
        while let job = state.takeSearchJob() { state.receiveSearch(job.run()) }
    }

    /// The matched text of each match.
    static func matched(_ state: ResponseViewerState) -> [String] {
        let text = state.text(for: state.tab)
        return state.search.matches.map { match in
            let (part, index) = text.locate(match.line)
            let (bytes, range) = part.lines.line(index)
            return String(decoding: bytes[(range.lowerBound + match.start)..<(range.lowerBound + match.end)], as: UTF8.self)
        }
    }

    @Test("lower-case text ignores case; a capital makes case count")
    func smartCase() {
        var state = Self.viewer("User one\nuser two\nUSER three\nnobody\n")
        Self.type("user", into: &state)
        Self.finish(&state)
        #expect(Self.matched(state) == ["User", "user", "USER"])
        #expect(state.search.counter == "1/3")
        Self.type("User", into: &state)
        Self.finish(&state)
        #expect(Self.matched(state) == ["User"])
        #expect(state.search.matches == [SearchMatch(line: 0, start: 0, end: 4)])
    }

    @Test("Tab in the line makes the text a regular expression; smart case holds there too")
    func regularExpression() {
        var state = Self.viewer("id 12 and 345\nno digits\nID 6\n")
        Self.type(#"\d+"#, into: &state)
        Self.finish(&state)
        #expect(state.search.matches.isEmpty, "as plain text, \\d+ is not in the body")
        _ = state.apply(.toggleRegex)
        Self.finish(&state)
        #expect(Self.matched(state) == ["12", "345", "6"])
        Self.type(#"id \d"#, regex: true, into: &state)
        Self.finish(&state)
        #expect(Self.matched(state) == ["id 1", "ID 6"])
    }

    @Test("an invalid regular expression says so and searches nothing")
    func invalidRegex() {
        var state = Self.viewer("a(b\n")
        Self.type("a(", regex: true, into: &state)
        #expect(state.search.error?.hasPrefix("Invalid regular expression") == true)
        #expect(state.takeSearchJob() == nil)
        let buffer = F.render(state)
        #expect((0..<buffer.height).contains { buffer.text(row: $0).contains("Invalid regular expression") })
        _ = state.apply(.toggleRegex)
        #expect(state.search.error == nil)
        Self.finish(&state)
        #expect(Self.matched(state) == ["a("])
    }

    @Test("n and N wrap around; the counter follows")
    func wrapAround() {
        var state = Self.viewer((1...5).map { "line \($0) key" }.joined(separator: "\n"))
        Self.type("key", into: &state)
        Self.finish(&state)
        #expect(state.search.counter == "1/5")
        _ = state.apply(.commitLine)
        _ = state.apply(.previousMatch)
        #expect(state.search.counter == "5/5")
        _ = state.apply(.nextMatch)
        #expect(state.search.counter == "1/5")
        _ = state.apply(.nextMatch)
        _ = state.apply(.nextMatch)
        #expect(state.search.counter == "3/5")
        #expect(state.search.matches[state.search.current ?? -1].line == 2)
    }

    @Test("the counter shows … while counting and ≥ when capped")
    func counter() throws {
        var state = Self.viewer(String(repeating: "x", count: 20_000) + "\n")
        Self.type("x", into: &state)
        let jobJob = state.takeSearchJob()
        let job = try #require(jobJob)
        #expect(state.search.counter == "0/0…")
        state.receiveSearch(job.run())
        #expect(state.search.capped)
        #expect(state.search.counter == "1/≥\(SearchState.matchLimit)")
        #expect(state.search.matches.count == SearchState.matchLimit)
    }

    @Test("a big body is read in chunks: the first chunk already shows the first match, the count grows after")
    func chunks() throws {
        let line = #"{"id": 1, "name": "filler filler filler filler"}"#
        var body = Array(repeating: line, count: 60_000)
        body[10] = #"{"needle": true}"#
        body[59_000] = #"{"needle": false}"#
        var state = Self.viewer(body.joined(separator: "\n"))
        Self.type("needle", into: &state)
        let firstJob = state.takeSearchJob()
        let first = try #require(firstJob)
        state.receiveSearch(first.run())
        #expect(state.search.counting)
        #expect(state.search.current == 0)
        #expect(state.search.counter == "1/1…")
        Self.finish(&state)
        #expect(!state.search.counting)
        #expect(state.search.counter == "1/2")
    }

    @Test("a second query supersedes the first: the first's late results are ignored")
    func cancellation() throws {
        var state = Self.viewer("alpha beta\nbeta alpha\n")
        Self.type("alpha", into: &state)
        let oldJob = state.takeSearchJob()
        let old = try #require(oldJob)
        _ = state.apply(.editLine(KeyEvent(.backspace)))
        for _ in 0..<4 { _ = state.apply(.editLine(KeyEvent(.backspace))) }
        for character in "beta" { _ = state.apply(.editLine(KeyEvent(.char(character)))) }
        let newJob = state.takeSearchJob()
        let new = try #require(newJob)
        #expect(new.generation > old.generation)
        state.receiveSearch(new.run())
        let settled = state.search
        state.receiveSearch(old.run())
        #expect(state.search == settled)
        #expect(Self.matched(state) == ["beta", "beta"])
    }

    @Test("a match off screen is scrolled into view, sideways too when lines do not wrap")
    func scrollsIntoView() {
        var lines = (0..<200).map { "row \($0)" }
        lines[150] = String(repeating: ".", count: 300) + "target"
        var state = Self.viewer(lines.joined(separator: "\n"))
        _ = state.apply(.toggleWrap)
        Self.type("target", into: &state)
        Self.finish(&state)
        #expect(state.position.line <= 150 && state.position.line + 18 > 150)
        #expect(state.position.column > 220)
        let rows = F.contentRows(F.render(state))
        #expect(rows.contains { $0.contains("target") })
    }

    @Test("Esc in the line clears the search; Enter keeps it and the counter in the tab bar")
    func enterAndEscape() {
        var state = Self.viewer("one two one\n")
        Self.type("one", into: &state)
        Self.finish(&state)
        _ = state.apply(.commitLine)
        #expect(!state.isEditingLine)
        #expect(F.render(state).text(row: 2).contains("/one 1/2"))
        _ = state.apply(.openSearch)
        _ = state.apply(.cancelLine)
        #expect(!state.search.isActive)
        #expect(state.search.matches.isEmpty)
        #expect(!F.render(state).text(row: 2).contains("/one"))
    }

    @Test("search runs on the Headers tab too and starts again when the tab changes")
    func otherTabs() {
        var state = F.viewer(F.response("{}", extraHeaders: [("X-Trace", "abc")]))
        Self.type("trace", into: &state)
        Self.finish(&state)
        #expect(state.search.matches.isEmpty)
        _ = state.apply(.commitLine)
        _ = state.apply(.selectTab(.headers))
        Self.finish(&state)
        #expect(Self.matched(state) == ["Trace"])
        _ = state.apply(.selectTab(.raw))
        Self.finish(&state)
        #expect(Self.matched(state) == ["Trace"])
    }

    @Test("search works on an opened event's data in the Events tab, and not on the list")
    func openedEvent() {
        var viewer = StreamViewerTests.streaming("text/event-stream")
        StreamViewerTests.feed(&viewer, 1...3)
        #expect(viewer.apply(.openSearch) != nil, "the list itself is not searchable")
        _ = viewer.apply(.scrollUp(1))
        _ = viewer.apply(.openEvent)
        Self.type("EVENT", into: &viewer)
        Self.finish(&viewer)
        #expect(viewer.search.matches.isEmpty, "a capital makes case count")
        Self.type("event", into: &viewer)
        Self.finish(&viewer)
        #expect(Self.matched(viewer) == ["Event", "event"], "the heading's Event 2 and the data's \"event 2\"")
        #expect(viewer.search.matches.last.map { $0.line > 0 } == true)
    }

    @Test("in the app, each key starts a search under the same command id, so the runtime cancels the older one; its late chunk is ignored")
    func appCancelsTheOlderSearch() async throws {
        var app = AppHarness(width: 80, height: 24)
        app.send(.responseFormatted(id: 0, document: ResponseDocument.make(from: F.response("alpha\nbeta\nalphabet\n", contentType: "text/plain"))))
        app.state.focus = .response
        app.press("/")
        app.type("a")
        let first = try #require(Self.searchCommand(app.commands))
        app.type("l")
        let second = try #require(Self.searchCommand(app.commands))
        guard case .viewerSearched(let late)? = await first()?.unrouted else {
            Issue.record("the first search should report a chunk")
            return
        }
        guard case .viewerSearched(let current)? = await second()?.unrouted else {
            Issue.record("the second search should report a chunk")
            return
        }
        app.send(.viewerSearched(current))
        #expect(app.state.viewer.search.counter == "1/2")
        app.send(.viewerSearched(late))
        #expect(app.state.viewer.search.counter == "1/2")
        #expect(app.state.viewer.search.matches.count == 2)
        app.press("enter")
        app.press("n")
        #expect(app.state.viewer.search.counter == "2/2")
        #expect(app.screen().contains { $0.contains("/al 2/2") })
        app.press("esc")
        #expect(!app.state.viewer.search.isActive)
    }

    /// The operation of the search chunk command among `commands`, checking its id.
    static func searchCommand(_ commands: [Command<AppMessage>]) -> (@Sendable () async -> AppMessage?)? {
        for command in commands {
            if case .perform(let id, let operation) = command.kind, id == "viewer.search" { return operation }
        }
        return nil
    }
}

/// A plain search in a JSON body looks in the body's bytes first and reads only the lines holding a hit; it finds
/// exactly what reading every line finds (a regular expression of the same text reads every line).
@Suite struct ViewerSearchJSONSkipTests {
    typealias F = ResponseFixtures

    /// The matches of `text` in a JSON viewer of `body`, plain or as a regular expression.
    static func matches(_ text: String, regex: Bool, in body: String) -> [SearchMatch] {
        var state = F.viewer(F.response(body))
        ViewerSearchTests.type(text, regex: regex, into: &state)
        ViewerSearchTests.finish(&state)
        return state.search.matches
    }

    @Test(arguments: ["needle", "Needle", "NEEDLE", "0@x", "7"])
    func skippingFindsWhatReadingEveryLineFinds(text: String) {
        let spaces = String(repeating: " ", count: 3 * 1024 * 1024)
        let long = String(repeating: "y", count: TextLines.maximumLineBytes + 40)
        let items = (0..<3000).map { #"{"id": \#($0), "email": "u\#($0)@x.test"}"# }
        let body = #"{"a": "needle one", "c": "Needle two", "b\#(long)needle": "NEEDLE", "items": ["# + items.joined(separator: ",")
            + #"], "k"\#(spaces):\#(spaces)"last needle 7"}"#
        let escaped = NSRegularExpression.escapedPattern(for: text)
        let caseFlag = text.contains { $0.isUppercase } ? "" : "(?i)"
        let plain = Self.matches(text, regex: false, in: body)
        #expect(!plain.isEmpty)
        #expect(plain == Self.matches(caseFlag + escaped, regex: true, in: body))
    }
}
