import Foundation
import Testing
import RequestKit
@testable import RequestStore

/// The replay options of a saved request: written canonically, read back, range-checked.
@Suite struct SavedOptionsRetryTests {
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

    @Test func retryOptionsRoundTripInTheirPlace() throws {
        let text = collection(options: """
        {
                "timeout": 2.5,
                "proxy": "http://proxy:3128",
                "retry": 3,
                "retryInterval": 250
              }
        """)
        let decoded = try RequestCollection.decode(from: text, file: "api.json")
        #expect(decoded.requests.first?.options.retry == 3)
        #expect(decoded.requests.first?.options.retryInterval == 250)
        #expect(try decoded.encoded() == text)
    }

    @Test(arguments: [#"{"retry": -1}"#, #"{"retry": 1001}"#, #"{"retryInterval": 3600001}"#])
    func outOfRangeRetryOptionsAreErrors(options: String) throws {
        #expect {
            try RequestCollection.decode(from: collection(options: options), file: "api.json")
        } throws: { error in
            "\(error)".contains("api.json") && "\(error)".contains("retry")
        }
    }
}
