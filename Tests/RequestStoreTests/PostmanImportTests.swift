import Foundation
import RequestKit
import Testing
@testable import RequestStore

/// The Postman importer and exporter against the real collections in the fixtures.
@Suite("Postman collections")
struct PostmanImportTests {
    static let files = ImportFixtures.names(in: "postman", extension: "json")

    private static func load(_ name: String) throws -> (PostmanImport, Data) {
        let data = try Data(contentsOf: ImportFixtures.root.appendingPathComponent("postman/\(name).json"))
        return (try PostmanImporter.parse(data), data)
    }

    /// Counts item groups and request items in the raw JSON.
    private static func rawCounts(_ items: [Any]) -> (folders: Int, requests: Int) {
        var folders = 0, requests = 0
        for case let item as [String: Any] in items {
            if let children = item["item"] as? [Any] {
                folders += 1
                let inner = rawCounts(children)
                folders += inner.folders
                requests += inner.requests
            } else {
                requests += 1
            }
        }
        return (folders, requests)
    }

    private static func folderCount(_ folders: [Folder]) -> Int {
        folders.count + folders.map { folderCount($0.folders) }.reduce(0, +)
    }

    /// The collection with every request id cleared, for comparing imports of files that had none.
    private static func withoutIDs(_ collection: RequestCollection) -> RequestCollection {
        func strip(_ folders: [Folder]) -> [Folder] {
            folders.map { folder in
                var folder = folder
                folder.folders = strip(folder.folders)
                folder.requests = folder.requests.map { var request = $0; request.id = nil; return request }
                return folder
            }
        }
        var result = collection
        result.folders = strip(collection.folders)
        result.requests = collection.requests.map { var request = $0; request.id = nil; return request }
        return result
    }

    @Test("all six collections are present")
    func fixturesExist() {
        #expect(Self.files.count == 6)
    }

    @Test("request and folder counts match the file", arguments: files)
    func counts(_ name: String) throws {
        let (imported, data) = try Self.load(name)
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let expected = Self.rawCounts(root["item"] as? [Any] ?? [])
        #expect(imported.collection.allRequests.count == expected.requests)
        #expect(Self.folderCount(imported.collection.folders) == expected.folders)
    }

    @Test("import, export, import gives the same collection", arguments: files)
    func roundTrip(_ name: String) throws {
        let (first, _) = try Self.load(name)
        let exported = PostmanWriter.write(first.collection)
        let second = try PostmanImporter.parse(Data(exported.text.utf8))
        #expect(Self.withoutIDs(second.collection) == Self.withoutIDs(first.collection))
        for located in first.collection.allRequests where located.request.id != nil {
            #expect(second.collection.allRequests.first { $0.path == located.path }?.request.id == located.request.id)
        }
    }

    @Test("the export is a v2.1 collection with ids", arguments: files)
    func exportShape(_ name: String) throws {
        let (imported, _) = try Self.load(name)
        let text = PostmanWriter.write(imported.collection).text
        let root = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let info = try #require(root["info"] as? [String: Any])
        #expect(info["schema"] as? String == PostmanWriter.schemaURL)
        #expect((info["_postman_id"] as? String)?.count == 36)
        func check(_ items: [Any]) {
            for case let item as [String: Any] in items {
                if let children = item["item"] as? [Any] { check(children); continue }
                #expect((item["id"] as? String)?.isEmpty == false)
                #expect(item["request"] is [String: Any])
            }
        }
        check(root["item"] as? [Any] ?? [])
        #expect(text == PostmanWriter.write(imported.collection).text)
    }

    @Test("folder and request bearer tokens, a header given as text, form data with a file")
    func itemGroupCoverage() throws {
        let collection = try Self.load("item-group-coverage-v2.1.0.postman_collection").0.collection
        let folder = try #require(collection.folders.first)
        #expect(folder.auth == .bearer(token: "folder-token"))
        let upload = try #require(folder.requests.first)
        #expect(upload.auth == .bearer(token: "request-token"))
        #expect(upload.method == .post)
        #expect(upload.headers.isEmpty)
        #expect(upload.body == .multipart([
            .field(name: "metadata", value: "alpha", enabled: true),
            .file(name: "file", path: "avatar.png", fileName: nil, contentType: nil, enabled: true),
        ]))
    }

    @Test("collection auth and variables, scripts reported, a request with only a URL")
    func goCollection() throws {
        let imported = try Self.load("go-postman-collection-v2.1.0.postman_collection").0
        let collection = imported.collection
        #expect(collection.description == "Awesome description")
        #expect(collection.auth == .bearer(token: "a-bearer-token"))
        #expect(collection.variables.map(\.name) == ["a-global-collection-variable"])
        #expect(collection.folders.first { $0.name == "This is a folder" }?.variables == [Variable(name: "api-key", value: "abcd1234")])
        let rpc = try collection.findRequest("JSON-RPC Request").request
        #expect(rpc.method == .post)
        #expect(rpc.url == "https://gurujsonrpc.appspot.com/guru")
        #expect(rpc.auth == .basic(user: "", password: "my-password"))
        #expect(rpc.body == .json("{\"aKey\":\"a-value\"}"))
        #expect(rpc.headers.isEmpty)
        #expect(try collection.findRequest("This is a request").request.url == "http://www.google.fr")
        #expect(imported.warnings.contains { $0.location == "This is a request" && $0.message.contains("pre-request script (1 line(s)) is kept as text") })
        #expect(imported.warnings.contains { $0.location == "collection" && $0.message.contains("test script") && $0.message.contains("curlew does not run it") })
        let request = try collection.findRequest("This is a request").request
        #expect(request.scripts == [SavedScript(event: "prerequest", language: "text/javascript", text: "console.log(\"foo\")")])
        #expect(collection.scripts == [SavedScript(event: "test", language: "text/javascript", text: "console.log(\"bar\")")])
        #expect(request.description == "## Saved examples\n\n### This is a response (200 OK)\n\nRequest: `GET http://www.google.fr`\n\nHeaders:\n\n    Content-Type: application/json\n\n```\nthe-body\n```")
        #expect(imported.warnings.contains { $0.location == "This is a request" && $0.message.contains("1 saved example response(s) are kept as documentation") })
        #expect(imported.warnings.contains { $0.location == "This is a folder / An item inside a folder" })
    }

    @Test("saved examples follow the description: name, status, original request, headers and a fenced body")
    func savedExamples() throws {
        let collection = try Self.load("wise-payouts-api.postman_collection").0.collection
        let request = try #require(collection.allRequests.first { $0.request.name == "1. Generate access token from refresh token" }?.request)
        let description = request.description
        #expect(description.hasPrefix("This endpoint is used to generate a new access token"))
        #expect(description.contains("\n\n## Saved examples\n\n### 1. Generate access token from refresh token (200 OK)\n\nRequest: `POST {{host}}/oauth/token`\n"))
        #expect(description.contains("\n    Content-Type: application/json;charset=UTF-8\n"))
        #expect(description.hasSuffix("```json\n{\n    \"access_token\": \"{access_token}\",\n    \"token_type\": \"bearer\",\n    \"refresh_token\": \"{refresh_token}\",\n    \"expires_in\": 43199,\n    \"scope\": \"transfers\",\n    \"created_at\": \"2020-09-16T10:19:33.145563Z\"\n}\n```"))
        #expect(request.scripts.map(\.event) == ["test"])
    }

    @Test("an example body with backticks gets a longer fence; scripts with no source are not kept")
    func fencesAndEmptyScripts() throws {
        let text = #"""
        {"info": {"name": "c", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"},
         "item": [{"name": "r", "event": [{"listen": "test", "script": {"exec": [""]}}, {"listen": "prerequest", "disabled": true, "script": {"exec": "a();\nb();"}}],
                   "request": {"method": "GET", "url": "http://x/"},
                   "response": [{"code": 404, "body": "``` ````", "_postman_previewlanguage": "te\nxt"}, {"name": "second"}]}]}
        """#
        let imported = try PostmanImporter.parse(Data(text.utf8))
        let request = try #require(imported.collection.requests.first)
        #expect(request.scripts == [SavedScript(event: "prerequest", text: "a();\nb();", enabled: false)])
        #expect(request.description == "## Saved examples\n\n### Example 1 (404)\n\n`````text\n``` ````\n`````\n\n### second")
    }

    @Test("scripts at every level are written back as Postman events", arguments: files)
    func scriptsExported(_ name: String) throws {
        let (imported, data) = try Self.load(name)
        let original = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let exported = try #require(try JSONSerialization.jsonObject(with: Data(PostmanWriter.write(imported.collection).text.utf8)) as? [String: Any])
        /// The non-empty scripts of an item tree as (listen, exec lines joined), in order.
        func scripts(_ node: [String: Any]) -> [String] {
            var found: [String] = []
            var stack: [[String: Any]] = [node]
            while let item = stack.popLast() {
                for case let event as [String: Any] in item["event"] as? [Any] ?? [] {
                    let script = event["script"] as? [String: Any]
                    let exec = (script?["exec"] as? [String]).map { $0.joined(separator: "\n") } ?? (script?["exec"] as? String ?? "")
                    if !exec.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { found.append("\(event["listen"] ?? ""): \(exec)") }
                }
                stack += (item["item"] as? [Any] ?? []).compactMap { $0 as? [String: Any] }.reversed()
            }
            return found
        }
        #expect(scripts(exported) == scripts(original))
    }

    @Test("nested basic auth, and OAuth 1 reported by name")
    func nestedEntities() throws {
        let imported = try Self.load("nested-entities-v2.1.0.postman_collection").0
        #expect(imported.collection.auth == .basic(user: "{{username}}", password: "{{token}}"))
        #expect(imported.collection.folders.first?.auth == .basic(user: "{{username}}", password: "{{token}}"))
        #expect(try imported.collection.findRequest("OAuth1").request.auth == SavedAuth.none)
        #expect(imported.warnings.contains { $0.location == "OAuth1" && $0.message.contains("oauth1") })
        #expect(imported.collection.variables.map(\.name) == ["collection"])
    }

    @Test("folder and request variables stay on their folder and request, and are exported there again")
    func folderAndRequestVariables() throws {
        let imported = try Self.load("nested-entities-v2.1.0.postman_collection").0
        let folder = try #require(imported.collection.folders.first { $0.name == "F1" })
        #expect(folder.variables == [Variable(name: "folder", value: "variable")])
        #expect(try imported.collection.findRequest("F1/Basic").request.variables == [Variable(name: "request", value: "variable")])
        #expect(try imported.collection.findRequest("OAuth1").request.variables == [Variable(name: "request", value: "variable")])
        let exported = PostmanWriter.write(imported.collection).text
        let again = try PostmanImporter.parse(Data(exported.utf8)).collection
        #expect(again.folders.first { $0.name == "F1" }?.variables == folder.variables)
        #expect(try again.findRequest("F1/Basic").request.variables == [Variable(name: "request", value: "variable")])
        #expect(again.variables.map(\.name) == ["collection"])
    }

    @Test("disabled headers and query parameters are kept as disabled rows; GraphQL becomes JSON")
    func codegenBasic() throws {
        let imported = try Self.load("codegen-basic.postman_collection").0
        let all = imported.collection.allRequests.map(\.request)
        #expect(all.count == 14)
        #expect(all.contains { $0.headers.contains { !$0.enabled } })
        #expect(all.contains { $0.query.contains { !$0.enabled } })
        let graphQL = try #require(all.first { if case .json(let text) = $0.body { return text.hasPrefix("{\"query\":") } else { return false } })
        #expect(imported.warnings.contains { $0.location == graphQL.name && $0.message.contains("GraphQL") })
    }

    @Test("path variables become placeholders and collection variables")
    func petstore() throws {
        let collection = try Self.load("swagger-petstore-v2.1.0.postman_collection").0.collection
        #expect(collection.allRequests.count == 20)
        #expect(collection.allRequests.contains { $0.request.url.hasSuffix("/pet/{{petId}}") })
        #expect(collection.variables.contains { $0.name == "petId" })
    }

    @Test("the Wise collection: nested folders, disabled headers, basic and bearer auth")
    func wise() throws {
        let imported = try Self.load("wise-payouts-api.postman_collection").0
        let all = imported.collection.allRequests
        #expect(all.count == 33)
        #expect(all.flatMap(\.request.headers).filter { !$0.enabled }.count == 2)
        #expect(all.contains { if case .basic = $0.request.auth { return true } else { return false } })
        #expect(all.contains { $0.request.auth == .bearer(token: "{{token}}") })
        #expect(all.map(\.folders.count).max() == 3)
    }

    @Test("files that are not v2 collections are refused with a reason", arguments: [
        ("{\"requests\": [], \"order\": []}", PostmanImportError.versionOne),
        ("{\"name\": \"x\"}", PostmanImportError.notACollection),
    ])
    func refused(_ text: String, _ expected: PostmanImportError) {
        #expect(throws: expected) { try PostmanImporter.parse(Data(text.utf8)) }
    }

    @Test("invalid JSON is refused")
    func invalidJSON() {
        #expect(throws: PostmanImportError.self) { try PostmanImporter.parse(Data("{\"info\": ".utf8)) }
    }
}
