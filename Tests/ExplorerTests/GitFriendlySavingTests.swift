import Explorer
import Foundation
import RequestKit
import RequestStore
import Testing
import TUICore
import TestSupport

/// Saving from the app changes only what was edited: no ids added, query rows kept as rows, typed credentials moved
/// into secret variables, and an unchanged request rewrites no byte. Each test works on real files in a temp folder.
@Suite("Git-friendly saving")
struct GitFriendlySavingTests {
    /// A fresh temp folder.
    static func tempFolder() throws -> String {
        let path = TemporaryFolder.path("curlew-git")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Opens the collection file at `path` in a harness, as the app does at start.
    static func open(_ path: String, _ app: inout AppHarness) throws {
        let file = try CollectionFile.load(path)
        app.state.open(collection: file.document, baseDirectory: file.baseDirectory)
        app.state.collectionFile = file
        app.state.variables.collection = file.document.variables
    }

    /// Opens the request named `name` from the sidebar.
    static func openRequest(named name: String, _ app: inout AppHarness) throws {
        let id = try #require(app.state.sidebarContent.requests.first { $0.value.name == name }?.key)
        app.openSidebarRequest(id)
        #expect(app.state.draft.name == name)
    }

    /// Presses Ctrl+S and runs what it started.
    static func save(_ app: inout AppHarness) async {
        app.press("ctrl+s")
        #expect(app.state.overlay == nil)
        #expect(app.performs)
        await app.runPerformed()
    }

    @Test("opening and saving every sample request adds no id and changes no byte of the file")
    func sampleCollectionUnchanged() async throws {
        let folder = try Self.tempFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("sample-requests/httpbin.json")
        let path = folder + "/httpbin.json"
        try FileManager.default.copyItem(atPath: sample.path, toPath: path)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        var app = AppHarness()
        try Self.open(path, &app)
        let names = try CollectionFile.load(path).document.allRequests.map(\.request.name)
        #expect(names.count >= 10)
        for name in names {
            try Self.openRequest(named: name, &app)
            #expect(app.state.isDraftSaved, "\(name) looks modified right after opening")
            await Self.save(&app)
            #expect(app.state.notice?.hasPrefix("Saved '\(name)'") == true, "\(name): \(app.state.notice ?? "")")
        }
        let after = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(!String(decoding: after, as: UTF8.self).contains("\"id\""))
        #expect(after == before)
    }

    @Test("a request without an id keeps none after a save, and the draft still finds it after a restart")
    func noIDAdded() async throws {
        let folder = try Self.tempFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var collection = RequestCollection(name: "API")
        collection.folders = [Folder(name: "Users", requests: [SavedRequest(name: "Get", url: "http://127.0.0.1:9/users/1"),
                                                               SavedRequest(name: "Get", url: "http://127.0.0.1:9/users/2")])]
        let path = folder + "/api.json"
        _ = try CollectionFile.create(collection, at: path)
        var app = AppHarness()
        try Self.open(path, &app)
        let second = try #require(app.state.sidebarContent.requests.first { $0.value.url.hasSuffix("/2") }?.key)
        app.openSidebarRequest(second)
        #expect(app.state.draft.savedID == "~Users/Get#2")
        app.state.draft.method = .delete
        await Self.save(&app)
        let stored = try CollectionFile.load(path).document
        #expect(stored.folders[0].requests.map(\.id) == [nil, nil])
        #expect(stored.folders[0].requests.map(\.method) == [.get, .delete])
        #expect(app.state.isDraftSaved)

        // A restart: the draft file keeps the session id, and the collection read again gives the same one.
        let draftPath = folder + "/draft.json"
        try DraftFile.write(app.state.draft, to: draftPath)
        let restored = try #require(try DraftFile.read(from: draftPath))
        var restarted = AppHarness(draft: restored)
        try Self.open(path, &restarted)
        restarted.state.compareDraftWithCollection()
        #expect(restarted.state.isDraftSaved)
        restarted.state.draft.method = .put
        await Self.save(&restarted)
        #expect(try CollectionFile.load(path).document.folders[0].requests.map(\.method) == [.get, .put])
    }

    @Test("after the open request is renamed in the sidebar, Ctrl+S still saves it in place, under its new name")
    func renamedInSidebar() async throws {
        let folder = try Self.tempFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var collection = RequestCollection(name: "API")
        collection.requests = [SavedRequest(name: "Get", url: "http://127.0.0.1:9/a"), SavedRequest(name: "Other", url: "http://127.0.0.1:9/b")]
        let path = folder + "/api.json"
        _ = try CollectionFile.create(collection, at: path)
        var app = AppHarness()
        try Self.open(path, &app)
        try Self.openRequest(named: "Get", &app)
        app.state.overlay = .rename(SidebarTarget(id: "r:/0", name: "Get", kind: .request), TextFieldState(text: "Fetch"))
        app.press("enter")
        await app.runPerformed()
        #expect(app.state.draft.savedID == "~Fetch")
        #expect(app.state.draft.name == "Fetch")
        #expect(app.state.isDraftSaved)
        app.state.draft.method = .head
        await Self.save(&app)
        let stored = try CollectionFile.load(path).document.requests
        #expect(stored.map(\.name) == ["Fetch", "Other"])
        #expect(stored.map(\.method) == [.head, .get])
        #expect(stored.allSatisfy { $0.id == nil })
    }

    @Test("editing one query row keeps the rows as rows, and the URL as it was")
    func queryRowsStayRows() async throws {
        let folder = try Self.tempFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var collection = RequestCollection(name: "API")
        collection.requests = [SavedRequest(name: "Search", url: "{{baseUrl}}/search?v=2", query: [
            KeyValueRow(name: "q", value: "shoes"), KeyValueRow(name: "debug", value: "1", enabled: false), KeyValueRow(name: "page", value: "1"),
        ])]
        let path = folder + "/api.json"
        _ = try CollectionFile.create(collection, at: path)
        var app = AppHarness()
        try Self.open(path, &app)
        try Self.openRequest(named: "Search", &app)
        #expect(app.state.draft.params.rows.map(\.name) == ["v", "q", "debug", "page"])

        // Change page 1 to 2 in the Params table.
        app.press("alt+1", "down", "down", "down", "right", "enter", "ctrl+u")
        app.type("2")
        app.press("enter")
        #expect(app.state.draft.url.text == "{{baseUrl}}/search?v=2&q=shoes&page=2")
        await Self.save(&app)
        let stored = try CollectionFile.load(path).document.requests[0]
        #expect(stored.url == "{{baseUrl}}/search?v=2")
        #expect(stored.query == [KeyValueRow(name: "q", value: "shoes"), KeyValueRow(name: "debug", value: "1", enabled: false),
                                 KeyValueRow(name: "page", value: "2")])
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("\"query\": ["))
    }

    @Test("a bearer token typed in the Auth tab goes to the environment's secrets file; the collection keeps {{bearerToken}}")
    func typedTokenBecomesSecret() async throws {
        let folder = try Self.tempFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var collection = RequestCollection(name: "API")
        collection.requests = [SavedRequest(name: "Me", url: "http://127.0.0.1:9/me")]
        let path = folder + "/api.json"
        _ = try CollectionFile.create(collection, at: path)
        let environment = try EnvironmentFile.create(Environment(name: "local", variables: [Variable(name: "baseUrl", value: "http://127.0.0.1:9")]),
                                                     at: folder + "/local.env.json")
        var app = AppHarness()
        try Self.open(path, &app)
        app.state.environments = [environment]
        app.state.activate(environment: "local")
        try Self.openRequest(named: "Me", &app)
        app.press("alt+5", "ctrl+t")
        #expect(app.state.draft.authMode == .bearer)
        app.type("tok-typed-123")
        await Self.save(&app)

        let collectionText = try String(contentsOfFile: path, encoding: .utf8)
        #expect(!collectionText.contains("tok-typed-123"))
        #expect(try CollectionFile.load(path).document.requests[0].auth == .bearer(token: "{{bearerToken}}"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/api.secrets.json"))
        let environmentText = try String(contentsOfFile: folder + "/local.env.json", encoding: .utf8)
        #expect(!environmentText.contains("tok-typed-123"))
        let secrets = try String(contentsOfFile: folder + "/local.env.secrets.json", encoding: .utf8)
        #expect(secrets.contains("tok-typed-123"))
        #expect(try EnvironmentFile.load(folder + "/local.env.json").document.variables.contains { $0.name == "bearerToken" && $0.secret })
        #expect(app.state.draft.authFields.token.text == "{{bearerToken}}")
        #expect(app.state.variables.lookup("bearerToken")?.value == "tok-typed-123")
        #expect(app.state.notice?.contains("secret variable {{bearerToken}} of the environment 'local'") == true)
        #expect(app.state.notice?.contains("local.env.secrets.json") == true)
        #expect(app.state.isDraftSaved)
    }

    @Test("without an environment, a typed basic password goes to the collection's secrets file")
    func typedPasswordBecomesCollectionSecret() async throws {
        let folder = try Self.tempFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var collection = RequestCollection(name: "API")
        collection.requests = [SavedRequest(name: "Login", url: "http://127.0.0.1:9/login", auth: .basic(user: "ann", password: ""))]
        let path = folder + "/api.json"
        _ = try CollectionFile.create(collection, at: path)
        var app = AppHarness()
        try Self.open(path, &app)
        try Self.openRequest(named: "Login", &app)
        app.press("alt+5", "down")
        app.type("pa55word")
        await Self.save(&app)
        let stored = try CollectionFile.load(path)
        #expect(stored.document.requests[0].auth == .basic(user: "ann", password: "{{basicPassword}}"))
        #expect(!(try String(contentsOfFile: path, encoding: .utf8)).contains("pa55word"))
        #expect((try String(contentsOfFile: folder + "/api.secrets.json", encoding: .utf8)).contains("pa55word"))
        #expect(app.state.notice?.contains("api.secrets.json") == true)
    }

    @Test("saving a request with every part, unchanged, rewrites the file byte for byte")
    func unchangedSaveIsByteIdentical() async throws {
        let folder = try Self.tempFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var request = SavedRequest(id: "create", name: "Create", method: .post, url: "{{baseUrl}}/items?v=1#top",
                                   query: [KeyValueRow(name: "dry run", value: "a&b")],
                                   headers: [KeyValueRow(name: "X-Trace", value: "{{$uuid}}"), KeyValueRow(name: "X-Off", value: "1", enabled: false)],
                                   body: .json("{\n  \"name\": \"{{user}}\"\n}"), auth: .bearer(token: "{{token}}"))
        request.disabledInheritedHeaders = ["Accept"]
        request.options.timeout = 2.5
        request.options.followRedirects = false
        request.checks = [try Check.parse("status == 201")]
        var collection = RequestCollection(name: "API")
        collection.headers = [KeyValueRow(name: "Accept", value: "application/json")]
        collection.requests = [request, SavedRequest(name: "Plain", url: "http://127.0.0.1:9/plain?a=1&b=%20")]
        let path = folder + "/api.json"
        _ = try CollectionFile.create(collection, at: path)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        var app = AppHarness()
        try Self.open(path, &app)
        for name in ["Create", "Plain"] {
            try Self.openRequest(named: name, &app)
            #expect(app.state.isDraftSaved)
            await Self.save(&app)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }
}
