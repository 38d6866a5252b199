import Explorer
import Foundation
import RequestStore
import Testing
import TUICore
import TestSupport

/// Deleting a request from the sidebar leaves the selection on its neighbour, not on the first row.
@Suite struct SidebarDeleteSelectionTests {
    /// A collection file of four top-level requests in a fresh folder, opened with the sidebar focused.
    private func app() throws -> (AppHarness, String) {
        let folder = TemporaryFolder.path("curlew-delete")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var collection = RequestCollection(name: "API")
        collection.requests = ["One", "Two", "Three", "Four"].map { SavedRequest(id: $0.lowercased(), name: $0, url: "http://127.0.0.1:9/" + $0) }
        let file = try CollectionFile.create(collection, at: folder + "/api.json")
        var app = AppHarness(width: 120, height: 40)
        app.state.open(collection: file.document, baseDirectory: folder)
        app.state.collectionFile = file
        app.state.focus = .sidebar
        return (app, folder)
    }

    /// The name of the request row selected, if a request's row is.
    private func selectedName(_ app: AppHarness) -> String? {
        if case .request(let name, _)? = app.state.sidebar.selectedRow?.content { return name }
        return nil
    }

    /// Selects the request row named `name`.
    private func select(_ name: String, _ app: inout AppHarness) throws {
        let row = try #require(app.state.sidebar.rows.first { if case .request(name, _) = $0.content { return true } else { return false } })
        app.state.sidebar.select(id: row.id, in: .collection)
    }

    @Test func deletingARequestSelectsTheOneThatTookItsPlaceOrTheOneAbove() async throws {
        var (app, folder) = try app()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try select("Two", &app)
        app.press("d", "y")
        await app.runPerformed()
        #expect(selectedName(app) == "Three")
        try select("Four", &app)
        app.press("d", "y")
        await app.runPerformed()
        #expect(selectedName(app) == "Three", "the last row deleted: the one above it")
        #expect(try CollectionFile.load(folder + "/api.json").document.requests.map(\.name) == ["One", "Three"])
    }
}
