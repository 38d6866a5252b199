import Foundation
import Testing
import RequestKit
@testable import RequestStore

/// The hand-written collection reader against the `Decodable` conformance it stands in for: the same model from
/// the same file, and the same error (file, line, column and reason) from a broken one.
@Suite("Collection tree reader")
struct CollectionTreeReaderTests {
    /// The collection as `RequestCollection.decode` reads it (through the hand-written reader) and as the
    /// generic decoder reads it, or the errors each gives.
    private static func bothWays(_ text: String) -> (reader: Result<RequestCollection, FileFormatError>, decoder: Result<RequestCollection, FileFormatError>) {
        let data = Data(text.utf8)
        let reader = Result { () throws(FileFormatError) -> RequestCollection in try RequestCollection.decode(from: data, file: "c.json") }
        let decoder = Result { () throws(FileFormatError) -> RequestCollection in
            try CanonicalJSON.decode(RequestCollection.self, from: data, file: "c.json")
        }
        return (reader, decoder)
    }

    @Test("a collection with every part reads to the same model as through the decoder")
    func sameModel() throws {
        let text = String(decoding: try SampleCollections.full().encoded(), as: UTF8.self)
        let (reader, decoder) = Self.bothWays(text)
        let read = try reader.get()
        #expect(read == (try decoder.get()))
        #expect(read == SampleCollections.full())
    }

    @Test("the sample collection reads to the same model as through the decoder")
    func sampleRequests() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("sample-requests/httpbin.json")
        let (reader, decoder) = Self.bothWays(String(decoding: try Data(contentsOf: file), as: UTF8.self))
        let read = try reader.get()
        #expect(read == (try decoder.get()))
        #expect(!read.allRequests.isEmpty)
    }

    @Test("members left out, null members and repeated keys read as through the decoder")
    func defaultsAndRepeats() throws {
        let text = """
        {"format": "curlew.collection", "version": 2, "name": "A", "description": null, "auth": null, "unknown": [1],
         "variables": [{"name": "v"}, {"name": "s", "value": "x", "secret": true, "enabled": false}],
         "folders": [{"name": "F", "requests": [{"name": "r", "url": "u", "method": "post", "checks": null}]}, {"name": "G", "folders": []}],
         "requests": [{"name": "x", "name": "y", "url": "u", "id": "i", "query": [{"name": "q", "enabled": false}],
                       "headers": [{"name": "H", "value": "1"}], "disabledInheritedHeaders": ["X-Trace"], "checks": ["status == 200", "status == 200"],
                       "captures": ["t: jsonpath \\"$.t\\" redact"], "options": {"retry": 2}, "body": {"type": "json", "text": ["{", "}"]}}]}
        """
        let (reader, decoder) = Self.bothWays(text)
        let read = try reader.get()
        #expect(read == (try decoder.get()))
        #expect(read.requests[0].name == "y")
        #expect(read.requests[0].checks.count == 2)
        #expect(read.requests[0].disabledInheritedHeaders == ["X-Trace"])
        #expect(read.folders[0].requests[0].method == .post)
        #expect(read.variables[1].secret)
    }

    @Test("a broken collection gives the same error as through the decoder", arguments: [
        #"{"version": 2, "name": "A", "requests": [1]}"#,
        #"{"version": 2}"#,
        #"{"format": "other", "version": 2, "name": "A"}"#,
        #"{"version": 3, "name": "A"}"#,
        #"{"version": 1.5, "name": "A"}"#,
        #"{"version": 2, "name": 1}"#,
        #"{"version": 2, "name": "A", "description": 1}"#,
        #"{"version": 2, "name": "A", "variables": {}}"#,
        #"{"version": 2, "name": "A", "variables": [{"value": "x"}]}"#,
        #"{"version": 2, "name": "A", "variables": [{"name": "v", "secret": "yes"}]}"#,
        #"{"version": 2, "name": "A", "headers": [1]}"#,
        #"{"version": 2, "name": "A", "headers": [{"name": "H", "value": 2}]}"#,
        #"{"version": 2, "name": "A", "auth": {"type": "magic"}}"#,
        #"{"version": 2, "name": "A", "folders": [{"requests": []}]}"#,
        #"{"version": 2, "name": "A", "folders": [{"name": "F", "folders": [{"name": "G", "requests": [{"name": "r"}]}]}]}"#,
        #"{"version": 2, "name": "A", "requests": {}}"#,
        #"{"version": 2, "name": "A", "requests": [{"url": "u"}]}"#,
        #"{"version": 2, "name": "A", "requests": [{"name": "r", "url": 5}]}"#,
        #"{"version": 2, "name": "A", "requests": [{"name": "r", "url": "u", "id": 1}]}"#,
        #"{"version": 2, "name": "A", "requests": [{"name": "r", "url": "u", "method": 1}]}"#,
        #"{"version": 2, "name": "A", "requests": [{"name": "r", "url": "u", "query": [{"name": "q", "enabled": 1}]}]}"#,
        #"{"version": 2, "name": "A", "requests": [{"name": "r", "url": "u", "body": {"type": "xml"}}]}"#,
        #"{"version": 2, "name": "A", "requests": [{"name": "r", "url": "u", "options": {"retry": 5000}}]}"#,
        #"{"version": 2, "name": "A", "requests": [{"name": "r", "url": "u", "checks": "status == 200"}]}"#,
        #"{"version": 2, "name": "A", "requests": [{"name": "r", "url": "u", "checks": ["status == 200", 3]}]}"#,
        #"{"version": 2, "name": "A", "requests": [{"name": "r", "url": "u", "checks": ["status == 200", "status =="]}]}"#,
        #"{"version": 2, "name": "A", "requests": [{"name": "r", "url": "u", "checks": ["status ~ 2"]}, {"name": "s", "url": "u", "checks": ["status ~ 2"]}]}"#,
        #"{"version": 2, "name": "A", "folders": [{"name": "F", "requests": [{"name": "r", "url": "u", "captures": ["t jsonpath"]}]}]}"#,
        #"{"version": 2, "name": "A", "requests": [{"name": "r", "url": 5, "checks": ["bad"]}]}"#,
    ])
    func sameError(text: String) throws {
        let (reader, decoder) = Self.bothWays(text)
        guard case .failure(let expected) = decoder else {
            Issue.record("the decoder read \(text)")
            return
        }
        guard case .failure(let error) = reader else {
            Issue.record("the reader read \(text), which the decoder refuses with \(expected)")
            return
        }
        #expect(error == expected)
    }

    @Test("folders nested too deep are refused as through the decoder")
    func tooDeep() throws {
        var folder = #"{"name": "leaf"}"#
        for level in 0..<(FolderDepth.maximum + 1) { folder = #"{"name": "f\#(level)", "folders": [\#(folder)]}"# }
        let (reader, decoder) = Self.bothWays(#"{"version": 2, "name": "A", "folders": [\#(folder)]}"#)
        guard case .failure(let error) = reader, case .failure(let expected) = decoder else {
            Issue.record("a collection nested too deep was read")
            return
        }
        #expect(error == expected)
        #expect(error.reason.contains("nested"))
    }
}
