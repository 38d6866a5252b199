import Explorer
import Foundation
import RequestKit
import RequestStore
import Testing
import TUICore
import TestSupport

/// Ctrl+S: the save-request overlay, saving into the collection file, saving in place, conflicts.
@Suite("Saving the request")
struct SaveRequestTests {
    /// A fresh temp folder for one test.
    static func tempFolder() throws -> String {
        let path = TemporaryFolder.path("curlew-save")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// A harness with a new draft for `GET http://127.0.0.1:9/users/42?x=1`.
    static func harness(storePaths: StorePaths? = nil) -> AppHarness {
        var draft = RequestDraft()
        draft.url = TextFieldState(text: "http://127.0.0.1:9/users/42?x=1")
        return AppHarness(draft: draft, storePaths: storePaths)
    }

    /// A collection with one folder, written to `folder/api.json` and opened in the app.
    static func openCollection(in folder: String, _ app: inout AppHarness) throws -> CollectionFile {
        var collection = RequestCollection(name: "API")
        collection.requests = [SavedRequest(name: "Ping", url: "http://127.0.0.1:9/ping")]
        collection.folders = [Folder(name: "Admin", folders: [Folder(name: "Users")])]
        let file = try CollectionFile.create(collection, at: folder + "/api.json")
        app.state.open(collection: file.document, baseDirectory: folder)
        app.state.collectionFile = file
        return file
    }

    /// The saved form in the overlay, or nil when another (or no) overlay is open.
    static func form(_ app: AppHarness) -> SaveRequestForm? {
        if case .saveRequest(let form)? = app.state.overlay { return form }
        return nil
    }

    @Test("ctrl+s opens the overlay with a name from method and path, and the collection's folders")
    func overlayPrefill() throws {
        var app = Self.harness()
        var collection = RequestCollection(name: "API")
        collection.folders = [Folder(name: "Admin", folders: [Folder(name: "Users")])]
        app.state.open(collection: collection, baseDirectory: nil)
        app.press("ctrl+s")
        let form = try #require(Self.form(app))
        #expect(form.name.text == "GET /users/42")
        #expect(form.folderChoices == ["", "Admin", "Admin/Users"])
        #expect(form.field == .name)
        #expect(!app.performs)
    }

    @Test("Tab switches inputs, arrows pick folders, typing edits the focused input, Esc cancels")
    func overlayKeys() throws {
        var app = Self.harness()
        var collection = RequestCollection(name: "API")
        collection.folders = [Folder(name: "Admin"), Folder(name: "Public")]
        app.state.open(collection: collection, baseDirectory: nil)
        app.press("ctrl+s")
        app.type("!")
        #expect(Self.form(app)?.name.text == "GET /users/42!")
        app.press("down")
        #expect(Self.form(app)?.folder.text == "Admin")
        #expect(Self.form(app)?.field == .folder)
        app.press("down", "down")
        #expect(Self.form(app)?.folder.text == "")
        app.press("up")
        #expect(Self.form(app)?.folder.text == "Public")
        app.press("tab")
        app.type("?")
        #expect(Self.form(app)?.name.text == "GET /users/42!?")
        app.press("tab")
        app.send(.paste("Ops/Night\n"))
        #expect(Self.form(app)?.folder.text == "PublicOps/Night")
        let before = app.state.draft
        app.press("esc")
        #expect(app.state.overlay == nil)
        #expect(app.state.draft == before)
        #expect(!app.performs)
    }

    @Test("an empty name is refused and the overlay stays open")
    func emptyName() throws {
        var app = Self.harness()
        app.press("ctrl+s")
        for _ in 0..<"GET /users/42".count { app.press("backspace") }
        app.press("enter")
        #expect(Self.form(app) != nil)
        #expect(app.state.notice?.contains("name") == true)
        #expect(!app.performs)
    }

    @Test("saving writes the request into the chosen folder on disk, lists it and marks the draft clean; ctrl+s again updates it in place")
    func saveThenUpdate() async throws {
        let folder = try Self.tempFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var app = Self.harness()
        _ = try Self.openCollection(in: folder, &app)
        #expect(!app.state.isDraftSaved)
        app.press("ctrl+s", "tab")
        app.type("Admin/Users")
        app.press("enter")
        #expect(app.state.overlay == nil)
        #expect(app.performs)
        await app.runPerformed()

        let stored = try CollectionFile.load(folder + "/api.json").document
        let saved = try #require(stored.folders.first?.folders.first?.requests.first)
        #expect(saved.name == "GET /users/42")
        #expect(saved.url == "http://127.0.0.1:9/users/42?x=1")
        #expect(saved.id == nil)
        #expect(stored.requests.map(\.name) == ["Ping"])
        #expect(app.state.draft.savedID == "~Admin/Users/GET /users/42")
        #expect(app.state.sidebarContent.requests.values.contains { $0.name == "GET /users/42" && $0.id == app.state.draft.savedID })
        #expect(app.state.isDraftSaved)
        #expect(app.state.notice?.contains("Saved") == true)

        app.state.draft.url = TextFieldState(text: "http://127.0.0.1:9/users/43")
        #expect(!app.state.isDraftSaved)
        app.press("ctrl+s")
        #expect(app.state.overlay == nil)
        #expect(app.performs)
        await app.runPerformed()
        let updated = try CollectionFile.load(folder + "/api.json").document
        let users = try #require(updated.folders.first?.folders.first?.requests)
        #expect(users.count == 1)
        #expect(users.first?.url == "http://127.0.0.1:9/users/43")
        #expect(users.first?.id == nil)
        #expect(app.state.isDraftSaved)
    }

    @Test("a request opened from the sidebar is saved in place; save-as adds a copy")
    func openedRequestSavesInPlace() async throws {
        let folder = try Self.tempFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var app = Self.harness()
        _ = try Self.openCollection(in: folder, &app)
        let pingID = try #require(app.state.sidebarContent.requests.first { $0.value.name == "Ping" }?.key)
        app.state.sidebar.select(id: pingID, in: .collection)
        app.action("sidebar.open")
        #expect(app.state.draft.name == "Ping")
        #expect(app.state.isDraftSaved)
        app.state.draft.method = .post
        app.press("ctrl+s")
        #expect(app.state.overlay == nil)
        await app.runPerformed()
        var stored = try CollectionFile.load(folder + "/api.json").document
        #expect(stored.requests.count == 1)
        #expect(stored.requests.first?.method == .post)

        app.action("request.saveAs")
        #expect(Self.form(app)?.name.text == "Ping copy")
        app.press("enter")
        await app.runPerformed()
        stored = try CollectionFile.load(folder + "/api.json").document
        #expect(stored.requests.map(\.name) == ["Ping", "Ping copy"])
        #expect(stored.requests.allSatisfy { $0.id == nil })
        #expect(app.state.draft.name == "Ping copy")
    }

    /// Opens the collection, then has another program add a request to its file; returns the file's new bytes.
    static func changeOnDisk(in folder: String, _ app: inout AppHarness) throws -> Data {
        _ = try Self.openCollection(in: folder, &app)
        let path = folder + "/api.json"
        let other = try CollectionFile.load(path)
        var edited = other.document
        edited.requests.append(SavedRequest(name: "Added elsewhere", url: "http://127.0.0.1:9/elsewhere"))
        _ = try other.saving(edited)
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    /// The conflict dialog, or nil when another (or no) overlay is open.
    static func conflict(_ app: AppHarness) -> SaveConflict? {
        if case .saveConflict(let conflict)? = app.state.overlay { return conflict }
        return nil
    }

    @Test("a file changed on disk is not overwritten: a dialog offers overwrite or reload, and Esc keeps file and draft as they are")
    func conflict() async throws {
        let folder = try Self.tempFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var app = Self.harness()
        let changed = try Self.changeOnDisk(in: folder, &app)
        let path = folder + "/api.json"
        app.state.draft.bodyMode = .json
        app.state.draft.bodyText = TextAreaState(text: "{\"typed\": true}")
        app.send(.resize(app.state.size))
        let draft = app.state.draft
        let sidebar = app.state.sidebarContent.requests
        app.press("ctrl+s", "enter")
        await app.runPerformed()
        let conflict = try #require(Self.conflict(app))
        #expect(conflict.saved?.name == "GET /users/42")
        #expect(app.screen().joined().contains("changed on disk"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == changed)
        app.press("esc")
        #expect(app.state.overlay == nil)
        #expect(app.state.notice?.contains("edits are still in the panes") == true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == changed)
        #expect(app.state.draft == draft)
        #expect(app.state.sidebarContent.requests == sidebar)
        #expect(!app.state.isDraftSaved)
    }

    @Test("o in the conflict dialog writes curlew's version over the file")
    func conflictOverwrite() async throws {
        let folder = try Self.tempFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var app = Self.harness()
        _ = try Self.changeOnDisk(in: folder, &app)
        app.press("ctrl+s", "enter")
        await app.runPerformed()
        #expect(Self.conflict(app) != nil)
        app.press("o")
        await app.runPerformed()
        let stored = try CollectionFile.load(folder + "/api.json").document
        #expect(stored.requests.map(\.name) == ["Ping", "GET /users/42"])
        #expect(app.state.isDraftSaved)
        #expect(app.state.overlay == nil)
    }

    @Test("r in the conflict dialog reloads the file and keeps the edits in the panes, so a second save adds them to it")
    func conflictReload() async throws {
        let folder = try Self.tempFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var app = Self.harness()
        _ = try Self.changeOnDisk(in: folder, &app)
        let draft = app.state.draft
        app.press("ctrl+s", "enter")
        await app.runPerformed()
        app.press("r")
        await app.runPerformed()
        #expect(app.state.collection?.requests.map(\.name) == ["Ping", "Added elsewhere"])
        #expect(app.state.draft == draft)
        #expect(app.state.notice?.contains("Reloaded") == true)
        app.press("ctrl+s", "enter")
        await app.runPerformed()
        let stored = try CollectionFile.load(folder + "/api.json").document
        #expect(stored.requests.map(\.name) == ["Ping", "Added elsewhere", "GET /users/42"])
        #expect(app.state.isDraftSaved)
    }

    @Test("a rename in the sidebar that meets a changed file gets the same dialog; o writes the rename over the file")
    func sidebarConflictOverwrite() async throws {
        let folder = try Self.tempFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var app = Self.harness()
        _ = try Self.changeOnDisk(in: folder, &app)
        app.state.overlay = .rename(SidebarTarget(id: "r:/0", name: "Ping", kind: .request), TextFieldState(text: "Ping again"))
        app.press("enter")
        await app.runPerformed()
        let conflict = try #require(Self.conflict(app))
        #expect(conflict.saved == nil)
        #expect(app.screen().joined().contains("change in the sidebar was not saved"))
        app.press("o")
        await app.runPerformed()
        let stored = try CollectionFile.load(folder + "/api.json").document
        #expect(stored.requests.map(\.name) == ["Ping again"])
    }

    @Test("Esc on the conflict dialog after a sidebar rename puts the sidebar back as the file was read")
    func sidebarConflictCancel() async throws {
        let folder = try Self.tempFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var app = Self.harness()
        let changed = try Self.changeOnDisk(in: folder, &app)
        app.state.overlay = .rename(SidebarTarget(id: "r:/0", name: "Ping", kind: .request), TextFieldState(text: "Ping again"))
        app.press("enter")
        #expect(app.state.collection?.requests.map(\.name) == ["Ping again"])
        await app.runPerformed()
        #expect(Self.conflict(app) != nil)
        app.press("esc")
        #expect(app.state.collection?.requests.map(\.name) == ["Ping"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/api.json")) == changed)
        #expect(app.state.notice?.contains("last read") == true)
    }

    @Test("the request pane's title names the saved request and marks it modified after an edit")
    func modifiedMarker() async throws {
        let folder = try Self.tempFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var app = Self.harness()
        _ = try Self.openCollection(in: folder, &app)
        app.press("ctrl+s", "enter")
        await app.runPerformed()
        #expect(app.screen().joined().contains("GET /users/42"))
        #expect(!app.screen().joined().contains("modified"))
        app.type("/more")
        #expect(!app.state.isDraftSaved)
        #expect(app.screen().joined().contains("● modified"))
        app.press("ctrl+s")
        await app.runPerformed()
        #expect(!app.screen().joined().contains("modified"))
    }

    @Test("a restored draft of a saved request is compared with the collection: unchanged shows clean, changed shows modified")
    func restoredDraftCompared() throws {
        var collection = RequestCollection(name: "API")
        collection.requests = [SavedRequest(id: "r1", name: "Ping", url: "http://127.0.0.1:9/ping")]
        var state = AppState(draft: RequestDraft(saved: collection.requests[0]))
        state.open(collection: collection, baseDirectory: nil)
        state.compareDraftWithCollection()
        #expect(state.isDraftSaved)
        var edited = collection.requests[0]
        edited.url = "http://127.0.0.1:9/pong"
        state = AppState(draft: RequestDraft(saved: edited))
        state.open(collection: collection, baseDirectory: nil)
        state.compareDraftWithCollection()
        #expect(!state.isDraftSaved)
    }

    @Test("with no collection open the request goes to collections/Untitled.json in the data folder, which is opened")
    func defaultCollection() async throws {
        let folder = try Self.tempFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let paths = StorePaths(dataDirectory: folder + "/data", configDirectory: folder + "/config")
        var app = Self.harness(storePaths: paths)
        app.press("ctrl+s", "enter")
        await app.runPerformed()
        let path = paths.collectionsDirectory + "/Untitled.json"
        let stored = try CollectionFile.load(path).document
        #expect(stored.requests.map(\.name) == ["GET /users/42"])
        #expect(app.state.collectionFile?.path == path)
        #expect(app.state.collection?.name == "Untitled")
        #expect(app.state.sidebarContent.requests.values.map(\.name) == ["GET /users/42"])

        app.state.draft = RequestDraft()
        app.state.draft.url = TextFieldState(text: "http://127.0.0.1:9/other")
        app.press("ctrl+s", "enter")
        await app.runPerformed()
        #expect(try CollectionFile.load(path).document.requests.map(\.name) == ["GET /users/42", "GET /other"])
    }

    @Test("the save overlay", arguments: [(80, 24), (120, 40)])
    func snapshot(size: (Int, Int)) throws {
        var app = ScreenSnapshotTests.harness(size.0, size.1)
        app.press("ctrl+s", "tab")
        app.type("Admin/New")
        try ScreenSnapshotTests.check(app, "overlay-save-request")
    }
}
