import Foundation
import RequestKit
import RequestStore
import Testing
import TestSupport

/// Saved examples (Postman's `response` list): imported as data as well as documentation, written to a
/// collection file and read back, and exported to Postman as its examples again.
@Suite struct SavedExampleTests {
    /// A Postman collection with one request and two saved examples, one with its original request.
    static let postman = #"""
    {"info": {"name": "c", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"},
     "item": [{"name": "Get user", "request": {"method": "GET", "url": "http://127.0.0.1:9/users/1", "description": "Reads one user."},
               "response": [
                 {"name": "Found", "originalRequest": {"method": "GET", "url": {"raw": "http://127.0.0.1:9/users/1"}},
                  "status": "OK", "code": 200, "_postman_previewlanguage": "json",
                  "header": [{"key": "Content-Type", "value": "application/json"}, {"key": "X-Old", "value": "1", "disabled": true}],
                  "body": "{\"id\": 1, \"name\": \"Ada\"}"},
                 {"code": 70000, "body": "gone"}]}]}
    """#

    @Test func postmanExamplesAreKeptAsDataBesideTheirDocumentation() throws {
        let imported = try PostmanImporter.parse(Data(Self.postman.utf8))
        let request = try #require(imported.collection.requests.first)
        #expect(request.examples == [
            SavedExample(name: "Found", status: 200, reason: "OK",
                         headers: [KeyValueRow(name: "Content-Type", value: "application/json"), KeyValueRow(name: "X-Old", value: "1", enabled: false)],
                         body: #"{"id": 1, "name": "Ada"}"#, language: "json", requestMethod: "GET", requestURL: "http://127.0.0.1:9/users/1"),
            SavedExample(name: "Example 2", body: "gone"),
        ])
        #expect(request.examples[0].contentType == "application/json")
        #expect(request.description.hasPrefix("Reads one user.\n\n## Saved examples\n\n### Found (200 OK)\n\nRequest: `GET http://127.0.0.1:9/users/1`"))
        #expect(imported.warnings.contains { $0.message.contains("2 saved example response(s) are kept") && $0.message.contains("compare") })
    }

    @Test func aCollectionFileKeepsItsExamples() throws {
        let folder = TemporaryFolder.path("curlew-examples")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let collection = try PostmanImporter.parse(Data(Self.postman.utf8)).collection
        _ = try CollectionFile.create(collection, at: folder + "/api.json")
        let text = try String(contentsOfFile: folder + "/api.json", encoding: .utf8)
        #expect(text.contains(#""examples""#))
        let loaded = try CollectionFile.load(folder + "/api.json")
        #expect(loaded.document.requests.first?.examples == collection.requests.first?.examples)
        let decoded = try JSONDecoder().decode(RequestCollection.self, from: Data(text.utf8))
        #expect(decoded.requests.first?.examples == collection.requests.first?.examples)
    }

    @Test func aStatusOutOfRangeInACollectionFileIsRefusedWithItsPlace() throws {
        let folder = TemporaryFolder.path("curlew-examples")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let text = #"{"format": "curlew.collection", "version": 2, "name": "c", "requests": [{"name": "r", "url": "http://x/", "examples": [{"name": "e", "status": 99999}]}]}"#
        try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/api.json"))
        #expect {
            _ = try CollectionFile.load(folder + "/api.json")
        } throws: { error in
            "\(error)".contains("examples") && "\(error)".contains("100 to 999")
        }
    }

    @Test func postmanExportWritesTheExamplesBackAndTheAuthorsDescriptionAlone() throws {
        // A status out of range is not kept, so the example that has one is given a real status here.
        let imported = try PostmanImporter.parse(Data(Self.postman.replacingOccurrences(of: "70000", with: "404").utf8))
        let text = PostmanWriter.write(imported.collection).text
        let root = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let item = try #require((root["item"] as? [[String: Any]])?.first)
        let request = try #require(item["request"] as? [String: Any])
        #expect(request["description"] as? String == "Reads one user.")
        let responses = try #require(item["response"] as? [[String: Any]])
        #expect(responses.count == 2)
        #expect(responses[0]["name"] as? String == "Found")
        #expect(responses[0]["code"] as? Int == 200)
        #expect(responses[0]["status"] as? String == "OK")
        #expect(responses[0]["body"] as? String == #"{"id": 1, "name": "Ada"}"#)
        #expect((responses[0]["originalRequest"] as? [String: Any])?["url"] as? String == "http://127.0.0.1:9/users/1")
        let again = try PostmanImporter.parse(Data(text.utf8))
        #expect(again.collection.requests.first?.examples == imported.collection.requests.first?.examples)
        #expect(again.collection.requests.first?.description == imported.collection.requests.first?.description)
    }
}
