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
}
