import BodyIndex
import Explorer
import Foundation
import RequestKit
import RequestStore
import Testing
import TUICore
import TUITesting

/// Every pane, tab and dialog drawn at 80x24 and 120x40, compared with recorded text snapshots.
///
/// Record again with `RECORD_SNAPSHOTS=1 swift test --filter ScreenSnapshotTests`.
@Suite("Screen snapshots")
struct ScreenSnapshotTests {
    static let sizes = [(80, 24), (120, 40)]

    /// A draft with something in every tab.
    static func fullDraft() -> RequestDraft {
        var draft = RequestDraft(saved: SavedRequest(
            name: "Create user", method: .post, url: "{{baseUrl}}/anything?page=2&sort=name",
            headers: [KeyValueRow(name: "Accept", value: "application/json"), KeyValueRow(name: "X-Trace", value: "abc", enabled: false)],
            body: .json("{\n  \"name\": \"Ann\",\n  \"tags\": [\"a\", \"b\"]\n}"),
            auth: .bearer(token: "{{token}}"),
            options: SavedOptions(timeout: 10, verifyTLS: false, proxy: "http://proxy.test:3128")))
        draft.files = [FileAttachment(fieldName: "avatar", path: "/tmp/ann.png", status: .readable(size: 48_213)),
                       FileAttachment(fieldName: "cv", path: "/nonexistent/cv.pdf", status: .missing)]
        return draft
    }

    static func harness(_ width: Int, _ height: Int) -> AppHarness {
        let scope = VariableScope(collection: [Variable(name: "baseUrl", value: "http://127.0.0.1:8080")])
        var app = AppHarness(width: width, height: height, draft: fullDraft(), variables: scope)
        var collection = RequestCollection(name: "Sample API")
        collection.requests = [SavedRequest(name: "List users", url: "{{baseUrl}}/get"), SavedRequest(name: "Create user", method: .post, url: "{{baseUrl}}/post")]
        collection.folders = [Folder(name: "Admin", requests: [SavedRequest(name: "Delete user", method: .delete, url: "{{baseUrl}}/delete")])]
        app.state.open(collection: collection, baseDirectory: nil)
        app.state.sidebar.now = Date(timeIntervalSince1970: 1_800_000_000)
        app.send(.resize(Size(width: width, height: height)))
        return app
    }

    static func check(_ app: AppHarness, _ name: String) throws {
        try Snapshot.assert(app.screen().joined(separator: "\n"), named: "app-\(name)-\(app.state.size.width)x\(app.state.size.height)")
    }

    @Test("each request tab", arguments: [(80, 24), (120, 40)])
    func requestTabs(size: (Int, Int)) throws {
        for tab in RequestTab.allCases {
            var app = Self.harness(size.0, size.1)
            app.action("tab." + tab.title.lowercased())
            try Self.check(app, "tab-\(tab.title.lowercased())")
        }
    }

    @Test("body modes", arguments: [(80, 24), (120, 40)])
    func bodyModes(size: (Int, Int)) throws {
        for mode in [BodyMode.form, .raw, .file, .none] {
            var app = Self.harness(size.0, size.1)
            app.action("body.mode." + mode.rawValue)
            try Self.check(app, "body-\(mode.rawValue)")
        }
        var invalid = Self.harness(size.0, size.1)
        invalid.action("tab.body")
        invalid.state.draft.bodyText = TextAreaState(text: "{\"a\": }")
        try Self.check(invalid, "body-json-invalid")
        var graphQL = Self.harness(size.0, size.1)
        graphQL.action("body.mode.graphql")
        graphQL.state.draft.bodyText = TextAreaState(text: "query User($id: ID!) {\n  user(id: $id) {\n    name\n  }\n}")
        graphQL.state.draft.graphQLVariables = TextAreaState(text: "{\n  \"id\": \"42\"\n}")
        try Self.check(graphQL, "body-graphql")
    }

    @Test("dialogs and overlays", arguments: [(80, 24), (120, 40)])
    func overlays(size: (Int, Int)) throws {
        var app = Self.harness(size.0, size.1)
        app.press("f1")
        try Self.check(app, "overlay-help")
        app = Self.harness(size.0, size.1)
        app.press("ctrl+p")
        app.type("send")
        try Self.check(app, "overlay-palette")
        app = Self.harness(size.0, size.1)
        app.press("f2")
        try Self.check(app, "overlay-method")
        app = Self.harness(size.0, size.1)
        app.action("tab.files")
        app.press("a")
        app.type("/tmp/re")
        try Self.check(app, "overlay-add-file")
        app = Self.harness(size.0, size.1)
        app.state.overlay = .rename(SidebarTarget(id: "r:/0", name: "List users", kind: .request), TextFieldState(text: "List users"))
        try Self.check(app, "overlay-rename")
        app.state.overlay = .confirmDelete(SidebarTarget(id: "f:0", name: "Admin", kind: .folder))
        try Self.check(app, "overlay-delete")
        app.state.overlay = .saveBody(TextFieldState(text: "response.json"), body: BodyBytes("{}".utf8))
        try Self.check(app, "overlay-save-body")
        app.state.overlay = .message(title: "Editor", text: "The editor 'vim' exited with status 1; the body was left unchanged.")
        try Self.check(app, "overlay-message")
        app = Self.harness(size.0, size.1)
        app.action("tab.headers")
        app.press("a")
        app.type("con")
        app.press("down", "down")
        try Self.check(app, "header-suggestions")
    }

    @Test("response states", arguments: [(80, 24), (120, 40)])
    func responses(size: (Int, Int)) throws {
        var app = Self.harness(size.0, size.1)
        app.send(.action("request.send"))
        app.send(.sendProgress(id: app.state.send.count, elapsed: .milliseconds(1500), progress: TransferProgress(bytesSent: 2048, bytesReceived: 10_000)))
        try Self.check(app, "response-sending")
        let response = Response(statusCode: 200, reason: "OK", headers: ["Content-Type": "application/json", "Server": "gunicorn"],
                                body: Data("{\"args\": {\"page\": \"2\"}, \"url\": \"http://127.0.0.1:8080/anything\", \"n\": [1, 2.5, true, null]}".utf8),
                                effectiveURL: "http://127.0.0.1:8080/anything",
                                timings: Timings(dns: 0.001, connect: 0.002, tls: 0, firstByte: 0.010, download: 0.001, total: 0.014))
        app.send(.sendFinished(id: app.state.send.count, result: .success(response), history: nil))
        app.send(.responseFormatted(id: app.state.send.count, document: ResponseDocument.make(from: response)))
        app.state.focus = .response
        try Self.check(app, "response-received")
        app.press("2")
        try Self.check(app, "response-headers")
        app.press("3")
        try Self.check(app, "response-timing")

        var failed = Self.harness(size.0, size.1)
        failed.send(.action("request.send"))
        failed.send(.sendFinished(id: failed.state.send.count,
                                  result: .failure(SendFailure("Could not connect to 127.0.0.1 port 9: Connection refused. Check that the server is running and the port is right.")), history: nil))
        try Self.check(failed, "response-failed")
    }

    @Test("sidebar focused and a terminal too small")
    func sidebarAndTooSmall() throws {
        var app = Self.harness(120, 40)
        app.state.focus = .sidebar
        app.press("right")
        try Self.check(app, "sidebar-focused")
        var small = Self.harness(39, 11)
        small.send(.resize(Size(width: 39, height: 11)))
        try Self.check(small, "too-small")
    }
}
