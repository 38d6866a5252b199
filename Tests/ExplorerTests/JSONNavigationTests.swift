import BodyIndex
import Foundation
import RequestKit
import Testing
import TUICore
import TUITesting
@testable import Explorer

/// The JSON cursor of the Body tab: moving and scrolling, folds with their sizes, bracket jumps, line numbers,
/// copying a JSONPath or a value, and hostile nesting.
@Suite struct JSONNavigationTests {
    typealias F = ResponseFixtures

    /// A body of `count` small objects under `items`, so that it is many screens long.
    static func longBody(_ count: Int = 40) -> String {
        let items = (0..<count).map { #"{"id":\#($0),"name":"n\#($0)"}"# }
        return #"{"total":\#(count),"items":["# + items.joined(separator: ",") + #"],"done":true}"#
    }

    /// The text of the formatted line the cursor is on.
    func cursorText(_ state: ResponseViewerState) throws -> String {
        let index = try #require(state.navigableIndex)
        return String(decoding: index.line(at: state.navigation.cursor), as: UTF8.self)
    }

    /// The content row (0 = first) the cursor is drawn on: the row whose cells carry the cursor style.
    func highlightedRows(_ buffer: Buffer, theme: Theme = .dark) -> [Int] {
        (3..<(buffer.height - 1)).filter { y in buffer[2, y].style.bg == theme[.selection] } .map { $0 - 3 }
    }

    /// Applies `actions` in order, returning the last effect.
    @discardableResult
    func apply(_ actions: [ResponseAction], to state: inout ResponseViewerState) -> ResponseEffect? {
        var effect: ResponseEffect?
        for action in actions { effect = state.apply(action) }
        return effect
    }

    @Test func theCursorMovesAndTheViewScrollsWhenItLeaves() throws {
        var state = F.viewer(F.response(Self.longBody()))
        let height = state.viewport.height
        #expect(highlightedRows(F.render(state)) == [0])
        state.apply(.scrollDown(1))
        #expect(state.navigation.cursor == 1)
        #expect(state.position.line == 0, "moving inside the view does not scroll")
        #expect(highlightedRows(F.render(state)) == [1])
        apply(Array(repeating: .scrollDown(1), count: height - 1), to: &state)
        #expect(state.navigation.cursor == height)
        #expect(state.position.line == 1, "one line past the bottom scrolls by one")
        #expect(highlightedRows(F.render(state)) == [height - 1])
        state.apply(.scrollUp(1))
        #expect(state.position.line == 1)
        apply(Array(repeating: .scrollUp(1), count: height), to: &state)
        #expect(state.navigation.cursor == 0)
        #expect(state.position.line == 0)
        state.apply(.bottom)
        let lines = try #require(state.navigableIndex)
        #expect(state.navigation.cursor == lines.lineCount - 1)
        #expect(F.contentRows(F.render(state)).last == "}")
        #expect(highlightedRows(F.render(state)) == [height - 1])
        state.apply(.top)
        #expect(state.navigation.cursor == 0 && state.position.line == 0)
    }

    @Test func pagingMovesTheCursorWithTheViewAndTheWheelKeepsItOnScreen() {
        var state = F.viewer(F.response(Self.longBody()))
        let height = state.viewport.height
        apply([.scrollDown(3), .pageDown], to: &state)
        #expect(state.position.line == height - 1)
        #expect(state.navigation.cursor == height - 1 + 3, "the cursor keeps its row on screen")
        state.apply(.pageUp)
        #expect(state.position.line == 0 && state.navigation.cursor == 3)
        state.apply(.pageUp)
        #expect(state.navigation.cursor == 0, "paging up at the top goes to the first line")
        let area = Rect(x: 0, y: 0, width: 80, height: 24)
        let wheel = state.handle(mouse: MouseEvent(.wheelDown, x: 10, y: 10), in: area)
        #expect(wheel == .scrollView(ResponseViewerState.wheelRows))
        apply([.scrollView(10)], to: &state)
        #expect(state.position.line == 10)
        #expect(state.navigation.cursor == 10, "the cursor stays on the first line in view")
    }

    @Test func aClickPutsTheCursorOnTheRow() throws {
        var state = F.viewer(F.response(Self.longBody()))
        let area = Rect(x: 0, y: 0, width: 80, height: 24)
        state.apply(.scrollView(5))
        let action = try #require(state.handle(mouse: MouseEvent(.press(.left), x: 10, y: 3 + 4), in: area))
        #expect(action == .placeCursor(row: 4))
        state.apply(action)
        #expect(state.navigation.cursor == 9)
        #expect(highlightedRows(F.render(state)) == [4])
        let tabClick = state.handle(mouse: MouseEvent(.press(.left), x: 3, y: 2), in: area)
        #expect(tabClick == .selectTab(.body), "the tab bar still takes clicks")
    }

    @Test func foldingShowsTheSizeAndUnfoldingRestores() throws {
        var state = F.viewer(F.response(Self.longBody(3000)))
        state.apply(.scrollDown(2))
        #expect(try cursorText(state) == #"  "items": ["#)
        #expect(state.apply(.toggleFold) == nil)
        var rows = F.contentRows(F.render(state))
        #expect(rows[2] == #"  "items": […], 3,000 items"#)
        #expect(rows[3] == #"  "done": true"#)
        state.apply(.scrollDown(1))
        #expect(try cursorText(state) == #"  "done": true"#, "the cursor steps over the folded lines")
        state.apply(.scrollUp(1))
        state.apply(.toggleFold)
        rows = F.contentRows(F.render(state))
        #expect(rows[3] == "    {")

        state.apply(.scrollDown(3))
        #expect(try cursorText(state) == #"      "name": "n0""#)
        state.apply(.toggleFold)
        #expect(try cursorText(state) == "    {", "z inside an object folds the object around the cursor")
        rows = F.contentRows(F.render(state))
        #expect(rows[3] == "    {…}, 2 keys")
        #expect(rows[4] == "    {")
    }

    @Test func oneKeyAndOneItemAreSingular() {
        var state = F.viewer(F.response(#"{"a":{"only":1},"b":[true]}"#))
        apply([.scrollDown(1), .toggleFold, .scrollDown(1), .toggleFold], to: &state)
        let rows = F.contentRows(F.render(state))
        #expect(rows == ["{", #"  "a": {…}, 1 key"#, #"  "b": […] 1 item"#, "}"], "a folded member keeps the comma after it")
    }

    @Test func foldAllAtTheCursorsDepthAndUnfoldAll() {
        var state = F.viewer(F.response(#"{"users":[{"id":1,"tags":["a","b"]},{"id":2,"tags":[]},{"id":3,"tags":["c"]}],"n":3}"#))
        apply([.scrollDown(2)], to: &state)
        #expect(state.apply(.foldAtDepth) == nil)
        var rows = F.contentRows(F.render(state))
        #expect(rows == ["{", #"  "users": ["#, "    {…}, 2 keys", "    {…}, 2 keys", "    {…} 2 keys", "  ],", #"  "n": 3"#, "}"])
        state.apply(.toggleFold)
        rows = F.contentRows(F.render(state))
        #expect(rows[2] == "    {", "z on a folded line unfolds it")
        #expect(rows[3] == #"      "id": 1,"#)
        #expect(rows.filter { $0.hasPrefix("    {…}") }.count == 2, "the other folds stay")
        state.apply(.unfoldAll)
        rows = F.contentRows(F.render(state))
        #expect(rows.count == state.viewport.height)
        #expect(rows.allSatisfy { !$0.contains("…") })
    }

    @Test func percentJumpsBetweenMatchingBracketsBothWays() throws {
        var state = F.viewer(F.response(Self.longBody()))
        state.apply(.scrollDown(2))
        state.apply(.matchBracket)
        #expect(try cursorText(state) == "  ],")
        #expect(state.navigation.cursor == 2 + 40 * 4 + 1)
        #expect(highlightedRows(F.render(state)).count == 1)
        state.apply(.matchBracket)
        #expect(state.navigation.cursor == 2)
        #expect(state.position.line <= 2)
        state.apply(.top)
        state.apply(.matchBracket)
        #expect(try cursorText(state) == "}")
        state.apply(.scrollUp(1))
        guard case .notify(let message) = state.apply(.matchBracket) else {
            Issue.record("a line without a bracket says so")
            return
        }
        #expect(message.contains("bracket"))
    }

    @Test func lineNumbersToggleInAGutter() {
        var state = F.viewer(F.response(Self.longBody()))
        state.apply(.toggleLineNumbers)
        #expect(state.navigation.showsLineNumbers)
        let rows = F.contentRows(F.render(state))
        #expect(rows[0] == "  1 {")
        #expect(rows[1] == #"  2   "total": 40,"#)
        state.apply(.bottom)
        #expect(F.contentRows(F.render(state)).last == "166 }")
        state.apply(.toggleLineNumbers)
        #expect(F.contentRows(F.render(state)).last == "}")
    }

    @Test(arguments: [
        (#"{"data":[{"id":1},{"email":"a@b.test"}]}"#, 6, "$.data[1].email", "a@b.test"),
        (#"{"odd key":{"it's":"x\ny"}}"#, 2, #"$['odd key']['it\'s']"#, "x\ny"),
        (#"{"a.b":1,"_ok9":2,"9lives":3,"é":4}"#, 3, "$['9lives']", "3"),
        (#"{"a.b":1,"_ok9":2,"9lives":3,"é":4}"#, 2, "$._ok9", "2"),
        (#"{"a.b":1,"_ok9":2,"9lives":3,"é":4}"#, 4, "$.é", "4"),
        (#"{"a.b":null}"#, 1, "$['a.b']", "null"),
        (#"[[1,[2,3]],[[4],5]]"#, 4, "$[0][1][0]", "2"),
        (#"[[1,[2,3]],[[4],5]]"#, 9, "$[1][0]", "[4]"),
        (#"[[1,[2,3]],[[4],5]]"#, 11, "$[1][0]", "[4]"),
        (#"{"o":{"k":[1, {"x" : "\u0041"}]}}"#, 2, "$.o.k", #"[1,{"x":"\u0041"}]"#),
        (#""top \"quoted\"""#, 0, "$", #"top "quoted""#),
        ("-1.5e3", 0, "$", "-1.5e3"),
        ("true", 0, "$", "true"),
    ])
    func copyPathAndValue(body: String, line: Int, path: String, value: String) throws {
        var state = F.viewer(F.response(body))
        state.apply(.scrollDown(line))
        #expect(state.navigation.cursor == line)
        #expect(state.apply(.copyPath) == .copyToClipboard(text: path, what: "JSONPath"))
        #expect(state.apply(.copyValue) == .copyToClipboard(text: value, what: "value"))
    }

    @Test func yWaitsForTheSecondKeyOnAJSONBody() throws {
        var state = F.viewer(F.response(#"{"a":{"b":[10,20]}}"#))
        state.apply(.scrollDown(3))
        let y = try #require(state.handle(key: .char("y")))
        #expect(y == .beginCopy)
        #expect(state.apply(y) == nil)
        #expect(state.navigation.pendingCopy)
        #expect(state.keyContexts == [ResponseViewerState.copyKeyContext, ResponseViewerState.keyContext])
        #expect(state.handle(key: .char("p")) == .copyPath)
        #expect(state.handle(key: .char("v")) == .copyValue)
        #expect(state.handle(key: .char("y")) == .copyBody)
        #expect(state.handle(key: KeyEvent(.escape)) == .cancelCopy)
        #expect(state.handle(key: .char("q")) == .cancelCopy, "an unknown key forgets the copy")
        #expect(state.apply(.copyPath) == .copyToClipboard(text: "$.a.b[0]", what: "JSONPath"))
        #expect(!state.navigation.pendingCopy)
        #expect(state.handle(key: .char("p")) == nil, "p alone does nothing")

        state.apply(.beginCopy)
        #expect(state.apply(.copyBody) == .copyToClipboard(text: #"{"a":{"b":[10,20]}}"#, what: "body"))
        state.apply(.beginCopy)
        state.apply(.scrollDown(1))
        #expect(!state.navigation.pendingCopy, "any other action forgets the copy")
        #expect(state.navigation.cursor == 4)

        var text = F.viewer(F.response("plain", contentType: "text/plain"))
        #expect(text.apply(.beginCopy) == .copyToClipboard(text: "plain", what: "body"), "y copies at once where there is no JSON cursor")
        #expect(!text.navigation.pendingCopy)
    }

    @Test func valuesOverTheClipboardLimitAreRefused() {
        let big = #"{"big":["# + Array(repeating: #""0123456789""#, count: ResponseViewerState.clipboardLimit / 10).joined(separator: ",") + "]}"
        var state = F.viewer(F.response(big))
        state.apply(.scrollDown(1))
        guard case .notify(let message) = state.apply(.copyValue) else {
            Issue.record("a value over the limit is not copied")
            return
        }
        #expect(message.contains("too big"))
        #expect(state.apply(.copyPath) == .copyToClipboard(text: "$.big", what: "JSONPath"))
    }

    @Test func navigationIsOnlyForJSONInTheBodyTab() {
        var text = F.viewer(F.response("a\nb\nc", contentType: "text/plain"))
        #expect(text.navigableIndex == nil)
        guard case .notify = text.apply(.toggleFold) else {
            Issue.record("folding a text body says why it does nothing")
            return
        }
        var json = F.viewer(F.response(F.sampleJSON))
        json.apply(.selectTab(.headers))
        #expect(json.navigableIndex == nil)
        json.apply(.scrollDown(1))
        #expect(json.navigation.cursor == 0)
        #expect(highlightedRows(F.render(json)).isEmpty)
    }

    @Test func aNewResponseResetsCursorAndFoldsButKeepsLineNumbers() {
        var state = F.viewer(F.response(Self.longBody()))
        apply([.scrollDown(2), .toggleFold, .toggleLineNumbers], to: &state)
        state.show(ResponseDocument.make(from: F.response(Self.longBody())))
        #expect(state.navigation.cursor == 0)
        #expect(state.navigation.folding.isEmpty)
        #expect(state.navigation.showsLineNumbers)
    }

    @Test func tenThousandLevelsOfNestingFoldCopyAndJump() throws {
        let depth = 10_000
        let body = String(repeating: #"{"a":"#, count: depth) + "[1]" + String(repeating: "}", count: depth)
        var state = F.viewer(F.response(body))
        let lines = try #require(state.navigableIndex)
        #expect(lines.lineCount == 2 * depth + 3)
        state.apply(.scrollDown(depth + 1))
        #expect(state.apply(.copyValue) == .copyToClipboard(text: "1", what: "value"))
        guard case .copyToClipboard(let path, _) = state.apply(.copyPath) else {
            Issue.record("expected a path")
            return
        }
        #expect(path == "$" + String(repeating: ".a", count: depth) + "[0]")
        state.apply(.top)
        state.apply(.matchBracket)
        #expect(state.navigation.cursor == lines.lineCount - 1)
        state.apply(.top)
        state.apply(.toggleFold)
        #expect(F.contentRows(F.render(state)) == ["{…} 1 key"])
        state.apply(.unfoldAll)
        state.apply(.scrollDown(depth / 2))
        state.apply(.foldAtDepth)
        let rows = F.contentRows(F.render(state))
        #expect(rows.contains { $0.hasSuffix(#""a": {…} 1 key"#) })
        _ = F.render(state, width: 120, height: 40)
    }

    @Test func aLongKeySplitOverPiecesStillGivesItsPath() {
        let key = String(repeating: "k", count: TextLines.maximumLineBytes + 100)
        var state = F.viewer(F.response(#"{"\#(key)":[1,2]}"#))
        state.apply(.scrollDown(3))
        #expect(state.apply(.copyPath) == .copyToClipboard(text: "$." + key + "[0]", what: "JSONPath"))
    }

    @Test(arguments: [(0, "0"), (999, "999"), (1000, "1,000"), (3000, "3,000"), (1_234_567, "1,234,567")])
    func sizesHaveThousandsSeparators(count: Int, text: String) {
        #expect(JSONFold.grouped(count) == text)
    }

    @Test func bracketsInsideALongStringCutIntoPiecesAreNotStructure() throws {
        let noise = String(repeating: "{[", count: TextLines.maximumLineBytes / 2 + 100)
        var state = F.viewer(F.response(#"{"s":"\#(noise)","o":{"a":[1,2]},"t":3}"#))
        let index = try #require(state.navigableIndex)
        #expect(index.continuations.count == 1)
        let objectLine = try #require((0..<index.lineCount).first { index.opens($0) && $0 > 0 })
        #expect(index.depth(at: objectLine) == 1)
        #expect(index.closingLine(of: 0) == index.lineCount - 1)
        state.apply(.toggleWrap)
        state.apply(.scrollDown(1))
        state.apply(.foldAtDepth)
        let rows = F.contentRows(F.render(state, width: 120, height: 40))
        #expect(rows.count == 6)
        #expect(rows[3] == #"  "o": {…}, 1 key"#)
        #expect(rows.last == "}")
        state.apply(.bottom)
        state.apply(.scrollUp(1))
        #expect(state.apply(.copyPath) == .copyToClipboard(text: "$.t", what: "JSONPath"))
    }

    @Test func wrappedLinesKeepTheCursorOnScreen() {
        let long = String(repeating: "x", count: 300)
        let body = "[" + (0..<30).map { _ in "\"\(long)\"" }.joined(separator: ",") + "]"
        var state = F.viewer(F.response(body))
        apply(Array(repeating: .scrollDown(1), count: 10), to: &state)
        let buffer = F.render(state)
        let highlighted = highlightedRows(buffer)
        #expect(highlighted.count == 5, "all five rows of the wrapped cursor line (305 columns at 76)")
        #expect(highlighted.last == state.viewport.height - 1)
        state.apply(.toggleWrap)
        #expect(highlightedRows(F.render(state)).count == 1)
    }
}
