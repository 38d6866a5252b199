import Explorer
import Foundation
import RequestStore
import Testing
import TUICore

/// New requests and folders, moves, reorders and undo in the sidebar, each saved to a real collection file.
@Suite struct SidebarCollectionEditingTests {
    /// A collection file (`Users` holding `List` and `Get`, `Orders` holding `Create`, and `Health` at the top level)
    /// written to a fresh folder and opened with the sidebar focused and its folders open.
    private func app(width: Int = 120, height: Int = 40) throws -> (AppHarness, String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("curlew-edit-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var collection = RequestCollection(name: "API")
        collection.folders = [
            Folder(name: "Users", requests: [SavedRequest(name: "List", url: "http://127.0.0.1:9/users"),
                                             SavedRequest(name: "Get", url: "http://127.0.0.1:9/users/1")]),
            Folder(name: "Orders", requests: [SavedRequest(name: "Create", method: .post, url: "http://127.0.0.1:9/orders")]),
        ]
        collection.requests = [SavedRequest(name: "Health", url: "http://127.0.0.1:9/health")]
        let file = try CollectionFile.create(collection, at: folder + "/api.json")
        var app = AppHarness(width: width, height: height)
        app.state.open(collection: file.document, baseDirectory: folder)
        app.state.collectionFile = file
        app.state.sidebar.expand(["f:0", "f:1"])
        app.state.focus = .sidebar
        return (app, folder + "/api.json")
    }

    /// Selects the sidebar row showing `name`.
    private func select(_ name: String, _ app: inout AppHarness) throws {
        let row = try #require(app.state.sidebar.rows.first { row in
            switch row.content {
            case .folder(let shown, _), .request(let shown, _): shown == name
            case .history: false
            }
        })
        app.state.sidebar.select(id: row.id, in: .collection)
    }

    /// The collection as the file holds it now.
    private func stored(_ path: String) throws -> RequestCollection {
        try CollectionFile.load(path).document
    }

    @Test func nAddsARequestToTheSelectedFolderSavesItAndOpensIt() async throws {
        var (app, path) = try app()
        try select("Get", &app)
        app.press("n")
        #expect(app.performs)
        await app.runPerformed()
        #expect(try stored(path).folders[0].requests.map(\.name) == ["List", "Get", "New request"])
        #expect(app.state.draft.name == "New request")
        #expect(app.state.focus == .url)
        #expect(app.state.isDraftSaved)
        #expect(app.state.notice?.contains("Added a request") == true, "\(app.state.notice ?? "")")
    }

    @Test func capitalNAddsAFolderAndAsksForItsName() async throws {
        var (app, path) = try app()
        try select("Orders", &app)
        app.press("N")
        await app.runPerformed()
        guard case .rename(let target, let field)? = app.state.overlay else {
            Issue.record("no name asked for the new folder: \(String(describing: app.state.overlay))")
            return
        }
        #expect(target.name == "New folder")
        #expect(field.text == "New folder")
        app.press("ctrl+u")
        app.type("Refunds")
        app.press("enter")
        await app.runPerformed()
        #expect(try stored(path).folders[1].folders.map(\.name) == ["Refunds"])
    }

    @Test func mOffersTheOtherFoldersAndMovesTheRequestThere() async throws {
        var (app, path) = try app()
        try select("Health", &app)
        app.press("m")
        guard case .movePicker(let picker)? = app.state.overlay else {
            Issue.record("no move picker")
            return
        }
        #expect(picker.destinations.map(\.title) == ["Users", "Orders"])
        #expect(app.screen().contains { $0.contains("Move 'Health' to") })
        app.type("ord")
        app.press("enter")
        await app.runPerformed()
        let collection = try stored(path)
        #expect(collection.requests.isEmpty)
        #expect(collection.folders[1].requests.map(\.name) == ["Create", "Health"])
        #expect(app.state.sidebar.selectedRow?.id == "r:1/1", "the moved request stays selected")
    }

    @Test func anOpenRequestMovedToAnotherFolderStillSavesInItsNewPlace() async throws {
        var (app, path) = try app()
        app.openSidebarRequest("r:/0")
        #expect(app.state.draft.name == "Health")
        app.state.focus = .sidebar
        try select("Health", &app)
        app.press("m", "down", "enter")
        await app.runPerformed()
        #expect(app.state.isDraftSaved, "the tab follows its request to the folder it moved to")
        app.state.draft.method = .head
        app.press("ctrl+s")
        await app.runPerformed()
        let collection = try stored(path)
        #expect(collection.folders[1].requests.map(\.name) == ["Create", "Health"])
        #expect(collection.folders[1].requests.map(\.method) == [.post, .head])
        #expect(collection.allRequests.count == 4, "saved in place, not added again")
    }

    @Test func capitalJMovesARequestDownAndUUndoesItByteForByte() async throws {
        var (app, path) = try app()
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        try select("List", &app)
        app.press("J")
        await app.runPerformed()
        #expect(try stored(path).folders[0].requests.map(\.name) == ["Get", "List"])
        #expect(app.state.sidebar.selectedRow?.id == "r:0/1")
        app.press("u")
        await app.runPerformed()
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == original)
        #expect(app.state.notice?.hasPrefix("Undone: moved 'List' down") == true, "\(app.state.notice ?? "")")
        app.press("u")
        #expect(app.state.notice?.hasPrefix("Nothing to undo") == true, "undo works once")
    }

    @Test func deletingAFolderCanBeUndone() async throws {
        var (app, path) = try app()
        try select("Users", &app)
        app.press("d", "y")
        await app.runPerformed()
        #expect(try stored(path).folders.map(\.name) == ["Orders"])
        app.press("u")
        await app.runPerformed()
        #expect(try stored(path).folders.map(\.name) == ["Users", "Orders"])
        #expect(try stored(path).folders[0].requests.map(\.name) == ["List", "Get"])
    }

    @Test func undoIsRefusedOnceTheCollectionChangedSince() async throws {
        var (app, path) = try app()
        try select("Health", &app)
        app.press("K")
        #expect(app.state.notice?.contains("already the first") == true, "a single top-level request cannot move up: \(app.state.notice ?? "")")
        try select("Create", &app)
        app.press("y")
        await app.runPerformed()
        #expect(try stored(path).folders[1].requests.map(\.name) == ["Create", "Create copy"])
        app.openSidebarRequest("r:/0")
        app.state.draft.method = .put
        app.press("ctrl+s")
        await app.runPerformed()
        app.state.focus = .sidebar
        app.press("u")
        #expect(app.state.notice?.hasPrefix("Not undone") == true, "\(app.state.notice ?? "")")
        #expect(try stored(path).requests.map(\.method) == [.put], "the save after the edit is kept")
        #expect(try stored(path).folders[1].requests.count == 2)
    }

    @Test func theHistoryHasNoCollectionEdits() throws {
        var (app, _) = try app()
        app.press("]")
        app.press("n")
        #expect(app.state.notice?.contains("go into the collection") == true)
        #expect(app.state.sidebar.inapplicableActionIDs.isSuperset(of: ["sidebar.newRequest", "sidebar.move", "sidebar.undo"]))
    }
}
