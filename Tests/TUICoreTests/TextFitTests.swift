import Testing
import TUICore
import TUITesting

/// Text cut or wrapped to a width: words stay whole, cuts end in `…`, wide characters are cut by the cell.
@Suite struct TextFitTests {
    @Test func wordWrapBreaksAtSpacesAndCutsOnlyAWordWiderThanTheWidth() {
        let rows = TextViewer.wordWrap("Failed to connect to localhost port 1: Couldn't connect to server", width: 20)
        #expect(rows == ["Failed to connect to", "localhost port 1:", "Couldn't connect to", "server"])
        #expect(TextViewer.wordWrap("see https://api.example.test/v1/users", width: 10)
            == ["see", "https://ap", "i.example.", "test/v1/us", "ers"])
    }

    @Test func wordWrapCutsWideCharactersByCellAndEndsWhenOneIsWiderThanTheWidth() {
        #expect(TextViewer.wordWrap("日本語のテキスト", width: 5) == ["日本", "語の", "テキ", "スト"])
        #expect(TextViewer.wordWrap("日本", width: 1) == ["日", "本"], "a wide character wider than the width takes a row of its own")
    }

    @Test func truncationGoesByDisplayWidthAndKeepsGraphemeClustersWhole() {
        #expect("Create user (JSON body)".truncated(columns: 17) == "Create user (JSO…")
        #expect("日本語のテキスト".truncated(columns: 7) == "日本語…")
        #expect("日本語のテキスト".truncated(columns: 6) == "日本…", "the wide character that does not fit before the ellipsis is left out")
        #expect("e\u{301}e\u{301}e\u{301}".truncated(columns: 2) == "e\u{301}…")
        #expect("👩‍👩‍👧 family".truncated(columns: 3) == "👩‍👩‍👧…")
        #expect("abc".truncated(columns: 1) == "…")
        #expect("日本".truncated(columns: 1) == "…", "a wide character does not fit in one column; the cut still shows")
        #expect("short".truncated(columns: 10) == "short")
    }

    @Test func lineTruncationKeepsStylesAndEndsInTheStyleOfTheSpanItCuts() {
        let line = Line([Span("GET ", style: Style(fg: .green)), Span("/users/42/orders", style: Style(fg: .red))])
        let cut = line.truncated(columns: 10)
        #expect(cut.plainText == "GET /user…")
        #expect(cut.width == 10)
        #expect(cut.spans.first?.style.fg == .green)
        #expect(cut.spans.last?.text == "…")
        #expect(cut.spans.last?.style.fg == .red)
        #expect(line.truncated(columns: 40) == line)
    }

    @Test func tableCellsWiderThanTheirColumnEndInAnEllipsis() {
        let table = Table(columns: [TableColumn("Name", width: .length(12)), TableColumn("Value", width: .length(19))],
                          rows: [TableRow([Line("Content-Type"), Line("application/octet-stream")]),
                                 TableRow([Line("X-Name"), Line("日本語のテキストです")])])
        var buffer = Buffer(width: 32, height: 3)
        table.render(state: ListState(selected: nil), area: buffer.area, buffer: &buffer)
        let lines = ScreenText.lines(of: buffer)
        #expect(lines[1] == "Content-Type application/octet-…")
        #expect(lines[2] == "X-Name       日本語のテキストで…")
    }

    @Test func listRowsAndTabTitlesCutByTheEdgeEndInAnEllipsis() {
        var buffer = Buffer(width: 12, height: 2)
        ListView(items: [Line("Create user (JSON body)"), Line("日本語のテキスト")]).render(state: ListState(selected: nil), area: buffer.area, buffer: &buffer)
        #expect(ScreenText.lines(of: buffer) == ["Create user…", "日本語のテ…"])
        var bar = Buffer(width: 16, height: 1)
        Tabs(titles: ["Params", "Headers (3)"], selected: 0).render(area: bar.area, buffer: &bar)
        #expect(ScreenText.lines(of: bar) == ["Params│Headers …"], "a bar too wide loses its padding, then the other titles are cut with …")
    }

    @Test func setTruncatedStopsAtTheClipAndLeavesTheRestOfTheRowAlone() {
        var buffer = Buffer(width: 10, height: 1)
        buffer.setString("##########", x: 0, y: 0)
        buffer.setTruncated("日本語テキスト", x: 1, y: 0, clip: Rect(x: 1, y: 0, width: 6, height: 1))
        #expect(ScreenText.lines(of: buffer) == ["#日本…####"])
    }
}
