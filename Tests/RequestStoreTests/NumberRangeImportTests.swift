import Foundation
import Testing
import RequestKit
@testable import RequestStore

/// Numbers in collection files and imported files are range-checked where they are read.
@Suite struct NumberRangeImportTests {
    private func collection(options: String) -> Data {
        Data("""
        {
          "format": "curlew.collection",
          "version": \(RequestCollection.currentVersion),
          "name": "API",
          "requests": [
            {
              "name": "Ready",
              "method": "GET",
              "url": "http://h/",
              "options": \(options)
            }
          ]
        }

        """.utf8)
    }

    @Test(arguments: [#"{"timeout": 1e300}"#, #"{"timeout": 1e400}"#, #"{"timeout": -1}"#, #"{"maxRedirects": 1001}"#, #"{"maxRedirects": 99999999999999999999}"#])
    func outOfRangeCollectionOptionsNameTheFileAndPlace(options: String) throws {
        #expect {
            try RequestCollection.decode(from: collection(options: options), file: "api.json")
        } throws: { error in
            let text = "\(error)"
            return text.contains("api.json:10:") && text.contains("options.")
        }
    }

    @Test func httpFileTimeoutOutOfRangeIsAWarningWithItsLine() {
        let result = HTTPFileParser.parse("# @timeout 1e300\nGET https://h/\n", collectionName: "w")
        #expect(result.collection.requests.first?.options.timeout == nil)
        #expect(result.warnings.contains { $0.location == "line 1" && $0.message.contains("out of range") })
    }

    @Test(arguments: ["--max-filesize 9999999999999G", "-m 1e309", "--max-time 1e16", "--connect-timeout 99999999999999999999", "--max-redirs 99999999999999999999"])
    func curlNumbersOutOfRangeAreWarningsNamingTheOption(options: String) throws {
        let imported = try #require(try CurlImporter.parse("curl \(options) https://h/").first)
        let option = String(options.split(separator: " ")[0])
        #expect(imported.warnings.contains { $0.message.contains("out of range") && "\($0.location) \($0.message)".contains(option.trimmingCharacters(in: ["-"])) })
        #expect(imported.request.options.timeout == RequestOptions().timeout)
    }
}
