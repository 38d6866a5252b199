import Foundation
import RequestKit
import Testing
@testable import RequestStore

/// Every mapping rule and warning of the OpenAPI importer, on descriptions written for these tests.
@Suite("OpenAPI mapping")
struct OpenAPIMappingTests {
    static let folder = ImportFixtures.root.appendingPathComponent("openapi/curlew")

    static func load(_ name: String, fromFile: Bool = true) throws -> OpenAPIImport {
        let data = try Data(contentsOf: folder.appendingPathComponent(name))
        return try OpenAPIImporter.parse(data, file: name, directory: fromFile ? folder.path : nil)
    }

    static func request(_ imported: OpenAPIImport, _ path: String) throws -> SavedRequest {
        try #require(imported.collection.allRequests.first { $0.path == path }?.request, "no request \(path)")
    }

    static func warnings(_ imported: OpenAPIImport) -> [String] {
        imported.warnings.map(\.description)
    }

    @Test("the collection: name, description, baseUrl from the first server's defaults, global bearer auth")
    func collection() throws {
        let imported = try Self.load("mapping-3.0.yaml")
        let collection = imported.collection
        #expect(collection.name == "Mapping rules")
        #expect(collection.description == "Every rule of the OpenAPI import, one operation each.")
        #expect(collection.variables.first == Variable(name: "baseUrl", value: "https://api.example.com:8443/v1"))
        #expect(collection.auth == .bearer(token: "{{token}}"))
        #expect(collection.variables.contains(Variable(name: "token", value: "", secret: true)))
        #expect(collection.variables.contains(Variable(name: "password", value: "", secret: true)))
        #expect(collection.variables.contains(Variable(name: "apiKeyHeader", value: "", secret: true)))
        #expect(Self.warnings(imported).contains { $0.contains("the others are https://staging.example.com/v1") })
    }

    @Test("folders by first tag in the description's order, untagged requests at the top, names made unique")
    func layout() throws {
        let collection = try Self.load("mapping-3.0.yaml").collection
        #expect(collection.folders.map(\.name) == ["Pets"])
        #expect(collection.folders[0].description == "Everything about pets")
        #expect(collection.folders[0].requests.map(\.name) == ["Show a pet", "Show a pet (DELETE)", "Add a pet", "Replace a pet from its schema", "Upload a photo"])
        #expect(collection.requests.map(\.name) == ["getHealth", "Log in", "Post a note", "Put XML", "Upload a file", "Merge patch", "Make a tree", "External schema", "Broken references"])
        #expect(collection.requests[0].description == "Named by its operationId.")
    }

    @Test("a name falls back to method and path")
    func methodAndPathName() throws {
        let text = "openapi: 3.0.0\ninfo: {title: t, version: '1'}\npaths:\n  /a/{b}:\n    get: {}\n"
        let imported = try OpenAPIImporter.parse(Data(text.utf8), file: "t.yaml")
        #expect(imported.collection.requests.map(\.name) == ["GET /a/{b}"])
        #expect(imported.collection.requests.first?.url == "{{baseUrl}}/a/{{b}}")
    }

    @Test("path variables, query rows (required on, optional off), styles, headers and cookies")
    func parameters() throws {
        let imported = try Self.load("mapping-3.0.yaml")
        let request = try Self.request(imported, "Pets/Show a pet")
        #expect(request.url == "{{baseUrl}}/pets/{{petId}}")
        #expect(imported.collection.variables.contains(Variable(name: "petId", value: "42")))
        #expect(request.description == "Returns one pet.\nSecond line.\n")
        #expect(request.query == [
            KeyValueRow(name: "fields", value: "name"),
            KeyValueRow(name: "fields", value: "tag"),
            KeyValueRow(name: "verbose", value: "false", enabled: false),
            KeyValueRow(name: "filter[color]", value: "red", enabled: false),
            KeyValueRow(name: "filter[size]", value: "3", enabled: false),
            KeyValueRow(name: "ids", value: "1,2", enabled: false),
            KeyValueRow(name: "limit", value: "20", enabled: false),
        ])
        #expect(request.headers == [
            KeyValueRow(name: "X-Trace", value: "{{X-Trace}}"),
            KeyValueRow(name: "Cookie", value: "session=s1; theme=dark"),
        ])
        #expect(imported.collection.variables.contains(Variable(name: "X-Trace", value: "abc")))
        #expect(request.auth == .inherit)
        #expect(Self.warnings(imported).contains { $0.contains("GET /pets/{petId}") && $0.contains("'Accept'") })
    }

    @Test("path-level parameters apply; deprecated and security: [] are kept")
    func pathLevel() throws {
        let request = try Self.request(Self.load("mapping-3.0.yaml"), "Pets/Show a pet (DELETE)")
        #expect(request.method == .delete)
        #expect(request.headers == [KeyValueRow(name: "X-Trace", value: "string", enabled: false)])
        #expect(request.description == "Deprecated.")
        #expect(request.auth == SavedAuth.none)
    }

    @Test("a JSON body from a referenced request body's example; callbacks reported")
    func exampleBody() throws {
        let imported = try Self.load("mapping-3.0.yaml")
        #expect(try Self.request(imported, "Pets/Add a pet").body == .json("{\n  \"name\": \"Rex\",\n  \"tag\": \"dog\"\n}"))
        #expect(Self.warnings(imported).contains { $0.contains("POST /pets") && $0.contains("callbacks (onAdded)") })
    }

    @Test("a JSON body made from the schema: allOf merged, readOnly left out, oneOf first, enum, formats, minimum")
    func schemaBody() throws {
        let imported = try Self.load("mapping-3.0.yaml")
        let body = try Self.request(imported, "Pets/Replace a pet from its schema").body
        let expected = """
        {
          "name": "string",
          "kind": "dog",
          "owner": {
            "email": "user@example.com",
            "age": 18
          },
          "born": "2024-01-01",
          "tags": [
            "00000000-0000-4000-8000-000000000000"
          ],
          "weight": 0.5
        }
        """
        #expect(body == .json(expected))
        #expect(Self.warnings(imported).contains { $0.contains("imported as application/json; the operation also accepts application/xml") })
    }

    @Test("a recursive schema stops with an empty object; an operation's own server replaces baseUrl")
    func recursion() throws {
        let imported = try Self.load("mapping-3.0.yaml")
        let request = try Self.request(imported, "Make a tree")
        #expect(request.url == "https://trees.example.com/trees")
        #expect(request.body == .json("{\n  \"label\": \"string\",\n  \"children\": [\n    {}\n  ]\n}"))
        #expect(Self.warnings(imported).contains { $0.contains("own server (https://trees.example.com)") })
    }

    @Test("a reference to a file beside the description is followed, and refs inside it too")
    func externalReference() throws {
        let body = try Self.request(Self.load("mapping-3.0.yaml"), "External schema").body
        #expect(body == .json("{\n  \"id\": \"00000000-0000-4000-8000-000000000000\",\n  \"lines\": [\n    {\n      \"sku\": \"SKU-1\",\n      \"quantity\": 1\n    }\n  ]\n}"))
    }

    @Test("without a folder to read from, a reference to another file is a warning")
    func externalReferenceFromStandardInput() throws {
        let imported = try Self.load("mapping-3.0.yaml", fromFile: false)
        #expect(try Self.request(imported, "External schema").body == .json("null"))
        #expect(Self.warnings(imported).contains { $0.contains("$ref 'schemas.yaml#/Order' cannot be resolved") && $0.contains("not read from a file") })
    }

    @Test("references that cannot be resolved are warnings naming the pointer")
    func brokenReferences() throws {
        let imported = try Self.load("mapping-3.0.yaml")
        let warnings = Self.warnings(imported)
        #expect(warnings.contains { $0.contains("GET /broken") && $0.contains("$ref '#/components/parameters/Missing' cannot be resolved: nothing is found at this pointer") })
        #expect(warnings.contains { $0.contains("$ref 'missing-file.yaml#/Param' cannot be resolved") && $0.contains("missing-file.yaml cannot be read") })
        #expect(try Self.request(imported, "Broken references").query.isEmpty)
    }

    @Test("multipart rows: fields and file parts, required ones on")
    func multipart() throws {
        let imported = try Self.load("mapping-3.0.yaml")
        #expect(try Self.request(imported, "Pets/Upload a photo").body == .multipart([
            .field(name: "caption", value: "At the beach", enabled: false),
            .file(name: "file", path: "", fileName: nil, contentType: "image/png", enabled: true),
        ]))
        #expect(Self.warnings(imported).contains { $0.contains("the file part 'file' has no file yet") })
    }

    @Test("form rows and basic auth")
    func form() throws {
        let request = try Self.request(Self.load("mapping-3.0.yaml"), "Log in")
        #expect(request.auth == .basic(user: "{{username}}", password: "{{password}}"))
        #expect(request.body == .form([KeyValueRow(name: "user", value: "ann"), KeyValueRow(name: "remember", value: "true", enabled: false)]))
    }

    @Test("an API key in a header, a text body")
    func apiKeyHeader() throws {
        let request = try Self.request(Self.load("mapping-3.0.yaml"), "Post a note")
        #expect(request.headers == [KeyValueRow(name: "X-API-Key", value: "{{apiKeyHeader}}")])
        #expect(request.auth == SavedAuth.none)
        #expect(request.body == .raw(text: "Remember the milk", contentType: "text/plain"))
    }

    @Test("an API key in the query together with bearer auth; an XML body without example is reported")
    func apiKeyQuery() throws {
        let imported = try Self.load("mapping-3.0.yaml")
        let request = try Self.request(imported, "Put XML")
        #expect(request.query == [KeyValueRow(name: "api_key", value: "{{apiKeyQuery}}")])
        #expect(request.auth == .bearer(token: "{{token}}"))
        #expect(request.body == .raw(text: "", contentType: "application/xml"))
        #expect(Self.warnings(imported).contains { $0.contains("PUT /notes") && $0.contains("makes JSON examples, not XML") })
    }

    @Test("OAuth 2 and OpenID Connect are reported once each; a binary body is a file to choose")
    func unsupportedSecurity() throws {
        let imported = try Self.load("mapping-3.0.yaml")
        let request = try Self.request(imported, "Upload a file")
        #expect(request.auth == SavedAuth.none)
        #expect(request.body == .file(path: "", contentType: "application/octet-stream"))
        let warnings = Self.warnings(imported)
        #expect(warnings.filter { $0.contains("security scheme 'oauth'") }.count == 1)
        #expect(warnings.contains { $0.contains("oauth2 security scheme 'oauth' is not supported") })
        #expect(warnings.contains { $0.contains("openIdConnect security scheme 'openId' is not supported") })
        #expect(warnings.contains { $0.contains("PUT /files") && $0.contains("choose the file") })
    }

    @Test("a +json body from a referenced named example; an undeclared path parameter is reported")
    func mergePatch() throws {
        let imported = try Self.load("mapping-3.0.yaml")
        let request = try Self.request(imported, "Merge patch")
        #expect(request.url == "{{baseUrl}}/patches/{{id}}")
        #expect(request.body == .raw(text: "{\n  \"name\": \"Rex\"\n}", contentType: "application/merge-patch+json"))
        #expect(imported.collection.variables.contains(Variable(name: "id", value: "string")))
        #expect(Self.warnings(imported).contains { $0.contains("the path parameter 'id' is not declared; it is read as text") })
    }

    @Test("Swagger 2.0: host, basePath and schemes; x-example, collectionFormat, misspelled types, trace")
    func swaggerParameters() throws {
        let imported = try Self.load("mapping-2.0.json")
        #expect(imported.collection.variables.first == Variable(name: "baseUrl", value: "http://api.example.com:8080/base"))
        #expect(imported.collection.auth == SavedAuth.none)
        #expect(imported.collection.folders.map(\.name) == ["Items"])
        #expect(imported.collection.folders[0].description == "Item things")
        let request = try Self.request(imported, "Items/Get an item")
        #expect(request.url == "{{baseUrl}}/items/{{id}}")
        #expect(imported.collection.variables.contains(Variable(name: "id", value: "7")))
        #expect(request.query == [
            KeyValueRow(name: "tags", value: "a", enabled: false),
            KeyValueRow(name: "tags", value: "b", enabled: false),
            KeyValueRow(name: "sizes", value: "{{sizes}}"),
        ])
        #expect(imported.collection.variables.contains(Variable(name: "sizes", value: "s|m")))
        #expect(request.headers == [KeyValueRow(name: "X-Req", value: "r1", enabled: false), KeyValueRow(name: "X-Key", value: "{{key}}")])
        let warnings = Self.warnings(imported)
        #expect(warnings.contains { $0.contains("unknown type 'int' at #/paths/~1items~1{id}/get/parameters/0; read as integer") })
        #expect(warnings.contains { $0.contains("TRACE /items/{id}") && $0.contains("no trace operations") })
        #expect(try Self.request(imported, "Items/Trace an item").method == HTTPMethod(rawValue: "TRACE"))
    }

    @Test("Swagger 2.0: a body parameter, basic auth, form and multipart formData, OAuth reported")
    func swaggerBodies() throws {
        let imported = try Self.load("mapping-2.0.json")
        let put = try Self.request(imported, "Items/Replace an item")
        #expect(put.auth == .basic(user: "{{username}}", password: "{{password}}"))
        #expect(put.body == .json("{\n  \"name\": \"lamp\",\n  \"price\": 0,\n  \"parent\": {}\n}"))
        let form = try Self.request(imported, "Send a form")
        #expect(form.body == .form([KeyValueRow(name: "name", value: "ann"), KeyValueRow(name: "age", value: "1", enabled: false)]))
        #expect(form.auth == SavedAuth.none)
        let upload = try Self.request(imported, "Upload")
        #expect(upload.body == .multipart([.field(name: "note", value: "hello", enabled: false), .file(name: "data", path: "", fileName: nil, contentType: nil, enabled: true)]))
        #expect(Self.warnings(imported).contains { $0.contains("oauth2 security scheme 'oauth'") })
    }

    @Test("OpenAPI 3.1: type lists, examples lists, const, anyOf; webhooks and a missing server reported")
    func shapes() throws {
        let imported = try Self.load("shapes-3.1.yaml")
        let request = try Self.request(imported, "Make a thing")
        #expect(request.body == .json("{\n  \"label\": \"first label\",\n  \"mode\": \"fast\",\n  \"count\": 0,\n  \"nested\": {\n    \"deep\": true\n  }\n}"))
        let warnings = Self.warnings(imported)
        #expect(warnings.contains { $0.contains("webhook(s) (thingMade)") })
        #expect(warnings.contains { $0.contains("baseUrl") && $0.contains("--var baseUrl=") })
    }

    @Test("files that are not descriptions are refused with a reason", arguments: [
        ("{\"info\": {}}", "no \"openapi\" or \"swagger\""),
        ("swagger: '1.2'\n", "1.2 is not supported"),
        ("openapi: 4.0.0\n", "4.0.0 is not supported"),
        ("a: [1, 2\n", "not valid JSON or YAML"),
    ])
    func refusals(_ text: String, reason: String) throws {
        let error = try #require(throws: OpenAPIImportError.self) { try OpenAPIImporter.parse(Data(text.utf8), file: "x.yaml") }
        #expect(error.description.contains(reason))
    }

    @Test("a schema that fans out is cut short at the value limit, and reported")
    func valueLimit() throws {
        var text = "openapi: 3.0.0\ninfo: {title: t, version: '1'}\npaths:\n  /x:\n    post:\n      requestBody:\n        content:\n          application/json:\n            schema: {$ref: '#/components/schemas/S0'}\ncomponents:\n  schemas:\n"
        for level in 0..<8 {
            let next = level == 7 ? "{type: string}" : "{$ref: '#/components/schemas/S\(level + 1)'}"
            text += "    S\(level):\n      type: object\n      properties: {a: \(next), b: \(next), c: \(next), d: \(next), e: \(next), f: \(next)}\n"
        }
        let imported = try OpenAPIImporter.parse(Data(text.utf8), file: "fan.yaml")
        #expect(imported.warnings.map(\.description).contains { $0.contains("cut short after \(SchemaExample.maximumValues) values") })
        guard case .json(let body)? = imported.collection.requests.first?.body else { Issue.record("no JSON body"); return }
        #expect(body.utf8.count < 2_000_000)
    }

    @Test("a reference loop is reported, not followed forever")
    func referenceLoop() throws {
        let text = "openapi: 3.0.0\ninfo: {title: t, version: '1'}\npaths:\n  /x:\n    $ref: '#/components/pathItems/A'\ncomponents:\n  pathItems:\n    A: {$ref: '#/components/pathItems/B'}\n    B: {$ref: '#/components/pathItems/A'}\n"
        let imported = try OpenAPIImporter.parse(Data(text.utf8), file: "loop.yaml")
        #expect(imported.collection.allRequests.isEmpty)
        #expect(imported.warnings.map(\.description).contains { $0.contains("loop") })
    }
}

/// The bound on all examples of one import.
@Suite("OpenAPI example budget")
struct OpenAPIExampleBudgetTests {
    @Test("once the budget of one import is spent, later examples are null and it is reported once")
    func totalBudget() throws {
        let schema = try YAMLReader.read(Data("type: object\nproperties: {a: {type: string}, b: {type: integer}, c: {type: boolean}}\n".utf8), file: "s.yaml")
        var generator = SchemaExample(references: OpenAPIReferences(root: .object([]), directory: nil), totalLimit: 10)
        #expect(generator.example(of: schema, document: "", pointer: "#/s", location: "first") == .object([
            JSONMember(key: "a", value: .string("string")), JSONMember(key: "b", value: .number("0")), JSONMember(key: "c", value: .bool(true)),
        ]))
        _ = generator.example(of: schema, document: "", pointer: "#/s", location: "second")
        let third = generator.example(of: schema, document: "", pointer: "#/s", location: "third")
        #expect(third["a"] == .string("string"))
        #expect(third["c"] == .null)
        #expect(generator.example(of: schema, document: "", pointer: "#/s", location: "fourth") == .null)
        #expect(generator.example(of: schema, document: "", pointer: "#/s", location: "fifth") == .null)
        #expect(generator.warnings.filter { $0.message.contains("reached 10 values in all") }.count == 1)
    }
}
