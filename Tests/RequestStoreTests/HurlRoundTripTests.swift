import Foundation
import RequestKit
import Testing
@testable import RequestStore
import TestSupport

/// Import → export → import, and saving `.hurl` files in place.
@Suite("hurl round trips")
struct HurlRoundTripTests {
    static let fixtureNames = ["sections.hurl", "bodies.hurl", "wire.hurl", "checks.hurl", "headers.hurl", "multiline.hurl"]

    static func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: ImportFixtures.root.appendingPathComponent("hurl/" + name))
    }

    @Test(arguments: fixtureNames)
    func importExportImportGivesTheSameCollection(_ name: String) throws {
        let first = try CollectionImport.read(.hurl, data: try Self.fixture(name), name: name)
        #expect(first.warnings.isEmpty)
        let exported = HurlWriter.write(first.collection)
        let second = try CollectionImport.read(.hurl, data: Data(exported.text.utf8), name: name)
        #expect(second.warnings.isEmpty)
        #expect(second.collection == first.collection, "\(exported.text)")
    }

    @Test func aCollectionWithFoldersAndInheritanceExportsWhatEachRequestSends() throws {
        var request = SavedRequest(name: "Create", method: .post, url: "{{base}}/items", body: .json("{\"a\": 1}"),
                                   checks: [try Check.parse("status == 201"), try Check.parse("jsonpath \"$.id\" exists")],
                                   captures: [try CaptureRule.parse("id: jsonpath \"$.id\"")])
        request.options.timeout = 5
        let collection = RequestCollection(
            name: "Shop", variables: [Variable(name: "base", value: "http://x")], headers: [KeyValueRow(name: "X-Team", value: "a")],
            auth: .bearer(token: "{{token}}"), folders: [Folder(name: "Items", requests: [request])])
        let exported = HurlWriter.write(collection)
        #expect(exported.text == """
        # Create
        POST {{base}}/items
        X-Team: a
        Authorization: Bearer {{token}}
        [Options]
        location: true
        max-time: 5
        {"a": 1}

        HTTP 201
        [Captures]
        id: jsonpath "$.id"
        [Asserts]
        jsonpath "$.id" exists

        """)
        #expect(exported.warnings.map(\.message).contains { $0.contains("collection variables") })
        #expect(!exported.warnings.map(\.message).contains { $0.contains("timeout") })
        let back = try HurlReader.readStrictly(Data(exported.text.utf8), file: "shop.hurl").entries[0].request
        #expect(back.checks == request.checks && back.captures == request.captures && back.body == request.body)
        #expect(back.headers.map(\.name) == ["X-Team", "Authorization"])
    }

    @Test func headerLinesAreWrittenBackAsHeaderLines() throws {
        let first = try CollectionImport.read(.hurl, data: try Self.fixture("headers.hurl"), name: "headers")
        let checks = first.collection.requests[0].checks
        #expect(checks.prefix(6).map(\.text) == [
            "status == 200", "Vary: User-Agent", "vary: Content-Type", "Set-Cookie: theme=light",
            "Set-Cookie: sessionToken=abc123; Path=/", "X-One: {{one}}",
        ])
        #expect(checks.prefix(6).map(\.isHeaderLine) == [false, true, true, true, true, true])
        let exported = HurlWriter.write(first.collection).text
        #expect(exported.contains("""
        HTTP 200
        Vary: User-Agent
        vary: Content-Type
        Set-Cookie: theme=light
        Set-Cookie: sessionToken=abc123; Path=/
        X-One: {{one}}
        [Asserts]
        header "Vary" count == 2

        """), "\(exported)")
        var added = first.collection
        added.requests[1].checks.append(try Check.parse("Content-Type: application/json"))
        added.requests[1].checks.append(try Check.parse("header \"Vary\" count == 2"))
        let written = HurlWriter.write(added).text
        #expect(written.hasSuffix("HTTP 200\nSet-Cookie: theme=light\nContent-Type: application/json\n[Asserts]\nheader \"Vary\" count == 2\n"), "\(written)")
        let back = try HurlReader.readStrictly(Data(written.utf8), file: "headers.hurl")
        #expect(back.entries[1].request.checks == added.requests[1].checks)
    }

    @Test func novariableStringsAreWrittenBackAsHurlReadsThem() throws {
        let first = try CollectionImport.read(.hurl, data: try Self.fixture("multiline.hurl"), name: "multiline")
        let exported = HurlWriter.write(first.collection).text
        #expect(exported.contains("POST {{echo}}/raw\n```novariable\n{{name}}\tAnn\n```\n"), "\(exported)")
        #expect(exported.contains("body == \"\\u{7b}{name}}\\tAnn\\n\""), "\(exported)")
        #expect(!exported.contains("\\{"), "\(exported)")
    }

    /// Copies a fixture into a temporary folder and returns its path.
    static func copy(_ name: String) throws -> String {
        let folder = TemporaryFolder.url("curlew-hurl")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent(name).path
        try Self.fixture(name).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test(arguments: fixtureNames)
    func savingAnUnchangedFileChangesNoByte(_ name: String) throws {
        let path = try Self.copy(name)
        let file = try CollectionFile.load(path)
        let saved = try file.saving(file.document)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == (try Self.fixture(name)))
        #expect(saved.fingerprint == file.fingerprint)
        #expect(!FileManager.default.fileExists(atPath: SecretsFile.path(for: path)))
    }

    @Test func savingAChangedEntryRewritesOnlyThatEntry() throws {
        let path = try Self.copy("sections.hurl")
        let file = try CollectionFile.load(path)
        var collection = file.document
        collection.requests[1].url = "{{host}}/anything"
        collection.requests[1].checks.append(try Check.parse("jsonpath \"$.method\" == \"POST\""))
        _ = try file.saving(collection)
        let original = String(decoding: try Self.fixture("sections.hurl"), as: UTF8.self)
        let written = try String(contentsOfFile: path, encoding: .utf8)
        let originalEntries = original.components(separatedBy: "\n\nPOST ")
        let writtenEntries = written.components(separatedBy: "\n\nPOST ")
        try #require(writtenEntries.count == 3, "\(written)")
        #expect(writtenEntries[0] == originalEntries[0])
        #expect(writtenEntries[2] == originalEntries[2])
        #expect(writtenEntries[1].hasPrefix("{{host}}/anything\n[Form]\nname: Ann\ncity: Zürich\n\nHTTP/1.1 200\n[Asserts]\n"))
        #expect(writtenEntries[1].contains("jsonpath \"$.method\" == \"POST\""))
        collection.requests[1].name = "POST {{host}}/anything"
        #expect(try CollectionFile.load(path).document == collection)
    }

    @Test func anAddedRequestIsWrittenAfterTheOthers() throws {
        let path = try Self.copy("bodies.hurl")
        let file = try CollectionFile.load(path)
        var collection = file.document
        collection.requests.append(SavedRequest(id: "entry-\(collection.requests.count + 1)", name: "Ping", url: "{{host}}/get", checks: [try Check.parse("status == 200")]))
        _ = try file.saving(collection)
        let written = try String(contentsOfFile: path, encoding: .utf8)
        let original = String(decoding: try Self.fixture("bodies.hurl"), as: UTF8.self)
        #expect(written == original + "\n# Ping\nGET {{host}}/get\n[Options]\nlocation: true\n\nHTTP 200\n")
        collection.requests[collection.requests.count - 1].options.followRedirects = true
        #expect(try CollectionFile.load(path).document == collection)
    }

    @Test func whatAHurlFileCannotHoldIsNotSavedIntoIt() throws {
        let path = try Self.copy("sections.hurl")
        let file = try CollectionFile.load(path)
        var collection = file.document
        collection.folders = [Folder(name: "Later", requests: [SavedRequest(name: "Ping", url: "{{host}}/get")])]
        collection.variables = [Variable(name: "host", value: "http://x")]
        collection.requests[0].headers[0].enabled = false
        #expect {
            _ = try file.saving(collection)
        } throws: { error in
            let text = String(describing: error)
            return text.contains("no folders") && text.contains("collection variables") && text.contains("the disabled row Accept")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == (try Self.fixture("sections.hurl")))
    }

    @Test func aFolderOfHurlFilesLoadsEachAsACollection() throws {
        let path = try Self.copy("sections.hurl")
        let folder = (path as NSString).deletingLastPathComponent
        try Self.fixture("bodies.hurl").write(to: URL(fileURLWithPath: folder + "/bodies.hurl"))
        let library = CollectionLibrary.load(folder)
        #expect(library.failures.isEmpty)
        #expect(library.collections.map(\.document.name) == ["bodies", "sections"])
    }
}
