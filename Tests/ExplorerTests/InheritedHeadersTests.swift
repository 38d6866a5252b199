import Explorer
import Foundation
import RequestKit
import RequestStore
import Testing
import TUICore
import TUITesting
import TestSupport

/// The Headers tab shows the collection's and folders' headers as inherited rows, each of which can be switched off
/// for one request (kept in its file); they are applied when sending, never copied into the request's own list.
@Suite("Inherited headers")
struct InheritedHeadersTests {
    /// A collection with a header, a folder with two (one replacing the collection's), and a request in the folder,
    /// written to a fresh temp folder and opened, the request open in the draft.
    static func setUp(width: Int = 120, height: Int = 40) throws -> (AppHarness, String) {
        let folder = TemporaryFolder.path("curlew-inherit")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var collection = RequestCollection(name: "API")
        collection.headers = [KeyValueRow(name: "Accept", value: "application/json"), KeyValueRow(name: "X-Team", value: "core")]
        collection.folders = [Folder(name: "Users", headers: [KeyValueRow(name: "x-team", value: "users"), KeyValueRow(name: "X-Area", value: "people")],
                                     requests: [SavedRequest(name: "Get", url: "http://127.0.0.1:9/users/1",
                                                             headers: [KeyValueRow(name: "X-Own", value: "mine")])])]
        collection.requests = [SavedRequest(name: "Top", url: "http://127.0.0.1:9/top")]
        let path = folder + "/api.json"
        let file = try CollectionFile.create(collection, at: path)
        var app = AppHarness(width: width, height: height)
        app.state.open(collection: file.document, baseDirectory: folder)
        app.state.collectionFile = file
        let id = try #require(app.state.sidebarContent.requests.first { $0.value.name == "Get" }?.key)
        app.openSidebarRequest(id)
        return (app, path)
    }

    /// The request as a curl command (Alt+C builds it the way a send does), to read the headers it would send.
    static func sent(_ app: AppHarness) async throws -> String {
        var app = app
        app.action("request.copyCurl")
        await app.runPerformed()
        return try #require(app.clipboard)
    }

    @Test("the Headers tab lists inherited headers after the request's own, with where each is set")
    func listed() throws {
        var (app, _) = try Self.setUp()
        app.action("tab.headers")
        let inherited = app.state.inheritedHeaders
        #expect(inherited.map(\.row.name) == ["Accept", "x-team", "X-Area"])
        #expect(inherited.map(\.source) == [.collection, .folder(path: "Users"), .folder(path: "Users")])
        #expect(app.state.draft.headers.rows.map(\.name) == ["X-Own"])
        let screen = app.screen().joined(separator: "\n")
        #expect(screen.contains("Headers 1 +3"))
        #expect(screen.contains("Inherited"))
        #expect(screen.contains("folder Users"))
        #expect(screen.contains("collection"))
    }

    @Test("Space on an inherited header switches it off for this request: not sent, kept in the file after a save and a reload")
    func switchedOff() async throws {
        var (app, path) = try Self.setUp()
        #expect(try await Self.sent(app).contains("x-team: users"))
        #expect(!(try await Self.sent(app).contains("X-Team: core")))
        #expect(try await Self.sent(app).contains("Accept: application/json"))
        app.action("tab.headers")
        app.press("down", "down", "space")
        #expect(app.state.editor.inheritedHeaderRow == 1)
        #expect(app.state.draft.disabledInheritedHeaders == ["x-team"])
        #expect(!(try await Self.sent(app).lowercased().contains("x-team")))
        #expect(try await Self.sent(app).contains("X-Own: mine"))
        #expect(app.screen().joined(separator: "\n").contains("folder Users · off"))
        #expect(!app.state.isDraftSaved)

        app.press("ctrl+s")
        await app.runPerformed()
        let stored = try CollectionFile.load(path)
        let request = try #require(stored.document.folders.first?.requests.first)
        #expect(request.disabledInheritedHeaders == ["x-team"])
        #expect(request.headers.map(\.name) == ["X-Own"])
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("\"disabledInheritedHeaders\": [\n"))
        let located = try #require(stored.document.allRequests.first { $0.request.name == "Get" })
        #expect(!InheritedSettings.effective(for: located, in: stored.document).headers.contains { $0.name.lowercased() == "x-team" })

        // Opened again from the file (as after a restart), it is still off; Space switches it on again.
        var reopened = AppHarness()
        reopened.state.open(collection: stored.document, baseDirectory: nil)
        reopened.state.collectionFile = stored
        let id = try #require(reopened.state.sidebarContent.requests.first { $0.value.name == "Get" }?.key)
        reopened.openSidebarRequest(id)
        #expect(!(try await Self.sent(reopened).lowercased().contains("x-team")))
        reopened.action("tab.headers")
        reopened.press("down", "down", "space")
        #expect(try await Self.sent(reopened).contains("x-team: users"))
    }

    @Test("Enter on an inherited header says where to edit it and changes nothing")
    func notEditedHere() throws {
        var (app, _) = try Self.setUp()
        app.action("tab.headers")
        app.press("down", "enter")
        #expect(app.state.notice?.contains("set in the collection") == true)
        #expect(app.state.draft.headers.rows.map(\.name) == ["X-Own"])
        #expect(!app.state.draft.headers.isEditing)
        app.press("up")
        #expect(app.state.editor.inheritedHeaderRow == nil)
    }

    @Test("a pasted curl command keeps only its own headers; the inherited ones are shown, not copied in")
    func pastedCurl() throws {
        var (app, _) = try Self.setUp()
        app.action("request.new")
        app.send(.paste("curl -H 'X-Pasted: yes' http://127.0.0.1:9/pasted"))
        #expect(app.state.draft.headers.rows.map(\.name) == ["X-Pasted"])
        #expect(app.state.draft.savedRequest.headers.map(\.name) == ["X-Pasted"])
        #expect(app.state.inheritedHeaders.map(\.row.name) == ["Accept", "X-Team"])
        #expect(app.state.notice?.contains("2 inherited headers apply too") == true)
        app.action("tab.headers")
        #expect(app.screen().joined(separator: "\n").contains("Headers 1 +2"))
    }

    @Test("the Headers tab with inherited rows", arguments: [(80, 24), (120, 40)])
    func snapshots(size: (Int, Int)) throws {
        var (app, _) = try Self.setUp(width: size.0, height: size.1)
        app.action("tab.headers")
        app.press("down", "down", "space")
        try Snapshot.assert(app.screen().joined(separator: "\n"), named: "app-inherited-headers-\(size.0)x\(size.1)")
    }
}
