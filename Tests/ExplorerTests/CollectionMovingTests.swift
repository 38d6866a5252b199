import Explorer
import RequestStore
import Testing

/// The pure edits behind the sidebar's new, move and reorder: what lands where, and the ids handed back.
@Suite struct CollectionMovingTests {
    /// `Users` (holding `Admin` with one request, and two requests), `Orders` (one request), and one top-level request.
    private func sample() -> RequestCollection {
        var collection = RequestCollection(name: "API")
        let admin = Folder(name: "Admin", requests: [SavedRequest(name: "Ban", url: "http://h/ban")])
        collection.folders = [
            Folder(name: "Users", folders: [admin], requests: [SavedRequest(name: "List", url: "http://h/u"), SavedRequest(name: "Get", url: "http://h/u/1")]),
            Folder(name: "Orders", requests: [SavedRequest(name: "List", url: "http://h/o")]),
        ]
        collection.requests = [SavedRequest(name: "Health", url: "http://h/health")]
        return collection
    }

    @Test func newRequestsAndFoldersGetNamesTheirFolderDoesNotHoldYet() throws {
        var collection = sample()
        #expect(CollectionEditing.addRequest(inFolder: "f:1", to: &collection) == "r:1/1")
        #expect(CollectionEditing.addRequest(inFolder: "f:1", to: &collection) == "r:1/2")
        #expect(collection.folders[1].requests.map(\.name) == ["List", "New request", "New request 2"])
        #expect(collection.folders[1].requests[1].url.isEmpty)
        #expect(CollectionEditing.addFolder(inFolder: "", to: &collection) == "f:2")
        #expect(CollectionEditing.addFolder(inFolder: "", to: &collection) == "f:3")
        #expect(collection.folders.map(\.name) == ["Users", "Orders", "New folder", "New folder 2"])
        #expect(CollectionEditing.addRequest(inFolder: "f:9", to: &collection) == nil)
        #expect(CollectionEditing.addRequest(inFolder: "r:/0", to: &collection) == nil, "a request is no folder")
    }

    @Test func aRequestMovesToTheEndOfAnotherFolder() throws {
        var collection = sample()
        #expect(CollectionEditing.move("r:0/1", toFolder: "f:0.0", in: &collection) == "r:0.0/1")
        #expect(collection.folders[0].requests.map(\.name) == ["List"])
        #expect(collection.folders[0].folders[0].requests.map(\.name) == ["Ban", "Get"])
        #expect(CollectionEditing.move("r:/0", toFolder: "f:1", in: &collection) == "r:1/1")
        #expect(collection.requests.isEmpty)
        #expect(collection.folders[1].requests.map(\.url) == ["http://h/o", "http://h/health"])
    }

    @Test func aFolderMovesWithEverythingInItAndTheIndicesAfterItShift() throws {
        var collection = sample()
        // Users (index 0) moves into Orders (index 1), which becomes index 0 once Users is taken out.
        #expect(CollectionEditing.move("f:0", toFolder: "f:1", in: &collection) == "f:0.0")
        #expect(collection.folders.map(\.name) == ["Orders"])
        #expect(collection.folders[0].folders.map(\.name) == ["Users"])
        #expect(collection.folders[0].folders[0].folders[0].requests.map(\.name) == ["Ban"])
        #expect(CollectionEditing.move("f:0.0", toFolder: "f:0.0.0", in: &collection) == nil, "a folder cannot go inside itself")
        #expect(CollectionEditing.move("f:0.0", toFolder: "", in: &collection) == "f:1")
        #expect(collection.folders.map(\.name) == ["Orders", "Users"])
    }

    @Test func theDestinationsLeaveOutWhereTheItemIsAndWhatIsInsideIt() throws {
        let collection = sample()
        let forUsers = CollectionEditing.destinations(for: "f:0", in: collection)
        #expect(forUsers.map(\.title) == ["Orders"], "not the top level it is in, not itself, not Admin inside it")
        let forBan = CollectionEditing.destinations(for: "r:0.0/0", in: collection)
        #expect(forBan.map(\.title) == [CollectionEditing.topLevelTitle, "Users", "Orders"])
        #expect(forBan.map(\.id) == ["", "f:0", "f:1"])
        let forHealth = CollectionEditing.destinations(for: "r:/0", in: collection)
        #expect(forHealth.map(\.title) == ["Users", "Users / Admin", "Orders"])
    }

    @Test func reorderingSwapsWithTheNeighbourOfTheSameKindAndStopsAtTheEdges() throws {
        var collection = sample()
        #expect(CollectionEditing.reorder("r:0/0", by: 1, in: &collection) == "r:0/1")
        #expect(collection.folders[0].requests.map(\.name) == ["Get", "List"])
        #expect(CollectionEditing.reorder("f:1", by: -1, in: &collection) == "f:0")
        #expect(collection.folders.map(\.name) == ["Orders", "Users"])
        #expect(CollectionEditing.reorder("f:0", by: -1, in: &collection) == nil)
        #expect(CollectionEditing.reorder("r:/0", by: 1, in: &collection) == nil)
        #expect(collection.folders.map(\.name) == ["Orders", "Users"], "a refused reorder changes nothing")
    }
}
