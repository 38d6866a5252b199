import Foundation
import Testing
import RequestKit
@testable import RequestStore
import TestSupport

@Suite("Collection format 2: check lines and the migration from version 1")
struct CollectionVersionTwoTests {
    static let versionOne = #"""
    {
      "format": "curlew.collection",
      "version": 1,
      "name": "Old",
      "folders": [
        {
          "name": "A",
          "folders": [
            {
              "name": "B",
              "folders": [
                {
                  "name": "C",
                  "requests": [
                    {
                      "name": "Deep",
                      "url": "http://x/deep",
                      "expectations": [
                        {"status": 201},
                        {"header": "Content-Type", "equals": "text/plain"},
                        {"header": "ETag"},
                        {"bodyContains": "say \"hi\""},
                        {"maxDurationMs": 750}
                      ],
                      "captures": [
                        {"variable": "etag", "header": "ETag"}
                      ]
                    }
                  ]
                }
              ]
            }
          ]
        }
      ],
      "requests": [
        {"name": "Top", "url": "http://x/top", "expectations": [{"status": 200}]}
      ]
    }

    """#

    static let versionTwo = #"""
    {
      "format": "curlew.collection",
      "version": 2,
      "name": "Old",
      "folders": [
        {
          "name": "A",
          "folders": [
            {
              "name": "B",
              "folders": [
                {
                  "name": "C",
                  "requests": [
                    {
                      "name": "Deep",
                      "method": "GET",
                      "url": "http://x/deep",
                      "checks": [
                        "status == 201",
                        "header \"Content-Type\" == \"text/plain\"",
                        "header \"ETag\" exists",
                        "body contains \"say \\\"hi\\\"\"",
                        "duration <= 750"
                      ],
                      "captures": [
                        "etag: header \"ETag\""
                      ]
                    }
                  ]
                }
              ]
            }
          ]
        }
      ],
      "requests": [
        {
          "name": "Top",
          "method": "GET",
          "url": "http://x/top",
          "checks": [
            "status == 200"
          ]
        }
      ]
    }

    """#

    @Test("a version-1 file loads with its expectations as check lines, and the first save writes version 2 canonically")
    func migratesVersionOne() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("old.json")
        try Self.versionOne.write(toFile: path, atomically: false, encoding: .utf8)
        let loaded = try CollectionFile.load(path)
        let deep = try #require(loaded.document.allRequests.first { $0.request.name == "Deep" })
        #expect(deep.request.checks.map(\.text) == ["status == 201", "header \"Content-Type\" == \"text/plain\"", "header \"ETag\" exists", "body contains \"say \\\"hi\\\"\"", "duration <= 750"])
        #expect(deep.request.checks[4].predicate == CheckPredicate(function: .lessOrEqual(.integer(750))))
        #expect(deep.request.captures.map(\.text) == ["etag: header \"ETag\""])
        #expect(deep.request.captures.first?.query == .header(CheckString("ETag")))
        _ = try loaded.saving(loaded.document)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.versionTwo)
        let reloaded = try CollectionFile.load(path)
        #expect(reloaded.document == loaded.document)
    }

    @Test("version-1 JSON path expectations and captures become jsonpath lines")
    func migratesJSONPaths() throws {
        let text = #"""
        {"format": "curlew.collection", "version": 1, "name": "J", "requests": [{"name": "R", "url": "http://x",
          "expectations": [{"jsonPath": "$.a", "equals": "x"}, {"jsonPath": "$.n", "equals": 12}, {"jsonPath": "$.f", "equals": 1.5},
                           {"jsonPath": "$.b", "equals": true}, {"jsonPath": "$.z", "equals": null}, {"jsonPath": "$.l", "equals": [1, "a"]},
                           {"jsonPath": "$.e", "exists": true}, {"jsonPath": "$.g", "exists": false}],
          "captures": [{"variable": "id", "jsonPath": "$.id"}]}]}
        """#
        let collection = try RequestCollection.decode(from: Data(text.utf8), file: "j.json")
        let request = try #require(collection.requests.first)
        #expect(request.checks.map(\.text) == [
            "jsonpath \"$.a\" == \"x\"", "jsonpath \"$.n\" == 12", "jsonpath \"$.f\" == 1.5", "jsonpath \"$.b\" == true",
            "jsonpath \"$.z\" == null", "jsonpath \"$.l\" toString == \"[1,\\\"a\\\"]\"", "jsonpath \"$.e\" exists", "jsonpath \"$.g\" not exists",
        ])
        #expect(request.captures.map(\.text) == ["id: jsonpath \"$.id\""])
    }

    @Test("a file without a version is read as version 1, and a bad line in it is still located exactly")
    func versionless() throws {
        let old = #"{"name": "N", "requests": [{"name": "R", "url": "http://x", "expectations": [{"status": 204}]}]}"#
        let collection = try RequestCollection.decode(from: Data(old.utf8), file: "n.json")
        #expect(collection.requests.first?.checks.map(\.text) == ["status == 204"])
        let bad = #"{"name": "N", "requests": [{"name": "R", "url": "http://x", "checks": ["status === 1"]}]}"#
        let error = #expect(throws: FileFormatError.self) { try RequestCollection.decode(from: Data(bad.utf8), file: "n.json") }
        let quote = bad.distance(from: bad.startIndex, to: bad.range(of: "\"status ===")!.lowerBound)
        #expect(error?.column == quote + 1 + 8)
    }

    @Test("a lone saved request with a bad check names itself")
    func loneRequest() {
        let text = #"{"name": "Solo", "url": "http://x", "checks": ["status"]}"#
        let error = #expect(throws: FileFormatError.self) { try CanonicalJSON.decode(SavedRequest.self, from: Data(text.utf8), file: "solo.json") }
        #expect(error?.reason.contains("request \"Solo\"") == true)
        #expect(error?.reason.contains("predicate is missing") == true)
    }

    @Test("a version-1 expectation curlew cannot read is an error naming the request")
    func badVersionOne() {
        let text = #"{"format": "curlew.collection", "version": 1, "name": "J", "requests": [{"name": "R", "url": "http://x", "expectations": [{"colour": "red"}]}]}"#
        let error = #expect(throws: FileFormatError.self) { try RequestCollection.decode(from: Data(text.utf8), file: "j.json") }
        #expect(error?.reason.contains("request \"R\"") == true)
        #expect(error?.reason.contains("colour") == true)
    }

    @Test("a check line that does not parse names the file, the request's path, the line and column in the file and in the check")
    func badCheckLine() throws {
        let text = """
        {
          "format": "curlew.collection",
          "version": 2,
          "name": "Bad",
          "folders": [
            {
              "name": "Users",
              "folders": [{"name": "Admin", "requests": [
                {"name": "Login", "url": "http://x", "checks": ["status == 200", "body == \\"é\\u0041\\" extra"]}
              ]}]
            }
          ]
        }

        """
        let folder = try TemporaryFolder()
        let path = folder.file("bad.json")
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        let error = #expect(throws: StoreError.self) { try CollectionFile.load(path) }
        guard case .unreadable(let formatError)? = error else {
            Issue.record("expected an unreadable file, got \(String(describing: error))")
            return
        }
        let lineText = text.split(separator: "\n", omittingEmptySubsequences: false)[8]
        let quote = try #require(lineText.range(of: "\"body"))
        let quoteColumn = lineText.distance(from: lineText.startIndex, to: quote.lowerBound) + 1
        let fileColumnOfExtra = try #require(lineText.range(of: " extra")).lowerBound
        #expect(formatError.file == path)
        #expect(formatError.line == 9)
        #expect(formatError.column == lineText.distance(from: lineText.startIndex, to: fileColumnOfExtra) + 2)
        #expect(formatError.column > quoteColumn)
        #expect(formatError.reason.contains("request \"Users/Admin/Login\""))
        #expect(formatError.reason.contains("the check \"body == \"éA\" extra\""))
        #expect(formatError.reason.contains("column 14"))
        #expect(formatError.reason.contains("unexpected text after the predicate"))
        #expect(formatError.description.hasPrefix("\(path):9:\(formatError.column): in request"))
    }

    @Test("a capture line that does not parse is reported the same way")
    func badCaptureLine() {
        let text = #"{"format": "curlew.collection", "version": 2, "name": "C", "requests": [{"name": "R", "url": "http://x", "captures": ["token jsonpath"]}]}"#
        let error = #expect(throws: FileFormatError.self) { try RequestCollection.decode(from: Data(text.utf8), file: "c.json") }
        #expect(error?.line == 1)
        #expect(error?.column == (text.distance(from: text.startIndex, to: text.range(of: "\"token")!.lowerBound) + 2))
        #expect(error?.reason.contains("the capture \"token jsonpath\"") == true)
        #expect(error?.reason.contains("request \"R\"") == true)
    }

    @Test("check lines written in any spacing survive load and save byte for byte")
    func byteIdentical() throws {
        let text = """
        {
          "format": "curlew.collection",
          "version": 2,
          "name": "Keep",
          "requests": [
            {
              "name": "R",
              "method": "GET",
              "url": "http://x",
              "checks": [
                "status   ==   200",
                "header \\"X-A\\"  split \\",\\"   count >= 1",
                "body matches /^[a-z]+\\\\/\\\\d$/",
                "cookie \\"sid[max-age]\\" not exists",
                "variable \\"v\\" equals {{ expected }}"
              ],
              "captures": [
                "token :  header \\"X-Token\\"   redact"
              ]
            }
          ]
        }

        """
        let folder = try TemporaryFolder()
        let path = folder.file("keep.json")
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        let loaded = try CollectionFile.load(path)
        #expect(loaded.document.requests.first?.captures.first?.isSecret == true)
        _ = try loaded.saving(loaded.document)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
    }
}
