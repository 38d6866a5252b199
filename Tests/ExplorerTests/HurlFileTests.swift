import Explorer
import Foundation
import RequestKit
import RequestStore
import Testing
import TUICore
import TestSupport

/// A `.hurl` file opened in the app: its entries in the sidebar, their checks in the Checks tab, Ctrl+S writing it back.
@Suite("Hurl files in the app")
struct HurlFileTests {
    static let text = """
    # Shop checks, kept by hand.

    # List the items
    GET {{host}}/items
    Accept: application/json   # asks for JSON

    HTTP 200
    [Asserts]
    jsonpath "$.items" count >= 1     # at least one

    # Create an item
    POST {{host}}/items
    {"name": "pen"}

    HTTP 201
    [Captures]
    id: jsonpath "$.id"

    """

    /// Writes the file into a fresh folder and opens it in a harness, as `curlew FILE.hurl` does.
    static func open() throws -> (app: AppHarness, path: String) {
        let folder = TemporaryFolder.path("curlew-hurl-app")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/shop.hurl"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let library = CollectionLibrary.load(path)
        let file = try #require(library.collections.first)
        var app = AppHarness(draft: RequestDraft())
        app.state.open(collection: file.document, baseDirectory: folder)
        app.state.collectionFile = file
        return (app, path)
    }

    /// Opens the request of this name from the sidebar.
    static func openRequest(_ name: String, _ app: inout AppHarness) throws {
        let id = try #require(app.state.sidebarContent.requests.first { $0.value.name == name }?.key)
        app.state.sidebar.select(id: id, in: .collection)
        app.action("sidebar.open")
    }

    @Test("each entry is a request named by its comment, with its checks in the Checks tab")
    func entriesAndChecks() throws {
        var (app, _) = try Self.open()
        #expect(Set(app.state.sidebarContent.requests.values.map(\.name)) == ["List the items", "Create an item"])
        try Self.openRequest("List the items", &app)
        #expect(app.state.draft.checksText.text.contains("status == 200"))
        #expect(app.state.draft.checksText.text.contains("jsonpath \"$.items\" count >= 1"))
    }

    @Test("ctrl+s on an unchanged entry leaves the file byte for byte; a change rewrites only that entry")
    func savingBack() async throws {
        var (app, path) = try Self.open()
        try Self.openRequest("List the items", &app)
        app.press("ctrl+s")
        await app.runPerformed()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.text)

        try Self.openRequest("Create an item", &app)
        app.state.draft.url = TextFieldState(text: "{{host}}/items/new")
        app.press("ctrl+s")
        await app.runPerformed()
        let written = try String(contentsOfFile: path, encoding: .utf8)
        let untouched = Self.text.components(separatedBy: "# Create an item")[0]
        #expect(written.hasPrefix(untouched), "\(written)")
        #expect(written.hasSuffix("# Create an item\nPOST {{host}}/items/new\n{\"name\": \"pen\"}\n\nHTTP 201\n[Captures]\nid: jsonpath \"$.id\"\n"), "\(written)")
    }
}
