import Foundation
import RequestKit
import Testing
@testable import RequestStore

/// Curl export, resolved and as a template, and the round trip back through the curl importer.
@Suite("curl export")
struct ExportTests {
    static let collection = RequestCollection(
        name: "shop", variables: [Variable(name: "host", value: "https://shop.example"), Variable(name: "id", value: "7")],
        headers: [KeyValueRow(name: "Accept", value: "application/json")],
        auth: .bearer(token: "{{token}}"),
        folders: [Folder(name: "Orders", auth: .basic(user: "{{user}}", password: "p w"), requests: [
            SavedRequest(name: "Find", url: "{{host}}/orders", query: [KeyValueRow(name: "id", value: "{{id}}"), KeyValueRow(name: "q", value: "a b")],
                         body: .form([KeyValueRow(name: "x", value: "1 2")]), options: SavedOptions(timeout: 5, followRedirects: false)),
        ])],
        requests: [
            SavedRequest(name: "Create", method: .put, url: "{{host}}/items/{{id}}", headers: [KeyValueRow(name: "X-Trace", value: "on")],
                         body: .json("{\"name\": \"Ann\"}"), auth: SavedAuth.none),
        ])

    @Test("a template keeps variables, inherited headers and auth")
    func template() throws {
        let text = try CurlExport.commands(for: Self.collection.allRequests, in: Self.collection, variables: .keep)
        #expect(text == """
        # Orders/Find
        curl \\
          -X GET \\
          --globoff \\
          'https://shop.example/orders?id={{id}}&q=a%20b' \\
          -H 'Accept: application/json' \\
          -H 'Content-Type: application/x-www-form-urlencoded' \\
          -u '{{user}}:p w' \\
          --data-raw 'x=1+2' \\
          --max-time 5

        # Create
        curl \\
          -X PUT \\
          --globoff \\
          '{{host}}/items/{{id}}' \\
          -H 'Accept: application/json' \\
          -H 'X-Trace: on' \\
          -H 'Content-Type: application/json' \\
          --data-raw '{"name": "Ann"}' \\
          -L

        """.replacingOccurrences(of: "https://shop.example/orders", with: "{{host}}/orders"))
    }

    @Test("resolving fails on a variable without a value, naming it")
    func unresolved() {
        let scope = VariableScope(collection: Self.collection.variables)
        #expect(throws: CurlExportError(request: "Orders/Find", problem: .unresolved(name: "user", location: "the basic auth user"))) {
            try CurlExport.commands(for: Self.collection.allRequests, in: Self.collection, variables: .resolve(scope, boundary: .userTyped()))
        }
    }

    @Test("resolved commands import back to the same request")
    func roundTrip() throws {
        let scope = VariableScope(commandLine: ["token": "t0k"], collection: Self.collection.variables)
        let located = try Self.collection.findRequest("Create")
        let text = try CurlExport.commands(for: [located], in: Self.collection, variables: .resolve(scope, boundary: .userTyped()))
        #expect(text.contains("-H 'Content-Type: application/json'"))
        let imported = try #require(try CurlImporter.parse(text).first)
        let saved = imported.savedRequest(name: "Create").request
        #expect(saved.method == .put)
        #expect(saved.url == "https://shop.example/items/7")
        #expect(saved.headers == [KeyValueRow(name: "Accept", value: "application/json"), KeyValueRow(name: "X-Trace", value: "on")])
        #expect(saved.body == .json("{\"name\": \"Ann\"}"))
        #expect(saved.options == SavedOptions())
    }

    @Test("one request keeps the folders around it")
    func keepingOne() throws {
        let located = try Self.collection.findRequest("Orders/Find")
        let single = Self.collection.keeping(located)
        #expect(single.allRequests.map(\.path) == ["Orders/Find"])
        #expect(single.folders.first?.auth == .basic(user: "{{user}}", password: "p w"))
        #expect(single.variables == Self.collection.variables)
    }
}

/// Reading formats into collections, merging into existing ones, and rebasing file paths.
@Suite("collection import")
struct ImportCollectionTests {
    @Test("several curl commands become one collection")
    func curlCollection() throws {
        let text = "curl https://a.example/one\ncurl -d x=1 https://a.example/two -k\n"
        let (collection, warnings) = try CollectionImport.read(.curl, data: Data(text.utf8), name: "mine")
        #expect(collection.name == "mine")
        #expect(collection.requests.map(\.name) == ["GET /one", "POST /two"])
        #expect(collection.requests[1].options.verifyTLS == false)
        #expect(warnings.isEmpty)
    }

    @Test("merging into an existing collection puts the import in a folder with its auth")
    func mergeIntoFolder() {
        let existing = RequestCollection(name: "mine", variables: [Variable(name: "host", value: "a")], requests: [SavedRequest(name: "old", url: "x")])
        let imported = RequestCollection(name: "theirs", variables: [Variable(name: "host", value: "b"), Variable(name: "k", value: "v")],
                                         auth: .bearer(token: "t"), requests: [SavedRequest(name: "new", url: "y")])
        let (merged, warnings) = existing.merging(imported, intoFolder: true)
        #expect(merged.requests.map(\.name) == ["old"])
        #expect(merged.folders.map(\.name) == ["theirs"])
        #expect(merged.folders.first?.auth == .bearer(token: "t"))
        #expect(merged.variables == [Variable(name: "host", value: "a"), Variable(name: "k", value: "v")])
        #expect(warnings.map(\.location) == ["host"])
    }

    @Test("merging curl requests appends them; an empty collection takes the import whole")
    func mergeFlat() {
        let imported = RequestCollection(name: "x", auth: .basic(user: "u", password: "p"), requests: [SavedRequest(name: "new", url: "y")])
        let appended = RequestCollection(name: "mine", requests: [SavedRequest(name: "old", url: "x")]).merging(imported, intoFolder: false).collection
        #expect(appended.requests.map(\.name) == ["old", "new"])
        #expect(appended.auth == SavedAuth.none)
        let whole = RequestCollection(name: "empty").merging(imported, intoFolder: true).collection
        #expect(whole.requests.map(\.name) == ["new"])
        #expect(whole.auth == .basic(user: "u", password: "p"))
        #expect(whole.name == "empty")
    }

    @Test("relative file paths are rebased onto the collection's folder")
    func rebase() {
        let collection = RequestCollection(name: "f", requests: [
            SavedRequest(name: "a", url: "u", body: .file(path: "data/body.json", contentType: nil)),
            SavedRequest(name: "b", url: "u", body: .multipart([
                .file(name: "f", path: "../elsewhere/x.png", fileName: nil, contentType: nil, enabled: true),
                .file(name: "g", path: "{{dir}}/y.png", fileName: nil, contentType: nil, enabled: true),
                .file(name: "h", path: "/abs/z.png", fileName: nil, contentType: nil, enabled: true),
            ])),
        ])
        let rebased = collection.rebasingFilePaths(from: "/work/project", to: "/work/project")
        #expect(rebased.requests[0].body == .file(path: "data/body.json", contentType: nil))
        #expect(rebased.requests[1].body == .multipart([
            .file(name: "f", path: "/work/elsewhere/x.png", fileName: nil, contentType: nil, enabled: true),
            .file(name: "g", path: "{{dir}}/y.png", fileName: nil, contentType: nil, enabled: true),
            .file(name: "h", path: "/abs/z.png", fileName: nil, contentType: nil, enabled: true),
        ]))
        let moved = collection.rebasingFilePaths(from: "/work/project", to: "/work")
        #expect(moved.requests[0].body == .file(path: "project/data/body.json", contentType: nil))
    }
}
