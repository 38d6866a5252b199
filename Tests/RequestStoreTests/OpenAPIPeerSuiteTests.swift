import Foundation
import RequestKit
import Testing
@testable import RequestStore

/// The OpenAPI importer on the OpenAPI Initiative's own example specifications.
@Suite("OpenAPI examples")
struct OpenAPIPeerSuiteTests {
    /// Each example file with the operation count its README lists and its first server.
    static let examples: [(file: String, operations: Int, baseURL: String)] = [
        ("v2.0/json/petstore.json", 3, "http://petstore.swagger.io/v1"),
        ("v2.0/json/uber.json", 5, "https://api.uber.com/v1"),
        ("v2.0/yaml/petstore-expanded.yaml", 4, "http://petstore.swagger.io/api"),
        ("v2.0/yaml/api-with-examples.yaml", 2, ""),
        ("v3.0/petstore.yaml", 3, "http://petstore.swagger.io/v1"),
        ("v3.0/petstore.json", 3, "http://petstore.swagger.io/v1"),
        ("v3.0/petstore-expanded.yaml", 4, "https://petstore.swagger.io/v2"),
        ("v3.0/api-with-examples.yaml", 2, ""),
        ("v3.0/callback-example.yaml", 1, ""),
        ("v3.0/link-example.yaml", 6, ""),
        ("v3.0/uspto.yaml", 3, "https://developer.uspto.gov/ds-api"),
        ("v3.1/webhook-example.yaml", 0, ""),
        ("v3.1/non-oauth-scopes.json", 1, ""),
    ]

    static func load(_ file: String) throws -> OpenAPIImport {
        let url = ImportFixtures.root.appendingPathComponent("openapi/oai-examples/" + file)
        return try OpenAPIImporter.parse(Data(contentsOf: url), file: file, directory: url.deletingLastPathComponent().path)
    }

    @Test("every example imports one request per operation, with its first server as baseUrl", arguments: examples.map { [$0.file, String($0.operations), $0.baseURL] })
    func counts(_ example: [String]) throws {
        let imported = try Self.load(example[0])
        #expect(imported.collection.allRequests.count == Int(example[1]))
        #expect(imported.collection.variables.first { $0.name == "baseUrl" }?.value == example[2])
        _ = try imported.collection.encoded()
    }

    @Test("the total is the README's 37 operations")
    func total() throws {
        var total = 0
        for example in Self.examples { total += try Self.load(example.file).collection.allRequests.count }
        #expect(total == 37)
    }

    @Test("the YAML and JSON petstores import to the same collection")
    func yamlEqualsJSON() throws {
        #expect(try Self.load("v3.0/petstore.yaml").collection == Self.load("v3.0/petstore.json").collection)
    }

    @Test("petstore: folders by tag, names by summary, path variables and query rows")
    func petstore() throws {
        let collection = try Self.load("v3.0/petstore.yaml").collection
        #expect(collection.name == "Swagger Petstore")
        #expect(collection.folders.map(\.name) == ["pets"])
        let requests = collection.folders[0].requests
        #expect(requests.map(\.name) == ["List all pets", "Create a pet", "Info for a specific pet"])
        #expect(requests.map(\.method) == [.get, .post, .get])
        #expect(requests[0].url == "{{baseUrl}}/pets")
        #expect(requests[0].query == [KeyValueRow(name: "limit", value: "1", enabled: false)])
        #expect(requests[2].url == "{{baseUrl}}/pets/{{petId}}")
        #expect(collection.variables.contains(Variable(name: "petId", value: "string")))
        guard case .json(let text) = requests[1].body else { Issue.record("the body is not JSON: \(requests[1].body)"); return }
        #expect(text.contains("\"name\": \"string\""))
        #expect(text.contains("\"id\": 0"))
    }

    @Test("uspto: the server variable's default fills the URL")
    func serverVariables() throws {
        let imported = try Self.load("v3.0/uspto.yaml")
        #expect(imported.collection.variables.first { $0.name == "baseUrl" }?.value == "https://developer.uspto.gov/ds-api")
        #expect(imported.collection.folders.map(\.name) == ["metadata", "search"])
    }

    @Test("callbacks, webhooks and missing servers are reported")
    func notes() throws {
        let callbacks = try Self.load("v3.0/callback-example.yaml").warnings.map(\.description)
        #expect(callbacks.contains { $0.contains("callbacks (onData)") })
        #expect(callbacks.contains { $0.contains("baseUrl") })
        let webhooks = try Self.load("v3.1/webhook-example.yaml").warnings.map(\.description)
        #expect(webhooks.contains { $0.contains("webhook(s) (newPet)") })
    }

    @Test("3.1 bearer with scopes becomes bearer auth on the request")
    func bearerScopes() throws {
        let imported = try Self.load("v3.1/non-oauth-scopes.json")
        let request = try #require(imported.collection.allRequests.first?.request)
        let effective = request.auth == .inherit ? imported.collection.auth : request.auth
        #expect(effective == .bearer(token: "{{token}}"))
        #expect(imported.collection.variables.contains { $0.name == "token" && $0.secret })
    }
}
