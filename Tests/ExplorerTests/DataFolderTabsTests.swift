import Foundation
import RequestStore
import Testing
import TUICore
import TUITesting
@testable import Explorer

/// Request tabs over the data folder's listed collections: each tab keeps the file its request came from.
@Suite struct DataFolderTabsTests {
    typealias Folder = DataFolderCollectionsTests.Folder

    /// Two collections holding a request with the same id, so only the file tells them apart.
    static let pets = RequestCollection(name: "Pet store", folders: [
        RequestStore.Folder(name: "pets", requests: [SavedRequest(id: "shared", name: "List pets", url: "http://127.0.0.1:1/pets")]),
    ])
    static let notes = RequestCollection(name: "Notes", requests: [
        SavedRequest(id: "shared", name: "Read a note", url: "http://127.0.0.1:1/notes"),
    ])

    /// Opens the request named `name` of the listed collection file `file` from the sidebar, as Enter on its row does.
    static func open(_ name: String, of file: String, _ app: inout AppHarness) throws {
        for _ in 0..<3 {
            app.state.sidebar.expand(app.state.sidebar.rows.compactMap { row in
                if case .folder = row.content { return row.id }
                return nil
            })
        }
        let id = try #require(app.state.sidebarContent.requests.first { $0.key.hasPrefix("c:\(file)|") && $0.value.name == name }?.key)
        app.state.sidebar.select(id: id, in: .collection)
        app.action("sidebar.open")
    }

    @Test("requests of two collections in two tabs: Ctrl+S in each tab saves into that tab's own file")
    func eachTabSavesIntoItsOwnFile() async throws {
        let folder = try Folder()
        defer { folder.remove() }
        try folder.write(Self.pets, as: "pet-store.json")
        try folder.write(Self.notes, as: "notes.json")
        var app = DataFolderCollectionsTests.app(folder)

        try Self.open("List pets", of: "pet-store.json", &app)
        #expect(app.state.tabs.count == 1)
        #expect(app.state.draftCollectionPath == folder.collections + "/pet-store.json")
        try Self.open("Read a note", of: "notes.json", &app)
        #expect(app.state.tabs.count == 2, "a request of another file with the same id opens its own tab")
        #expect(app.state.draftCollectionPath == folder.collections + "/notes.json")
        #expect(app.state.collectionFile?.path == folder.collections + "/notes.json")

        // Back to the first tab, while the notes collection is the open one.
        app.press("alt+,")
        #expect(app.state.draft.name == "List pets")
        #expect(app.state.draftCollectionPath == folder.collections + "/pet-store.json")
        app.press("ctrl+l", "end")
        app.type("/5")
        app.press("ctrl+s")
        #expect(app.state.overlay == nil, "the request is updated in place, not saved as a new one")
        await app.runPerformed()
        #expect(try folder.load("pet-store.json").folders[0].requests.map(\.url) == ["http://127.0.0.1:1/pets/5"])
        #expect(try folder.load("notes.json").requests.map(\.url) == ["http://127.0.0.1:1/notes"])
        #expect(app.state.isDraftSaved)

        app.press("alt+.")
        #expect(app.state.draft.name == "Read a note")
        app.press("ctrl+l", "end")
        app.type("/7")
        app.press("ctrl+s")
        #expect(app.state.overlay == nil)
        await app.runPerformed()
        #expect(try folder.load("notes.json").requests.map(\.url) == ["http://127.0.0.1:1/notes/7"])
        #expect(try folder.load("pet-store.json").folders[0].requests.map(\.url) == ["http://127.0.0.1:1/pets/5"])
        #expect(app.state.isDraftSaved)
        #expect(app.state.tabTitles.map(\.modified) == [false, false])

        // Opening the first request again shows its tab rather than the tab of the same id from the other file.
        try Self.open("List pets", of: "pet-store.json", &app)
        #expect(app.state.tabs.count == 2)
        #expect(app.state.tabs.activeIndex == 0)
        #expect(app.state.draft.url.text == "http://127.0.0.1:1/pets/5")
    }

    @Test("after a restart each restored tab is tied to the listed file holding its request, and saves into it")
    func restoredTabsFindTheirFiles() async throws {
        let folder = try Folder()
        defer { folder.remove() }
        try folder.write(Self.pets, as: "pet-store.json")
        try folder.write(Self.notes, as: "notes.json")
        let petsDraft = RequestDraft(saved: try #require(Self.pets.folders[0].requests.first))
        let notesDraft = RequestDraft(saved: try #require(Self.notes.requests.first))

        var state = AppState()
        state.restore(RestoredTabs(tabs: [(id: 1, draft: petsDraft), (id: 2, draft: notesDraft)], activeID: 2, nextID: 3, problems: []))
        var app = AppHarness(draftPath: nil, state: state, storePaths: folder.paths)
        app.state.list(dataFolderCollections: DataFolderCollections.load(folder.collections).collections)
        #expect(app.state.tabTitles.map(\.modified) == [false, false])

        app.press("alt+,")
        #expect(app.state.draftCollectionPath == folder.collections + "/pet-store.json")
        app.press("ctrl+l", "end")
        app.type("/9")
        app.press("ctrl+s")
        #expect(app.state.overlay == nil)
        await app.runPerformed()
        #expect(try folder.load("pet-store.json").folders[0].requests.map(\.url) == ["http://127.0.0.1:1/pets/9"])
        #expect(try folder.load("notes.json").requests.map(\.url) == ["http://127.0.0.1:1/notes"])
    }
}
