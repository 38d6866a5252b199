import Foundation
import RequestKit
import RequestStore
import Testing

/// A request's `disabledInheritedHeaders`: read and written in its place, and left out of what every consumer sends.
@Suite("Disabled inherited headers")
struct DisabledInheritedHeadersTests {
    /// A collection header and a folder header, and a request in the folder that switches the collection's off.
    static var collection: RequestCollection {
        var collection = RequestCollection(name: "API")
        collection.headers = [KeyValueRow(name: "X-Team", value: "core"), KeyValueRow(name: "Accept", value: "application/json")]
        var request = SavedRequest(name: "Get", url: "http://127.0.0.1:9/get", headers: [KeyValueRow(name: "X-Own", value: "1")])
        request.disabledInheritedHeaders = ["x-team"]
        collection.folders = [Folder(name: "Users", headers: [KeyValueRow(name: "X-Area", value: "people")], requests: [request])]
        return collection
    }

    @Test("the member is written after headers, only when not empty, and read back")
    func coding() throws {
        let collection = Self.collection
        let text = String(decoding: try CanonicalJSON.encode(collection), as: UTF8.self)
        #expect(text.contains("\"headers\": [\n            {\n              \"name\": \"X-Own\""))
        let headersAt = try #require(text.range(of: "\"X-Own\""))
        let disabledAt = try #require(text.range(of: "\"disabledInheritedHeaders\": [\n            \"x-team\"\n          ]"))
        #expect(headersAt.lowerBound < disabledAt.lowerBound)
        #expect(text.components(separatedBy: "disabledInheritedHeaders").count == 2)
        let decoded = try CanonicalJSON.decode(RequestCollection.self, from: Data(text.utf8), file: "api.json")
        #expect(decoded.folders[0].requests[0].disabledInheritedHeaders == ["x-team"])
    }

    @Test("the effective headers leave the switched-off one out; the listing names where each comes from")
    func effective() throws {
        let collection = Self.collection
        let located = try #require(collection.allRequests.first)
        #expect(InheritedSettings.effective(for: located, in: collection).headers.map(\.name) == ["Accept", "X-Area", "X-Own"])
        #expect(InheritedSettings.inheritedHeaders(for: located, in: collection).map(\.source)
                == [.collection, .collection, .folder(path: "Users")])
    }

    @Test("curl and Postman exports do not send it")
    func exports() throws {
        let collection = Self.collection
        let curl = try CurlExport.commands(for: collection.allRequests, in: collection, variables: .keep)
        #expect(!curl.contains("X-Team"))
        #expect(curl.contains("X-Area: people"))
        let postman = PostmanWriter.write(collection).text
        #expect(!postman.contains("X-Team"))
        #expect(postman.contains("X-Own"))
    }
}
