import Foundation
import RequestKit
import Testing
@testable import RequestStore

/// The Insomnia v4 importer on exports written from Insomnia's documented format.
@Suite("Insomnia import")
struct InsomniaImportTests {
    static func load(_ name: String) throws -> InsomniaImport {
        try InsomniaImporter.parse(Data(contentsOf: ImportFixtures.root.appendingPathComponent("insomnia/" + name)), file: name)
    }

    static func request(_ imported: InsomniaImport, _ path: String) throws -> SavedRequest {
        try #require(imported.collection.allRequests.first { $0.path == path }?.request, "no request \(path)")
    }

    static func warnings(_ imported: InsomniaImport) -> [String] {
        imported.warnings.map(\.description)
    }

    @Test("the workspace is the collection; folders and requests follow Insomnia's sort order")
    func layout() throws {
        let imported = try Self.load("shop.insomnia.json")
        let collection = imported.collection
        #expect(collection.name == "Shop API")
        #expect(collection.description == "The shop, as exported from Insomnia.")
        #expect(collection.requests.map(\.name) == ["Health"])
        #expect(collection.folders.map(\.name) == ["Users", "Media"])
        #expect(collection.folders[0].requests.map(\.name) == ["Create user", "List users"])
        #expect(collection.folders[0].folders.map(\.name) == ["Admin"])
        #expect(collection.folders[1].requests.map(\.name) == ["Upload", "Binary", "XML", "GraphQL", "Plain", "No auth"])
        #expect(collection.requests[0].description == "Is it up?")
        _ = try collection.encoded()
    }

    @Test("the base environment and folder environments become variables; sub-environments become environments")
    func environments() throws {
        let imported = try Self.load("shop.insomnia.json")
        #expect(imported.collection.variables.map(\.name) == ["baseUrl", "token", "name", "user", "apiKey", "userPath"])
        #expect(imported.collection.variables.first == Variable(name: "baseUrl", value: "http://localhost:8080"))
        #expect(imported.environments.map(\.name) == ["Staging", "Production"])
        #expect(imported.environments[0].variables == [
            Variable(name: "baseUrl", value: "https://staging.example.com"),
            Variable(name: "limits.max", value: "10"),
            Variable(name: "limits.burst", value: "true"),
        ])
        #expect(imported.environments[1].variables == [Variable(name: "baseUrl", value: "https://api.example.com"), Variable(name: "token", value: "")])
        let warnings = Self.warnings(imported)
        #expect(warnings.contains { $0.contains("Users") && $0.contains("becomes collection variables") })
        #expect(warnings.contains { $0.contains("dotted names") })
    }

    @Test("templates become curlew variables; query rows, headers and redirects")
    func request() throws {
        let imported = try Self.load("shop.insomnia.json")
        let list = try Self.request(imported, "Users/List users")
        #expect(list.url == "{{baseUrl}}/{{userPath}}")
        #expect(list.query == [KeyValueRow(name: "page", value: "2"), KeyValueRow(name: "sort", value: "name", enabled: false)])
        #expect(list.headers == [KeyValueRow(name: "Accept", value: "application/json"), KeyValueRow(name: "X-Off", value: "1", enabled: false)])
        #expect(list.auth == .inherit)
        #expect(list.options.followRedirects == false)
        #expect(try Self.request(imported, "Media/No auth").options.followRedirects == true)
        #expect(try Self.request(imported, "Media/Plain").method == .post)
    }

    @Test("folder auth and request auth: bearer, basic, API keys, prefixes, switched off, none, unsupported")
    func auth() throws {
        let imported = try Self.load("shop.insomnia.json")
        #expect(imported.collection.folders[0].auth == .bearer(token: "{{token}}"))
        #expect(try Self.request(imported, "Users/Create user").auth == .basic(user: "{{user}}", password: "s3cret"))
        let upload = try Self.request(imported, "Media/Upload")
        #expect(upload.headers == [KeyValueRow(name: "X-API-Key", value: "{{apiKey}}")])
        #expect(try Self.request(imported, "Media/Binary").query == [KeyValueRow(name: "key", value: "k1")])
        #expect(try Self.request(imported, "Media/Plain").headers == [KeyValueRow(name: "Cookie", value: "sid=c1")])
        let xml = try Self.request(imported, "Media/XML")
        #expect(xml.headers == [KeyValueRow(name: "Authorization", value: "Token abc")])
        #expect(xml.auth == SavedAuth.none)
        #expect(try Self.request(imported, "Media/GraphQL").auth == SavedAuth.none)
        #expect(try Self.request(imported, "Media/No auth").auth == SavedAuth.none)
        #expect(try Self.request(imported, "Users/Admin/Ban").auth == SavedAuth.none)
        let warnings = Self.warnings(imported)
        #expect(warnings.contains { $0.contains("Users / Admin / Ban") && $0.contains("oauth2 auth is not supported") })
        #expect(warnings.contains { $0.contains("prefix is 'Token'") })
        #expect(warnings.contains { $0.contains("Media / GraphQL") && $0.contains("switched off") })
    }

    @Test("body types: JSON, form, multipart with files, file, XML, GraphQL, text without a type")
    func bodies() throws {
        let imported = try Self.load("shop.insomnia.json")
        let create = try Self.request(imported, "Users/Create user")
        #expect(create.body == .json("{\n  \"id\": \"{{$uuid}}\",\n  \"name\": \"{{name}}\"\n}"))
        #expect(create.headers.isEmpty)
        #expect(try Self.request(imported, "Users/Admin/Ban").body == .form([KeyValueRow(name: "user", value: "bob"), KeyValueRow(name: "reason", value: "spam", enabled: false)]))
        #expect(try Self.request(imported, "Media/Upload").body == .multipart([
            .field(name: "title", value: "Report", enabled: true),
            .file(name: "file", path: "/tmp/report.pdf", fileName: nil, contentType: nil, enabled: true),
            .field(name: "extra", value: "x", enabled: false),
        ]))
        #expect(try Self.request(imported, "Media/Binary").body == .file(path: "/tmp/data.bin", contentType: nil))
        #expect(try Self.request(imported, "Media/XML").body == .raw(text: "<a>1</a>", contentType: "application/xml"))
        #expect(try Self.request(imported, "Media/GraphQL").body == .json("{\"query\":\"{ me { id } }\",\"variables\":{}}"))
        let plain = try Self.request(imported, "Media/Plain")
        #expect(plain.body == .raw(text: "hello {% response 'body', 'req_list', '$.id' %}", contentType: nil))
        let warnings = Self.warnings(imported)
        #expect(warnings.contains { $0.contains("Media / Plain") && $0.contains("{% response %} is not supported") })
        #expect(warnings.contains { $0.contains("GraphQL body is imported as the JSON") })
    }

    @Test("gRPC and WebSocket requests and design documents are reported")
    func otherResources() throws {
        let warnings = Self.warnings(try Self.load("shop.insomnia.json"))
        #expect(warnings.contains { $0.contains("1 gRPC request(s) not imported") })
        #expect(warnings.contains { $0.contains("1 WebSocket request(s) not imported") })
        #expect(warnings.contains { $0.contains("curlew import openapi") })
    }

    @Test("a YAML export reads as its JSON form would")
    func yaml() throws {
        let imported = try Self.load("shop.insomnia.yaml")
        #expect(imported.collection.name == "Small API")
        let ping = try Self.request(imported, "Ping")
        #expect(ping.url == "{{host}}/ping")
        #expect(ping.auth == .bearer(token: "{{token}}"))
        #expect(ping.query == [KeyValueRow(name: "q", value: "1")])
        #expect(try Self.request(imported, "Things/Make a thing").body == .json("{\"name\": \"lamp\"}"))
        #expect(imported.collection.variables == [Variable(name: "host", value: "http://localhost:8080"), Variable(name: "token", value: "abc")])
        #expect(imported.environments == [Environment(name: "Local", variables: [Variable(name: "host", value: "http://127.0.0.1:8080")])])
    }

    @Test("several workspaces become folders; a variable with two values keeps the first")
    func workspaces() throws {
        let imported = try Self.load("two-workspaces.insomnia.json")
        #expect(imported.collection.folders.map(\.name) == ["First", "Second"])
        #expect(imported.collection.folders.map { $0.requests.map(\.name) } == [["A"], ["B"]])
        #expect(imported.collection.variables == [Variable(name: "host", value: "a")])
        let warnings = Self.warnings(imported)
        #expect(warnings.contains { $0.contains("2 workspaces") })
        #expect(warnings.contains { $0.contains("host") && $0.contains("another value ('b')") })
    }

    @Test("templates", arguments: [
        ("{{ _.host }}/a", "{{host}}/a", 0),
        ("{{host}}", "{{host}}", 0),
        ("{% uuid 'v4' %}-{% now 'iso-8601', '' %}", "{{$uuid}}-{{$timestamp}}", 0),
        ("{{ _.a | upper }}", "{{ _.a | upper }}", 1),
        ("{% base64 'encode', 'normal', 'x' %}", "{% base64 'encode', 'normal', 'x' %}", 1),
        ("open {{ never closed", "open {{ never closed", 0),
    ])
    func templates(_ input: String, expected: String, unsupported: Int) {
        let converted = InsomniaTemplate.convert(input)
        #expect(converted.text == expected)
        #expect(converted.unsupported.count == unsupported)
    }

    @Test("files that are not v4 exports are refused with a reason", arguments: [
        ("{\"resources\": []}", "not an Insomnia export"),
        ("{\"_type\": \"export\", \"__export_format\": 3, \"resources\": []}", "format 3 is not supported"),
        ("type: collection.insomnia.rest/5.0\nname: x\n", "collection.insomnia.rest/5.0 is not supported"),
        ("resources: [\n", "not valid JSON or YAML"),
    ])
    func refusals(_ text: String, reason: String) throws {
        let error = try #require(throws: InsomniaImportError.self) { try InsomniaImporter.parse(Data(text.utf8), file: "x.json") }
        #expect(error.description.contains(reason))
    }

    @Test("folders nested deeper than curlew allows are reported, not followed")
    func deepFolders() throws {
        var resources = [#"{"_id": "wrk", "parentId": null, "name": "W", "_type": "workspace"}"#]
        var parent = "wrk"
        for level in 0..<(FolderDepth.maximum + 5) {
            resources.append(#"{"_id": "fld\#(level)", "parentId": "\#(parent)", "name": "F\#(level)", "_type": "request_group"}"#)
            parent = "fld\(level)"
        }
        let text = #"{"_type": "export", "__export_format": 4, "resources": ["# + resources.joined(separator: ",") + "]}"
        let imported = try InsomniaImporter.parse(Data(text.utf8), file: "deep.json")
        #expect(FolderDepth.of(imported.collection.folders) == FolderDepth.maximum)
        #expect(imported.warnings.map(\.description).contains { $0.contains("nested deeper than curlew allows") })
        _ = try imported.collection.encoded()
    }
}
