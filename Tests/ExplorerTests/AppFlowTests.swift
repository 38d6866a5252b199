import Foundation
import Explorer
import RequestKit
import RequestStore
import Testing
import TUICore
import TestSupport

@Suite("Focus, keys, overlays and drafts")
struct AppFlowTests {
    @Test("Tab and Shift+Tab move between panes; the sidebar joins on wide terminals")
    func focusCycle() {
        var wide = AppHarness(width: 120, height: 40)
        var order: [Pane] = []
        for _ in 0..<4 {
            wide.press("tab")
            order.append(wide.state.focus)
        }
        #expect(order == [.request, .response, .sidebar, .url])
        wide.press("backtab")
        #expect(wide.state.focus == .sidebar)

        var narrow = AppHarness(width: 80, height: 24)
        #expect(!narrow.state.isSidebarVisible)
        narrow.press("tab", "tab", "tab")
        #expect(narrow.state.focus == .url)
    }

    @Test("Ctrl+B toggles the sidebar")
    func sidebarToggle() {
        var app = AppHarness(width: 80, height: 24)
        app.press("ctrl+b")
        #expect(app.state.isSidebarVisible)
        app.press("ctrl+b")
        #expect(!app.state.isSidebarVisible)
    }

    @Test("Ctrl+N starts an empty request and clears the last response from the viewer")
    func newRequestClearsTheViewer() {
        var app = AppHarness()
        app.state.draft.url = TextFieldState(text: "http://127.0.0.1:1/old")
        app.state.viewer.show(ResponseDocument.make(from: ResponseFixtures.response("old body", contentType: "text/plain")))
        #expect(app.screen().joined().contains("old body"))
        app.press("ctrl+n")
        #expect(app.state.draft.url.text.isEmpty)
        #expect(app.state.viewer.document == nil)
        #expect(!app.screen().joined().contains("old body"))
    }

    @Test("Ctrl+C quits from anywhere, even with an overlay open")
    func quit() {
        var app = AppHarness()
        app.press("f1")
        app.press("ctrl+c")
        #expect(app.quits)
    }

    @Test("F1 opens the help, generated from the key bindings; any key closes it")
    func help() {
        var app = AppHarness()
        app.press("f1")
        #expect(app.state.overlay == .help(scroll: 0))
        let screen = app.screen().joined(separator: "\n")
        #expect(screen.contains("ctrl+r/f5"))
        #expect(screen.contains("Everywhere"))
        app.press("x")
        #expect(app.state.overlay == nil)
    }

    @Test("? opens the help outside text fields")
    func questionMarkHelp() {
        var app = AppHarness()
        app.press("alt+2", "?")
        #expect(app.state.overlay == .help(scroll: 0))
    }

    @Test("the method picker sets a common or a custom method")
    func methodPicker() {
        var app = AppHarness()
        app.press("f2", "down", "enter")
        #expect(app.state.draft.method == .post)
        app.press("f2", "up", "up")
        app.type("purge")
        app.press("enter")
        #expect(app.state.draft.method.rawValue == "PURGE")
    }

    @Test("the palette finds actions by fuzzy search and runs them")
    func palette() {
        var app = AppHarness()
        app.press("ctrl+p")
        app.type("sdbr")
        let matches = PaletteEntry.matching("sdbr", in: PaletteEntry.all(for: app.state))
        #expect(matches.first?.action == "sidebar.toggle")
        app.press("enter")
        #expect(app.state.overlay == nil)
        #expect(app.state.isSidebarVisible == false)
    }

    @Test("choosing a theme in the palette previews it and Esc goes back")
    func themePreview() {
        var app = AppHarness()
        app.state.themes = [.dark, .monochrome]
        app.press("ctrl+p")
        app.type("theme: mono")
        #expect(app.state.themeName == "monochrome")
        app.press("esc")
        #expect(app.state.themeName == "dark")
        #expect(app.commands.contains { if case .setTheme = $0.kind { return true } else { return false } })
    }

    @Test("a terminal under 40x12 shows a message, and the app comes back on resize")
    func tooSmall() {
        var app = AppHarness(width: 30, height: 10)
        #expect(app.screen().joined().contains("Terminal too small"))
        app.send(.resize(Size(width: 80, height: 24)))
        #expect(!app.screen().joined().contains("Terminal too small"))
    }

    @Test("an unresolved variable stops the send with the store's message, keeping the draft")
    func unresolvedVariable() {
        var app = AppHarness()
        app.type("{{baseUrl}}/get")
        app.press("enter")
        #expect(app.state.draft.url.text == "{{baseUrl}}/get")
        guard case .failed(let message) = app.state.viewer.phase else {
            Issue.record("expected a failure")
            return
        }
        #expect(message.contains("baseUrl"))
    }

    @Test("Esc cancels a request in flight and its late result is ignored")
    func cancel() {
        var app = AppHarness()
        app.type("http://127.0.0.1:9/")
        app.press("enter")
        #expect(app.state.send.isSending)
        let id = app.state.send.count
        app.press("esc")
        #expect(!app.state.send.isSending)
        #expect(app.commands.contains { if case .cancel(id: "send") = $0.kind { return true } else { return false } })
        app.send(.sendFinished(id: id, result: .failure(SendFailure("late")), history: nil))
        guard case .failed(let message) = app.state.viewer.phase else {
            Issue.record("expected the cancelled notice")
            return
        }
        #expect(message.hasPrefix("Cancelled"))
    }

    @Test("an edit schedules a draft write; only the latest revision is written")
    func draftDebounce() {
        var app = AppHarness()
        app.type("h")
        let first = app.state.draftRevision
        app.type("t")
        #expect(app.commands.contains { if case .after = $0.kind { return true } else { return false } })
        app.send(.draftDue(revision: first))
        #expect(!app.performs)
        app.send(.draftDue(revision: app.state.draftRevision))
        #expect(app.performs)
    }

    @Test("saved requests round-trip through the draft", arguments: [
        SavedRequest(name: "a", method: .post, url: "{{base}}/x?y=1", headers: [KeyValueRow(name: "A", value: "b")], body: .json("{\"k\": 1}"), auth: .bearer(token: "t")),
        SavedRequest(name: "b", url: "http://h.test/", body: .form([KeyValueRow(name: "f", value: "v", enabled: false)]), auth: .none,
                     options: SavedOptions(timeout: 5, followRedirects: false, verifyTLS: false, pins: ["sha256//abc"], proxy: "http://p:1")),
        SavedRequest(name: "c", method: .put, url: "http://h.test/", body: .multipart([.field(name: "a", value: "1", enabled: true), .file(name: "f", path: "/tmp/x", fileName: nil, contentType: "text/plain", enabled: true)])),
        SavedRequest(name: "d", url: "http://h.test/", body: .raw(text: "hi", contentType: "text/plain"), auth: .basic(user: "u", password: "p")),
    ])
    func draftRoundTrip(saved: SavedRequest) {
        #expect(RequestDraft(saved: saved).savedRequest == saved)
    }

    @Test("query rows of a saved request are merged into the URL when opened")
    func savedQueryMerged() {
        let saved = SavedRequest(name: "q", url: "http://h.test/p", query: [KeyValueRow(name: "a", value: "1"), KeyValueRow(name: "b", value: "2", enabled: false)])
        let draft = RequestDraft(saved: saved)
        #expect(draft.url.text == "http://h.test/p?a=1")
        #expect(draft.params.rows.count == 2)
    }

    @Test("the draft file is written canonically and read back")
    func draftFile() throws {
        let path = TemporaryFolder.path("curlew-draft", suffix: ".json")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let saved = SavedRequest(name: "d", method: .patch, url: "http://h.test/x", body: .json("{}"))
        try DraftFile.write(RequestDraft(saved: saved), to: path)
        #expect(try DraftFile.read(from: path)?.savedRequest == saved)
        #expect(try DraftFile.read(from: path + ".none") == nil)
    }

    @Test("a click focuses a pane and picks a request tab; the wheel scrolls the response")
    func mouse() {
        var app = AppHarness(width: 80, height: 24)
        let layout = AppLayout(app.state)
        app.send(.mouse(MouseEvent(.press(.left), x: layout.response.x + 3, y: layout.response.y + 4)))
        #expect(app.state.focus == .response)
        let tabsRow = layout.request.y + 1
        let screenRow = app.screen()[tabsRow]
        let headersX = screenRow.distance(from: screenRow.startIndex, to: screenRow.range(of: "Headers")!.lowerBound)
        app.send(.mouse(MouseEvent(.press(.left), x: headersX, y: tabsRow)))
        #expect(app.state.focus == .request)
        #expect(app.state.editor.tab == .headers)
    }
}
