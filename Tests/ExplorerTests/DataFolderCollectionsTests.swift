import Foundation
import RequestStore
import Testing
import TUICore
import TUITesting
@testable import Explorer
import TestSupport

/// Without a collection argument the sidebar lists the data folder's collections, and saving updates the file a request came from.
@Suite struct DataFolderCollectionsTests {
    /// A data folder in a temporary directory, removed by `remove()`.
    struct Folder {
        let paths: StorePaths
        init() throws {
            let root = TemporaryFolder.path("curlew-data-folder")
            paths = StorePaths(dataDirectory: root, configDirectory: root + "/config")
            _ = try paths.ensureCollectionsDirectory()
        }
        var collections: String { paths.collectionsDirectory }
        func write(_ collection: RequestCollection, as name: String) throws {
            _ = try CollectionFile.create(collection, at: collections + "/" + name)
        }
        func load(_ name: String) throws -> RequestCollection { try CollectionFile.load(collections + "/" + name).document }
        func remove() { try? FileManager.default.removeItem(atPath: paths.dataDirectory) }
    }

    static let imported = RequestCollection(name: "Pet store", folders: [
        RequestStore.Folder(name: "pets", requests: [SavedRequest(id: "list-pets", name: "List pets", url: "http://127.0.0.1:1/pets")]),
    ])
    static let notes = RequestCollection(name: "Notes", requests: [
        SavedRequest(id: "read-note", name: "Read a note", url: "http://127.0.0.1:1/notes/1"),
    ])

    /// A harness listing the data folder's collections, as the app starts without a collection argument.
    static func app(_ folder: Folder, draft: RequestDraft = RequestDraft(), width: Int = 120, height: Int = 40) -> AppHarness {
        var app = AppHarness(width: width, height: height, draft: draft, storePaths: folder.paths)
        app.state.list(dataFolderCollections: DataFolderCollections.load(folder.collections).collections)
        return app
    }

    @Test func everyCollectionOfTheDataFolderIsATopLevelFolder() throws {
        let folder = try Folder()
        defer { folder.remove() }
        try folder.write(Self.imported, as: "pet-store.json")
        try folder.write(Self.notes, as: "notes.json")
        var app = Self.app(folder)
        let names = app.state.sidebar.rows.map { row -> String in
            if case .folder(let name, _) = row.content { return name }
            return ""
        }
        #expect(names == ["Notes", "Pet store"])
        #expect(!app.screen().joined(separator: "\n").contains("No saved requests"))
        app.state.focus = .sidebar
        app.press("down", "enter", "down", "enter", "down", "enter")
        #expect(app.state.draft.url.text == "http://127.0.0.1:1/pets")
        #expect(app.state.collectionFile?.path == folder.collections + "/pet-store.json")
        #expect(app.state.isDraftSaved)
    }

    @Test func savingARequestOpenedFromOneCollectionUpdatesItsFileOnly() async throws {
        let folder = try Folder()
        defer { folder.remove() }
        try folder.write(Self.imported, as: "pet-store.json")
        try folder.write(Self.notes, as: "notes.json")
        let notesBefore = try Data(contentsOf: URL(fileURLWithPath: folder.collections + "/notes.json"))
        var app = Self.app(folder)
        app.state.focus = .sidebar
        app.press("down", "enter", "down", "enter", "down", "enter")
        app.press("ctrl+l", "end")
        app.type("?limit=5")
        app.press("ctrl+s")
        #expect(app.state.overlay == nil)
        await app.runPerformed()
        let pets = try folder.load("pet-store.json")
        #expect(pets.folders[0].requests.count == 1)
        #expect(pets.folders[0].requests[0].url == "http://127.0.0.1:1/pets?limit=5" || pets.folders[0].requests[0].query.contains { $0.name == "limit" })
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.collections + "/notes.json")) == notesBefore)
        #expect(app.state.isDraftSaved)
    }

    @Test func aRequestSavedWithNoCollectionOpenIsListedAfterARestartAndSavedInPlace() async throws {
        let folder = try Folder()
        defer { folder.remove() }
        var app = Self.app(folder)
        #expect(app.screen().joined(separator: "\n").contains("No saved requests"))
        app.type("http://127.0.0.1:1/things")
        app.press("ctrl+s")
        guard case .saveRequest = app.state.overlay else {
            Issue.record("Ctrl+S on a new request asks for a name")
            return
        }
        app.press("enter")
        await app.runPerformed()
        #expect(try folder.load("Untitled.json").requests.map(\.name) == ["GET /things"])
        #expect(app.screen().joined(separator: "\n").contains("GET /things"))

        // The next start: the draft comes back from draft.json, the collections from the data folder.
        var restarted = Self.app(folder, draft: app.state.draft)
        let screen = restarted.screen().joined(separator: "\n")
        #expect(screen.contains("Untitled"))
        #expect(screen.contains("GET /things"))
        #expect(!screen.contains("modified"))
        #expect(restarted.state.isDraftSaved)
        restarted.press("ctrl+l", "end")
        restarted.type("/1")
        restarted.press("ctrl+s")
        #expect(restarted.state.overlay == nil)
        await restarted.runPerformed()
        let saved = try folder.load("Untitled.json").requests
        #expect(saved.count == 1)
        #expect(saved.first?.url == "http://127.0.0.1:1/things/1")
    }

    @Test func aCollectionsFolderRowCannotBeDeletedFromTheSidebar() throws {
        let folder = try Folder()
        defer { folder.remove() }
        try folder.write(Self.notes, as: "notes.json")
        var app = Self.app(folder)
        app.state.focus = .sidebar
        app.press("d")
        guard case .confirmDelete = app.state.overlay else {
            Issue.record("d asks before deleting")
            return
        }
        app.press("y")
        #expect(app.commands.isEmpty)
        #expect(app.state.notice?.contains("is a collection file") == true)
        #expect(FileManager.default.fileExists(atPath: folder.collections + "/notes.json"))
    }

    @Test func renamingARequestOfAListedCollectionSavesThatFile() async throws {
        let folder = try Folder()
        defer { folder.remove() }
        try folder.write(Self.imported, as: "pet-store.json")
        try folder.write(Self.notes, as: "notes.json")
        var app = Self.app(folder)
        app.state.focus = .sidebar
        app.press("down", "right", "down", "right", "down")
        guard case .request(let name, _)? = app.state.sidebar.selectedRow?.content else {
            Issue.record("the request row is selected")
            return
        }
        #expect(name == "List pets")
        app.press("r")
        app.press("ctrl+u")
        app.type("All pets")
        app.press("enter")
        await app.runPerformed()
        #expect(try folder.load("pet-store.json").folders[0].requests[0].name == "All pets")
        #expect(try folder.load("notes.json").requests[0].name == "Read a note")
    }

    @Test func aSaveThatEndsAfterAnotherCollectionWasOpenedLeavesTheOpenOneAlone() async throws {
        let folder = try Folder()
        defer { folder.remove() }
        try folder.write(Self.imported, as: "pet-store.json")
        try folder.write(Self.notes, as: "notes.json")
        var app = Self.app(folder)
        app.state.focus = .sidebar
        app.press("down", "right", "down", "right", "down", "r", "ctrl+u")
        app.type("All pets")
        app.press("enter")
        let pendingSave = app.commands
        app.state.focus = .sidebar
        app.press("home", "right", "down", "enter")
        #expect(app.state.draft.url.text == "http://127.0.0.1:1/notes/1")
        app.commands = pendingSave
        await app.runPerformed()
        #expect(try folder.load("pet-store.json").folders[0].requests[0].name == "All pets")
        #expect(app.state.collectionFile?.path == folder.collections + "/notes.json")
        #expect(app.state.collection?.name == "Notes")
        app.press("ctrl+l", "end")
        app.type("?v=2")
        app.press("ctrl+s")
        #expect(app.state.overlay == nil)
        await app.runPerformed()
        #expect(try folder.load("notes.json").requests.count == 1)
        #expect(try folder.load("pet-store.json").folders[0].requests.map(\.name) == ["All pets"])
        #expect(app.state.overlay == nil)
    }

    @Test func requestsWithoutIdsOfTheSameNameInTwoCollectionsEachSaveIntoTheirOwnFile() async throws {
        let folder = try Folder()
        defer { folder.remove() }
        try folder.write(RequestCollection(name: "Staging", requests: [SavedRequest(name: "Things", url: "http://127.0.0.1:1/staging")]), as: "a-staging.json")
        try folder.write(RequestCollection(name: "Production", requests: [SavedRequest(name: "Things", url: "http://127.0.0.1:1/production")]), as: "b-production.json")
        var app = Self.app(folder)
        app.state.focus = .sidebar
        app.press("down", "right", "down", "enter")
        #expect(app.state.draft.url.text == "http://127.0.0.1:1/production")

        // Running the other collection makes it the open one; saving still goes into the draft's file.
        app.state.focus = .sidebar
        app.press("home", "x")
        #expect(app.state.collectionFile?.path == folder.collections + "/a-staging.json")
        app.state.run?.isRunning = false
        app.press("ctrl+l", "end")
        app.type("?v=2")
        app.press("ctrl+s")
        #expect(app.state.overlay == nil)
        await app.runPerformed()
        #expect(try folder.load("a-staging.json").requests.map(\.url) == ["http://127.0.0.1:1/staging"])
        #expect(try folder.load("b-production.json").requests.count == 1)
        #expect(try folder.load("b-production.json").requests.first?.id == nil)
        #expect(app.state.isDraftSaved)
        let draft = app.state.draft

        // After a restart the unchanged draft finds its own collection, not the first with the same name.
        let restarted = Self.app(folder, draft: draft)
        #expect(restarted.state.collectionFile?.path == folder.collections + "/b-production.json")
        #expect(restarted.state.isDraftSaved)
    }

    @Test func xRunsTheSelectedCollectionOrARequestInIt() throws {
        let folder = try Folder()
        defer { folder.remove() }
        try folder.write(Self.imported, as: "pet-store.json")
        try folder.write(Self.notes, as: "notes.json")
        var app = Self.app(folder)
        app.state.focus = .sidebar
        app.press("x")
        #expect(app.state.run?.title == "Notes")
        #expect(app.state.run?.steps.count == 1)
        #expect(app.state.collectionFile?.path == folder.collections + "/notes.json")
        app.state.run?.isRunning = false
        app.state.focus = .sidebar
        app.press("down", "right", "down", "right", "down", "x")
        #expect(app.state.run?.title.hasPrefix("Pet store/") == true)
        #expect(app.state.run?.title.hasSuffix("List pets") == true)
        #expect(app.state.run?.steps.count == 1)
        #expect(app.state.collectionFile?.path == folder.collections + "/pet-store.json")
    }

    @Test(arguments: [(80, 24), (120, 40)])
    func listedCollectionsSnapshot(size: (Int, Int)) throws {
        let folder = try Folder()
        defer { folder.remove() }
        try folder.write(Self.imported, as: "pet-store.json")
        try folder.write(Self.notes, as: "notes.json")
        var app = Self.app(folder, width: size.0, height: size.1)
        app.state.sidebarPreference = true
        app.state.focus = .sidebar
        app.press("down", "right")
        var frame = Frame(size: app.state.size, theme: .monochrome, capabilities: TerminalCapabilities(colorDepth: .none, unicode: true))
        app.program.view(app.state, into: &frame)
        try Snapshot.assert(frame.buffer, named: "data-folder-collections-\(size.0)x\(size.1)")
    }
}
