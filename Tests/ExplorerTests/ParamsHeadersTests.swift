import Explorer
import RequestKit
import RequestStore
import Testing
import TUICore

@Suite("Params and Headers tables")
struct ParamsHeadersTests {
    @Test("adding a parameter in the table writes it into the URL")
    func paramsToURL() {
        var app = AppHarness()
        app.type("http://h.test/p")
        app.press("alt+1")
        #expect(app.state.focus == .request)
        app.press("a")
        app.type("q")
        app.press("tab")
        app.type("a&b c")
        app.press("enter")
        #expect(app.state.draft.url.text == "http://h.test/p?q=a%26b%20c")
        #expect(app.state.draft.params.rows == [KeyValueRow(name: "q", value: "a&b c")])
    }

    @Test("a disabled parameter leaves the URL but stays in the table")
    func disabledParam() {
        var app = AppHarness()
        app.type("http://h.test/p?a=1&b=2")
        app.press("alt+1", "space")
        #expect(app.state.draft.url.text == "http://h.test/p?b=2")
        #expect(app.state.draft.params.rows.count == 2)
        #expect(app.state.draft.params.rows[0].enabled == false)
        app.press("space")
        #expect(app.state.draft.url.text == "http://h.test/p?a=1&b=2")
    }

    @Test("rows can be deleted and reordered")
    func deleteAndMove() {
        var app = AppHarness()
        app.type("http://h.test/?a=1&b=2&c=3")
        app.press("alt+1", "down", "alt+down")
        #expect(app.state.draft.params.rows.map(\.name) == ["a", "c", "b"])
        #expect(app.state.draft.url.text == "http://h.test/?a=1&c=3&b=2")
        app.press("d")
        #expect(app.state.draft.params.rows.map(\.name) == ["a", "c"])
    }

    @Test("Esc while editing a new row drops it")
    func cancelNewRow() {
        var app = AppHarness()
        app.press("alt+2", "a", "esc")
        #expect(app.state.draft.headers.rows.isEmpty)
    }

    @Test("Tab completes header names and then values")
    func headerCompletion() {
        var app = AppHarness()
        app.press("alt+2", "a")
        app.type("content-t")
        app.press("tab")
        #expect(app.state.draft.headers.editor?.text == "Content-Type")
        app.press("tab")
        #expect(app.state.draft.headers.rows[0].name == "Content-Type")
        #expect(app.state.draft.headers.column == 1)
        app.type("application/j")
        app.press("tab", "enter")
        #expect(app.state.draft.headers.rows[0] == KeyValueRow(name: "Content-Type", value: "application/json"))
    }

    @Test("typed letters go into the cell being edited, not to key bindings")
    func lettersWhileEditing() {
        var app = AppHarness()
        app.press("alt+2", "a")
        app.type("dax")
        #expect(app.state.draft.headers.editor?.text == "dax")
        #expect(app.state.draft.headers.rows.count == 1)
    }

    @Test("the completion candidates follow the prefix", arguments: [("acc", "Accept"), ("user", "User-Agent"), ("x-req", "X-Request-ID")])
    func candidates(prefix: String, first: String) {
        #expect(HeaderCompletion.names(matching: prefix).first == first)
    }

    @Test("names containing the typed text follow those starting with it", arguments: [("type", "Content-Type"), ("agent", "User-Agent"), ("MATCH", "If-Match")])
    func containingCandidates(typed: String, first: String) {
        #expect(HeaderCompletion.names(matching: typed).first == first)
    }

    @Test("an exact match is not offered again")
    func exactMatchLeftOut() {
        #expect(!HeaderCompletion.names(matching: "accept").contains("Accept"))
        #expect(HeaderCompletion.names(matching: "accept").first == "Accept-Encoding")
    }

    @Test("Down and Up move through the suggestions; Enter takes the highlighted one and keeps editing")
    func suggestionList() {
        var app = AppHarness()
        app.press("alt+2", "a")
        app.type("acc")
        #expect(HeaderCompletion.suggestions(for: app.state.draft.headers) == ["Accept", "Accept-Encoding", "Accept-Language"])
        app.press("down", "down")
        #expect(app.state.draft.headers.suggestion == 1)
        app.press("enter")
        #expect(app.state.draft.headers.editor?.text == "Accept-Encoding")
        #expect(app.state.draft.headers.suggestion == nil)
        app.press("enter")
        #expect(app.state.draft.headers.rows == [KeyValueRow(name: "Accept-Encoding", value: "")])
        #expect(app.state.draft.headers.editor == nil)
    }

    @Test("Up from the first suggestion and typing both clear the highlight; Esc clears it before it cancels")
    func suggestionHighlightClears() {
        var app = AppHarness()
        app.press("alt+2", "a")
        app.type("x-")
        app.press("down", "up")
        #expect(app.state.draft.headers.suggestion == nil)
        app.press("down", "down")
        app.type("r")
        #expect(app.state.draft.headers.suggestion == nil)
        #expect(app.state.draft.headers.editor?.text == "x-r")
        app.press("down", "esc")
        #expect(app.state.draft.headers.suggestion == nil)
        #expect(app.state.draft.headers.editor?.text == "x-r")
        app.press("esc")
        #expect(app.state.draft.headers.editor == nil)
    }

    @Test("Tab takes the highlighted suggestion rather than the first")
    func tabTakesHighlighted() {
        var app = AppHarness()
        app.press("alt+2", "a")
        app.type("content-")
        app.press("down", "down", "down", "tab")
        #expect(app.state.draft.headers.editor?.text == "Content-Length")
    }

    @Test("the value list offers the values of the row's header")
    func valueSuggestions() {
        var app = AppHarness()
        app.press("alt+2", "a")
        app.type("Accept")
        app.press("tab")
        #expect(app.state.draft.headers.column == 1)
        #expect(HeaderCompletion.suggestions(for: app.state.draft.headers).first == "application/json")
        app.press("down", "down", "enter", "enter")
        #expect(app.state.draft.headers.rows == [KeyValueRow(name: "Accept", value: "application/xml")])
    }

    @Test("the suggestion list is drawn under the cell, with the highlighted entry")
    func suggestionListDrawn() {
        var app = AppHarness(width: 120, height: 40)
        app.press("alt+2", "a")
        app.type("acc")
        app.press("down")
        let screen = app.screen()
        let row = screen.firstIndex { $0.contains(" Accept-Language") }
        #expect(row != nil)
        #expect(screen.contains { $0.contains(" Accept-Encoding") })
        let editing = screen.firstIndex { $0.contains("acc") && !$0.contains("Accept") }
        if let row, let editing { #expect(row > editing) }
    }
}

