import Foundation
import Testing
import RequestKit
@testable import RequestStore

@Suite("Canonical JSON")
struct CanonicalJSONTests {
    @Test("a collection decodes to the same value and re-encodes to the same bytes")
    func roundTrip() throws {
        let collection = SampleCollections.full()
        let first = try collection.encoded()
        let decoded = try RequestCollection.decode(from: first, file: "shop.json")
        #expect(decoded == collection)
        let second = try decoded.encoded()
        #expect(first == second)
        let text = String(decoding: first, as: UTF8.self)
        #expect(text.hasSuffix("}\n"))
        #expect(text.hasPrefix("{\n  \"format\": \"curlew.collection\",\n  \"version\": 2,\n  \"name\": \"Shop API\","))
    }

    @Test("the layout is two-space indent with key: value and empty containers inline")
    func layout() throws {
        let value: OrderedJSON = .object([
            JSONMember(key: "b", value: .array([])),
            JSONMember(key: "a", value: .object([])),
            JSONMember(key: "list", value: .array([.number("1"), .string("x/é\n\u{7}")])),
        ])
        let text = String(decoding: CanonicalJSON.format(value), as: UTF8.self)
        #expect(text == "{\n  \"b\": [],\n  \"a\": {},\n  \"list\": [\n    1,\n    \"x/é\\n\\u0007\"\n  ]\n}\n")
    }

    @Test("changing one request changes only its lines")
    func localDiff() throws {
        let collection = SampleCollections.large(count: 300)
        let before = String(decoding: try collection.encoded(), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        var changed = collection
        let target = try #require(changed.allRequests.first { $0.request.name == "Request 150" })
        var request = target.request
        request.url = "{{base}}/changed"
        request.headers.append(KeyValueRow(name: "X-New", value: "1"))
        changed[target.location] = request
        let after = String(decoding: try changed.encoded(), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let difference = after.difference(from: before)
        let removed = difference.removals.map { change -> String in
            if case .remove(_, let line, _) = change { return String(line) }
            return ""
        }
        let inserted = difference.insertions.map { change -> String in
            if case .insert(_, let line, _) = change { return String(line) }
            return ""
        }
        let trimmedRemoved = removed.map { $0.trimmingCharacters(in: .whitespaces) }
        let trimmedInserted = inserted.map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(trimmedRemoved.count <= 2)
        #expect(trimmedRemoved.contains("\"url\": \"{{base}}/items/150\","))
        #expect(trimmedInserted.count <= 6)
        #expect(trimmedInserted.contains("\"url\": \"{{base}}/changed\","))
        #expect(trimmedInserted.contains("\"name\": \"X-New\","))
    }

    @Test("hand-written files with defaults left out are read")
    func defaults() throws {
        let text = #"{"name": "Mini", "requests": [{"name": "Ping", "url": "http://x/ping"}]}"#
        let collection = try RequestCollection.decode(from: Data(text.utf8), file: "mini.json")
        #expect(collection.requests == [SavedRequest(name: "Ping", url: "http://x/ping")])
        #expect(collection.requests[0].auth == .inherit)
    }

    @Test("JSONEncoder and JSONDecoder agree with the canonical form")
    func foundationCompatible() throws {
        let collection = SampleCollections.full()
        let data = try JSONEncoder().encode(collection)
        let decoded = try JSONDecoder().decode(RequestCollection.self, from: data)
        #expect(decoded == collection)
    }

    @Test("a syntax error reports file, line and column")
    func syntaxErrorLocation() throws {
        let text = "{\n  \"name\": \"A\",\n  \"requests\": [\n    {\"name\": \"x\" \"url\": \"y\"}\n  ]\n}\n"
        let error = try #require(throws: FileFormatError.self) { try RequestCollection.decode(from: Data(text.utf8), file: "bad.json") }
        #expect(error.file == "bad.json")
        #expect(error.line == 4)
        #expect(error.column == 18)
        #expect(error.reason.contains("expected ',' or '}'"))
        #expect(error.description.hasPrefix("bad.json:4:18: "))
    }

    @Test("a type error points at the value and names its path")
    func decodeErrorLocation() throws {
        let text = "{\n  \"name\": \"A\",\n  \"requests\": [\n    {\n      \"name\": \"x\",\n      \"url\": 5\n    }\n  ]\n}\n"
        let error = try #require(throws: FileFormatError.self) { try RequestCollection.decode(from: Data(text.utf8), file: "bad.json") }
        #expect(error.line == 6)
        #expect(error.column == 14)
        #expect(error.reason == "at requests[0].url: expected a string, found a number")
    }

    @Test("a missing key points at its object")
    func missingKeyLocation() throws {
        let text = "{\n  \"name\": \"A\",\n  \"folders\": [\n    {\"requests\": []}\n  ]\n}\n"
        let error = try #require(throws: FileFormatError.self) { try RequestCollection.decode(from: Data(text.utf8), file: "bad.json") }
        #expect(error.line == 4)
        #expect(error.column == 5)
        #expect(error.reason.contains("missing the required key \"name\""))
    }

    @Test("an unknown body type is reported with its location")
    func unknownBodyType() throws {
        let text = "{\"name\": \"A\", \"requests\": [{\"name\": \"x\", \"url\": \"y\", \"body\": {\"type\": \"xml\"}}]}"
        let error = try #require(throws: FileFormatError.self) { try RequestCollection.decode(from: Data(text.utf8), file: "bad.json") }
        #expect(error.reason.contains("unknown body type \"xml\""))
        #expect(error.line == 1)
    }

    @Test("a newer format version is refused")
    func newerVersion() throws {
        let text = "{\"format\": \"curlew.collection\", \"version\": 99, \"name\": \"A\"}"
        let error = try #require(throws: FileFormatError.self) { try RequestCollection.decode(from: Data(text.utf8), file: "new.json") }
        #expect(error.reason.contains("newer"))
    }

    @Test("numbers, unicode escapes and surrogate pairs are read exactly")
    func parserDetails() throws {
        let value = try CanonicalJSON.parse(Data(#"{"n": -1.5e3, "s": "\u00e9\ud83d\ude00\n", "t": true, "z": null}"#.utf8), file: "x")
        #expect(value["n"] == .number("-1.5e3"))
        #expect(value["s"] == .string("é😀\n"))
        #expect(value["t"] == .bool(true))
        #expect(value["z"] == .null)
    }

    static let suiteFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures/JSONTestSuite/test_parsing")

    static func suiteFiles(prefix: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: suiteFolder.path)) ?? []
        return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted()
    }

    @Test("JSONTestSuite: every y_ file is accepted", arguments: suiteFiles(prefix: "y_"))
    func acceptsValid(name: String) throws {
        let data = try Data(contentsOf: Self.suiteFolder.appendingPathComponent(name))
        #expect(throws: Never.self) { try CanonicalJSON.parse(data, file: name) }
    }

    @Test("JSONTestSuite: every n_ file is refused", arguments: suiteFiles(prefix: "n_"))
    func refusesInvalid(name: String) throws {
        let data = try Data(contentsOf: Self.suiteFolder.appendingPathComponent(name))
        #expect(throws: FileFormatError.self) { try CanonicalJSON.parse(data, file: name) }
    }

    @Test("JSONTestSuite is present")
    func suitePresent() {
        #expect(Self.suiteFiles(prefix: "y_").count > 50)
        #expect(Self.suiteFiles(prefix: "n_").count > 100)
    }
}
