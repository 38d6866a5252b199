import Foundation
import RequestStore
import Testing

/// Keys of a collection file that curlew does not read are found, named with their place and nearest known key.
@Suite struct CollectionKeyCheckTests {
    private let text = """
    {
      "format": "curlew.collection",
      "version": 2,
      "name": "api",
      "varibles": [],
      "folders": [
        {
          "name": "Users",
          "requets": [],
          "requests": [
            {
              "name": "Create",
              "methd": "POST",
              "url": "http://127.0.0.1/",
              "options": {"timout": 5}
            }
          ]
        }
      ],
      "requests": [{"name": "Plain", "url": "http://127.0.0.1/", "zzzz": 1}]
    }

    """

    @Test func eachUnknownKeyIsNamedWithItsPlaceLineAndNearestKey() {
        let found = CollectionKeyCheck.unknownKeys(in: Data(text.utf8), file: "api.json")
        #expect(found.map(\.key) == ["varibles", "requets", "methd", "timout", "zzzz"])
        #expect(found.map(\.suggestion) == ["variables", "requests", "method", "timeout", nil])
        #expect(found.map(\.place) == ["the collection", "folder 'Users'", "request 'Users/Create'", "the options of request 'Users/Create'",
                                       "request 'Plain'"])
        #expect(found[2].description == "api.json:13: request 'Users/Create' has an unknown key 'methd' (did you mean 'method'?); it is ignored")
    }

    @Test func aFileOfKnownKeysOnlyOrNotJSONHasNone() throws {
        let collection = RequestCollection(name: "clean")
        #expect(CollectionKeyCheck.unknownKeys(in: try collection.encoded(), file: "clean.json").isEmpty)
        #expect(CollectionKeyCheck.unknownKeys(in: Data("{\"name\": ".utf8), file: "broken.json").isEmpty)
    }

    @Test func theCollectionStillLoadsWithItsUnknownKeysIgnored() throws {
        let collection = try RequestCollection.decode(from: Data(text.utf8), file: "api.json")
        #expect(collection.folders.first?.requests.first?.method == .get)
    }
}
