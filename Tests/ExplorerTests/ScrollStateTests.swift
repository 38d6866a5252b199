import Explorer
import RequestKit
import RequestStore
import Testing
import TUICore

extension AppHarness {
    /// The screen and the terminal cursor drawn for the current state.
    func frame() -> (lines: [String], cursor: Position?) {
        var frame = Frame(size: state.size, theme: .monochrome, capabilities: TerminalCapabilities(colorDepth: .none, unicode: true))
        program.view(state, into: &frame)
        return ((0..<frame.buffer.height).map { frame.buffer.text(row: $0) }, frame.cursor)
    }

    /// The first screen row inside `area` whose text there contains `text`.
    func row(showing text: String, in area: Rect) -> Int? {
        let lines = frame().lines
        return (area.y..<area.bottom).first { y in
            let line = Array(lines[y])
            let end = min(line.count, area.right)
            return area.x < end && String(line[area.x..<end]).contains(text)
        }
    }
}

/// Scroll offsets live in the state: a click hits the row drawn under it, and a cursor moving back does not
/// stick to the edge it scrolled to.
@Suite("Scroll state")
struct ScrollStateTests {
    /// The request tabs that hold a name/value table.
    enum TableTab: String, CaseIterable, Sendable {
        case params, headers, form
    }

    /// Forty rows named `row0` … `row39`, in the table the tab shows.
    static func harness(_ tab: TableTab) -> AppHarness {
        let rows = (0..<40).map { KeyValueRow(name: "row\($0)", value: "value\($0)") }
        var draft = RequestDraft()
        switch tab {
        case .params: draft.params = KeyValueTable(rows: rows)
        case .headers: draft.headers = KeyValueTable(rows: rows)
        case .form:
            draft.bodyMode = .form
            draft.formFields = KeyValueTable(rows: rows)
        }
        var app = AppHarness(width: 80, height: 24, draft: draft)
        app.press(tab == .params ? "alt+1" : tab == .headers ? "alt+2" : "alt+3")
        #expect(app.state.focus == .request)
        return app
    }

    static func table(_ tab: TableTab, of state: AppState) -> KeyValueTable {
        switch tab {
        case .params: return state.draft.params
        case .headers: return state.draft.headers
        case .form: return state.draft.formFields
        }
    }

    @Test("a click on a row of a scrolled table selects the row drawn there", arguments: TableTab.allCases)
    func clickScrolledTable(tab: TableTab) throws {
        var app = Self.harness(tab)
        for _ in 0..<30 { app.press("down") }
        #expect(Self.table(tab, of: app.state).selected == 30)
        #expect(Self.table(tab, of: app.state).offset > 0)
        let area = AppLayout(app.state).requestContent
        let y = try #require(app.row(showing: "row27 ", in: area))
        app.send(.mouse(MouseEvent(.press(.left), x: area.x + 6, y: y)))
        #expect(Self.table(tab, of: app.state).selected == 27)
        let header = try #require(app.row(showing: "Name", in: area))
        app.send(.mouse(MouseEvent(.press(.left), x: area.x + 6, y: header)))
        #expect(Self.table(tab, of: app.state).selected == 27)
    }

    @Test("moving up a scrolled table keeps the rows where they are until the selection reaches the top", arguments: TableTab.allCases)
    func tableKeepsOffset(tab: TableTab) throws {
        var app = Self.harness(tab)
        for _ in 0..<30 { app.press("down") }
        let area = AppLayout(app.state).requestContent
        let bottom = try #require(app.row(showing: "row30 ", in: area))
        let offset = Self.table(tab, of: app.state).offset
        app.press("up", "up", "up")
        #expect(Self.table(tab, of: app.state).offset == offset)
        #expect(app.row(showing: "row30 ", in: area) == bottom)
        #expect(app.row(showing: "row27 ", in: area) == bottom - 3)
        for _ in 0..<27 { app.press("up") }
        #expect(Self.table(tab, of: app.state).offset == 0)
        #expect(app.row(showing: "row0 ", in: area) != nil)
    }

    @Test("a click on a row of a scrolled Files tab selects the file drawn there")
    func clickScrolledFiles() throws {
        var draft = RequestDraft()
        draft.bodyMode = .multipart
        draft.files = (0..<30).map { FileAttachment(fieldName: "f\($0)", path: "/tmp/file\($0).txt") }
        var app = AppHarness(width: 80, height: 24, draft: draft)
        app.press("alt+4")
        for _ in 0..<25 { app.press("down") }
        #expect(app.state.draft.selectedFile == 25)
        #expect(app.state.draft.fileOffset > 0)
        let area = AppLayout(app.state).requestContent
        #expect(app.row(showing: "file25.txt", in: area) != nil)
        let y = try #require(app.row(showing: "file22.txt", in: area))
        app.send(.mouse(MouseEvent(.press(.left), x: area.x + 6, y: y)))
        #expect(app.state.draft.selectedFile == 22)
    }

    @Test("the cursor moves back through a long URL instead of sticking to the right edge")
    func longURL() throws {
        let url = "http://h.test/" + (0..<30).map { "segment\($0)" }.joined(separator: "/")
        var app = AppHarness(width: 80, height: 24)
        app.type(url)
        let end = try #require(app.frame().cursor)
        let field = URLBarFieldProbe.area(app.state)
        #expect(end.x == field.right - 1)
        app.press("left", "left", "left", "left", "left")
        #expect(app.frame().cursor?.x == end.x - 5)
        #expect(app.frame().lines[end.y].contains("segment29"))
        app.press("home")
        #expect(app.frame().cursor?.x == field.x)
        #expect(app.frame().lines[end.y].contains("http://h.test/segment0/"))
        for _ in 0..<(field.width + 9) { app.press("right") }
        #expect(app.frame().cursor?.x == field.right - 1)
        app.press("left", "left", "left")
        #expect(app.frame().cursor?.x == field.right - 4)
        app.press("right")
        #expect(app.frame().cursor?.x == field.right - 3)
    }

    @Test("the cursor moves back through a long body instead of sticking to the bottom or right edge")
    func longBody() throws {
        var draft = RequestDraft()
        draft.bodyMode = .raw
        draft.bodyText = TextAreaState(text: (0..<80).map { "line \($0) " + String(repeating: "x", count: 100) + " end\($0)" }.joined(separator: "\n"))
        var app = AppHarness(width: 80, height: 24, draft: draft)
        app.press("alt+3")
        for _ in 0..<50 { app.press("down") }
        let bottom = try #require(app.frame().cursor)
        let area = AppLayout(app.state).requestContent
        #expect(bottom.y == area.bottom - 1)
        app.press("up", "up", "up")
        #expect(app.frame().cursor?.y == bottom.y - 3)
        #expect(app.row(showing: "line 50 ", in: area) == bottom.y)
        app.press("down")
        #expect(app.frame().cursor?.y == bottom.y - 2)
        app.press("end")
        let right = try #require(app.frame().cursor)
        #expect(right.x == area.right - 1)
        app.press("left", "left", "left", "left", "left", "left")
        #expect(app.frame().cursor?.x == right.x - 6)
        #expect(app.frame().cursor?.y == bottom.y - 2)
    }

    @Test("the palette's list keeps its scroll when the selection moves back up")
    func paletteScrollIsKept() throws {
        var app = AppHarness(width: 80, height: 24)
        app.press("ctrl+p")
        let matches = PaletteEntry.matching("", in: PaletteEntry.all(for: app.state))
        try #require(matches.count > 21)
        for _ in 0..<20 { app.press("down") }
        guard case .palette(let down) = app.state.overlay else { Issue.record("the palette closed"); return }
        #expect(down.selected == 20)
        #expect(down.offset == 6)
        app.press("up")
        guard case .palette(let up) = app.state.overlay else { Issue.record("the palette closed"); return }
        #expect(up.selected == 19)
        #expect(up.offset == 6)
        let list = Rect(x: 0, y: 5, width: 80, height: 15)
        #expect(app.row(showing: matches[19].title, in: list) == 5 + 13)
        #expect(app.row(showing: matches[6].title, in: list) == 5)
    }
}

/// Where the URL field is, read from the screen's layout the way the bar draws it.
enum URLBarFieldProbe {
    /// The URL field's row: inside the bar's border, after the method, its padding and a space.
    static func area(_ state: AppState) -> Rect {
        let bar = AppLayout(state).urlBar
        let x = bar.x + 1 + " \(state.draft.method.rawValue) ".count + 1
        return Rect(x: x, y: bar.y + 1, width: bar.right - 1 - x, height: 1)
    }
}
