import Foundation
import RequestKit
import RequestStore
import Testing
import TUICore
import TUITesting
@testable import Explorer
import TestSupport

/// History in the sidebar: rows show the method, status and path with the host shortened; an entry opens
/// with its stored request and stored response, without sending.
@Suite struct HistoryRowsTests {
    static let sent = Date(timeIntervalSince1970: 1_800_000_000)

    static func entries() -> [HistoryEntry] {
        [
            HistoryEntry(id: "e-1", time: sent, method: .get, url: "http://127.0.0.1:8080/anything/x", status: 200),
            HistoryEntry(id: "e-2", time: sent - 600, method: .post, url: "https://www.example.com/api/v1/users?page=2", status: 201),
            HistoryEntry(id: "e-3", time: sent - 7200, method: .delete, url: "https://api.example.com:8443/users/42", status: 404),
            HistoryEntry(id: "e-4", time: sent - 90_000, method: .get, url: "http://localhost:1/down", error: "connection refused"),
        ]
    }

    @Test(arguments: [
        ("http://127.0.0.1:8080/anything/x?y=1#part", "/anything/x?y=1", "127.0.0.1:8080"),
        ("https://user:secret@www.example.com", "/", "example.com"),
        ("https://api.example.com?q=1", "/?q=1", "api.example.com"),
        ("{{baseUrl}}/users", "/users", "{{baseUrl}}"),
    ])
    func theURLSplitsIntoPathAndHost(url: String, path: String, host: String) {
        let target = SidebarFormatting.historyTarget(url)
        #expect(target.path == path)
        #expect(target.host == host)
    }

    @Test func aRowShowsThePathBeforeTheHost() {
        var app = AppHarness(width: 120, height: 40)
        app.state.show(history: Self.entries())
        app.state.sidebar.now = Self.sent + 180
        _ = app.state.sidebar.apply(.selectSection(.history))
        let screen = app.screen().joined(separator: "\n")
        #expect(screen.contains("GET    200 /anything/x"))
        #expect(screen.contains("3m"))
        #expect(!screen.contains("http://127."))
        app.state.sidebarWidth = 60
        let wide = app.screen().joined(separator: "\n")
        #expect(wide.contains("GET    200 /anything/x 127.0.0.1:8080"))
        #expect(wide.contains("POST   201 /api/v1/users?page=2 example.com"))
    }

    @Test func agesFollowTheClockTick() throws {
        var app = AppHarness(width: 120, height: 40)
        app.state.show(history: Self.entries())
        app.state.sidebar.now = Self.sent
        _ = app.state.sidebar.apply(.selectSection(.history))
        #expect(app.screen().joined(separator: "\n").contains("now"))
        let program = ExplorerProgram(effects: Effects(client: AppHarness.client, draftPath: nil, clock: { HistoryRowsTests.sent + 3 * 3600 }))
        let tick = try #require(program.clock).message()
        guard case .clockTick(let now) = tick else {
            Issue.record("the clock sends \(tick)")
            return
        }
        #expect(now == HistoryRowsTests.sent + 3 * 3600, "the tick carries the time the clock gave")
        let (next, _) = program.update(app.state, tick)
        app.state = next
        #expect(app.screen().joined(separator: "\n").contains("3h"))
    }

    @Test(arguments: [(80, 24), (120, 40)])
    func historySnapshot(size: (Int, Int)) throws {
        var app = AppHarness(width: size.0, height: size.1)
        app.state.sidebarPreference = true
        app.state.sidebarWidth = 44
        app.state.show(history: Self.entries())
        app.state.sidebar.now = Self.sent + 42
        app.state.focus = .sidebar
        _ = app.state.sidebar.apply(.selectSection(.history))
        var frame = Frame(size: app.state.size, theme: .monochrome, capabilities: TerminalCapabilities(colorDepth: .none, unicode: true))
        app.program.view(app.state, into: &frame)
        try Snapshot.assert(frame.buffer, named: "history-rows-\(size.0)x\(size.1)")
    }

    @Test func openingAnEntryShowsItsStoredRequestAndResponseWithoutSending() async throws {
        let folder = TemporaryFolder.path("curlew-history-open")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let paths = StorePaths(dataDirectory: folder, configDirectory: folder + "/config")
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "application/json")
        let response = Response(statusCode: 201, reason: "Created", headers: headers, body: Data(#"{"stored": "answer"}"#.utf8),
                                effectiveURL: "http://127.0.0.1:1/notes")
        var sentHeaders = HTTPHeaders()
        sentHeaders.add(name: "X-Trace", value: "abc")
        let exchange = HistoryExchange(method: .post, url: "http://127.0.0.1:1/notes", headers: sentHeaders,
                                       body: [.bytes(Data(#"{"note": "stored request"}"#.utf8))], response: response)
        let recorded = try HistoryStore(paths: paths).record(exchange)
        let entry = try #require(try HistoryStore(paths: paths).entry(id: recorded.id))

        var app = AppHarness(storePaths: paths)
        app.state.viewer.fail("an earlier response")
        app.state.show(history: [entry])
        app.state.focus = .sidebar
        app.press("]", "enter")
        #expect(app.state.send.count == 0)
        #expect(!app.commands.contains { if case .perform(let id, _) = $0.kind { return id == "send" } else { return false } })
        #expect(app.state.viewer.document == nil)
        await app.runPerformed()
        #expect(app.state.send.count == 0)
        #expect(app.state.draft.method == .post)
        #expect(app.state.draft.url.text == "http://127.0.0.1:1/notes")
        #expect(app.state.draft.headers.rows.contains { $0.name == "X-Trace" && $0.value == "abc" })
        #expect(app.state.draft.bodyText.text.contains("stored request"))
        #expect(app.state.shownHistoryEntry?.id == entry.id)
        let screen = app.screen().joined(separator: "\n")
        #expect(screen.contains("201"))
        #expect(screen.contains(#""stored": "answer""#))
        #expect(!screen.contains("an earlier response"))
    }

    @Test func openingAFailedEntryShowsWhyInsteadOfAnEarlierResponse() {
        var app = AppHarness()
        app.state.viewer.fail("an earlier response")
        app.state.show(history: Self.entries())
        app.state.focus = .sidebar
        app.press("]", "G", "enter")
        #expect(app.state.draft.url.text == "http://localhost:1/down")
        let screen = app.screen().joined(separator: "\n")
        #expect(screen.contains("connection refused"))
        #expect(!screen.contains("an earlier response"))
        #expect(app.state.send.count == 0)
    }
}
