import Foundation
import Testing
import RequestKit
import RequestStore
@testable import Replay
import TestSupport

@Suite struct RunSelectionTests {
    /// Two collection files in a temporary folder, loaded as `curlew run FOLDER` loads them.
    private func library() throws -> [CollectionFile] {
        let folder = TemporaryFolder.path("curlew-selection")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let users = Folder(name: "Users", folders: [Folder(name: "Admin", requests: [SavedRequest(name: "Delete", url: "http://h/d")])],
                           requests: [SavedRequest(name: "List", url: "http://h/l"), SavedRequest(id: "show-1", name: "Show", url: "http://h/s")])
        let shop = RequestCollection(name: "Shop", folders: [users], requests: [SavedRequest(name: "Login", url: "http://h/login")])
        let other = RequestCollection(name: "Other", requests: [SavedRequest(name: "Login", url: "http://h/login2"), SavedRequest(name: "Ping", url: "http://h/p")])
        _ = try CollectionFile.create(shop, at: folder + "/a-shop.json")
        _ = try CollectionFile.create(other, at: folder + "/b-other.json")
        let library = CollectionLibrary.load(folder)
        #expect(library.failures.isEmpty)
        return library.collections
    }

    @Test func everythingInCollectionOrderWithoutNames() throws {
        let steps = try RunSelection.steps(in: try library())
        #expect(steps.map(\.path) == ["Users/Admin/Delete", "Users/List", "Users/Show", "Login", "Login", "Ping"])
        #expect(steps.map(\.collectionName) == ["Shop", "Shop", "Shop", "Shop", "Other", "Other"])
    }

    @Test func namesPickFoldersRequestsAndIdsButCollectionOrderStays() throws {
        let steps = try RunSelection.steps(in: try library(), picking: ["Ping", "show-1", "Admin"])
        #expect(steps.map(\.path) == ["Users/Admin/Delete", "Users/Show", "Ping"])
        #expect(try RunSelection.steps(in: try library(), picking: ["Users"]).map(\.path) == ["Users/Admin/Delete", "Users/List", "Users/Show"])
        #expect(try RunSelection.steps(in: try library(), picking: ["Users/List"]).map(\.path) == ["Users/List"])
    }

    @Test func anAmbiguousOrUnknownNameIsAnError() throws {
        let files = try library()
        #expect(throws: RequestLookupError.ambiguous(name: "Login", paths: ["Shop: Login", "Other: Login"])) {
            try RunSelection.steps(in: files, picking: ["Login"])
        }
        #expect(throws: RequestLookupError.notFound(name: "Nope", collection: "the collections given")) {
            try RunSelection.steps(in: files, picking: ["Nope"])
        }
    }
}
