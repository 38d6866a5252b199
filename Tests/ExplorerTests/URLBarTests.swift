import Explorer
import RequestKit
import RequestStore
import Testing
import TUICore

@Suite("URL bar")
struct URLBarTests {
    @Test("the URL bar has the focus at start")
    func focusAtStart() {
        let app = AppHarness()
        #expect(app.state.focus == .url)
    }

    @Test("typing a method and a space before the URL sets the method", arguments: ["POST", "DELETE", "PATCH", "PROPFIND"])
    func leadingMethod(method: String) {
        var app = AppHarness()
        app.type("\(method) http://example.test/x")
        #expect(app.state.draft.method.rawValue == method)
        #expect(app.state.draft.url.text == "http://example.test/x")
    }

    @Test("lower-case words are not taken for a method")
    func lowerCaseIsText() {
        var app = AppHarness()
        app.type("post http")
        #expect(app.state.draft.method == .get)
        #expect(app.state.draft.url.text == "post http")
    }

    @Test("the query typed in the URL fills the Params table")
    func queryToParams() {
        var app = AppHarness()
        app.type("http://h.test/p?a=1&b=two%20words&flag")
        let rows = app.state.draft.params.rows
        #expect(rows.map(\.name) == ["a", "b", "flag"])
        #expect(rows.map(\.value) == ["1", "two words", ""])
    }

    @Test("editing keys work in the URL bar: Ctrl+A, Ctrl+K, Ctrl+W, Home, End")
    func editingKeys() {
        var app = AppHarness()
        app.type("http://a.test/one two")
        app.press("ctrl+w")
        #expect(app.state.draft.url.text == "http://a.test/one ")
        app.press("ctrl+a", "ctrl+k")
        #expect(app.state.draft.url.text.isEmpty)
    }

    @Test("a question mark in the URL bar is text, not help")
    func questionMarkIsText() {
        var app = AppHarness()
        app.type("http://a.test/?q=1")
        #expect(app.state.overlay == nil)
        #expect(app.state.draft.url.text == "http://a.test/?q=1")
    }

    @Test("Enter on a typed curl command imports it instead of sending")
    func typedCurlImports() {
        var app = AppHarness()
        app.type("curl -X POST -H 'X-A: 1' http://h.test/post")
        app.press("enter")
        #expect(app.state.draft.method == .post)
        #expect(app.state.draft.url.text == "http://h.test/post")
        #expect(app.state.draft.headers.rows.map(\.name) == ["X-A"])
        #expect(!app.state.send.isSending)
    }

    @Test("a pasted curl command fills every pane")
    func pastedCurl() {
        var app = AppHarness()
        app.send(.paste("curl -u ann:secret -H 'Accept: text/plain' --data-urlencode 'q=a b' 'http://h.test/search?page=2'"))
        let draft = app.state.draft
        #expect(draft.method == .post)
        #expect(draft.url.text.hasPrefix("http://h.test/search"))
        #expect(draft.params.rows.contains { $0.name == "page" && $0.value == "2" })
        #expect(draft.headers.rows.contains { $0.name == "Accept" })
        #expect(draft.bodyMode == .form)
        #expect(draft.authMode == .basic)
        #expect(draft.authFields.user.text == "ann")
    }

    @Test("a broken curl command leaves the draft alone and says why")
    func brokenCurl() {
        var app = AppHarness()
        app.type("http://keep.test/")
        app.send(.paste("curl 'http://unterminated"))
        #expect(app.state.draft.url.text == "http://keep.test/")
        #expect(app.state.notice?.contains("curl") == true)
    }

    @Test("a pasted URL with a line break is pasted on one line")
    func pasteIntoURL() {
        var app = AppHarness()
        app.send(.paste("http://a.test/\n"))
        #expect(app.state.draft.url.text == "http://a.test/")
    }

    @Test("variables are highlighted: resolved in the accent color, unresolved in the error color")
    func variableHighlight() throws {
        let scope = VariableScope(collection: [Variable(name: "baseUrl", value: "http://h.test")])
        var app = AppHarness(variables: scope)
        app.type("{{baseUrl}}/x/{{missing}}")
        var frame = Frame(size: app.state.size, theme: .dark, capabilities: .full)
        app.program.view(app.state, into: &frame)
        let row = frame.buffer.text(row: 1)
        let resolvedX = try #require(row.range(of: "{{baseUrl}}")).lowerBound.utf16Offset(in: row)
        let missingX = try #require(row.range(of: "{{missing}}")).lowerBound.utf16Offset(in: row)
        let column = { (offset: Int) in row.prefix(offset).count }
        #expect(frame.buffer[column(resolvedX), 1].style.fg == Theme.dark[.accent])
        #expect(frame.buffer[column(missingX), 1].style.fg == Theme.dark[.error])
    }
}
