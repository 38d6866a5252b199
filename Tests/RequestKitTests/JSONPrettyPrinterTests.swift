import Foundation
import RequestKit
import Testing

/// The order-preserving JSON pretty printer, on hand-written cases and on JSONTestSuite.
@Suite struct JSONPrettyPrinterTests {
    @Test func keepsKeyOrderNumberTextAndEscapes() throws {
        let input = #"{"zeta":1.50,"alpha":[1e3,-0,{"k":"a\u00e9\n"}],"empty":{},"list":[],"t":true,"n":null}"#
        let output = try JSONPrettyPrinter().format(Array(input.utf8))
        let expected = """
        {
          "zeta": 1.50,
          "alpha": [
            1e3,
            -0,
            {
              "k": "a\\u00e9\\n"
            }
          ],
          "empty": {},
          "list": [],
          "t": true,
          "n": null
        }

        """
        #expect(output == expected)
    }

    @Test func colorsTokensWhenAThemeIsGiven() throws {
        let output = try JSONPrettyPrinter(theme: .terminal).format(Array(#"{"a":1}"#.utf8))
        #expect(output.contains("\u{1B}[1;34m\"a\"\u{1B}[0m"))
        #expect(output.contains("\u{1B}[36m1\u{1B}[0m"))
    }

    @Test(arguments: ["", " ", "{", "[1,]", "{\"a\":1,}", "01", "1.", "\"\t\"", "[1] x", "{'a':1}", "\u{FEFF}{}", "nul"])
    func rejects(text: String) {
        #expect(throws: JSONSyntaxError.self) { try JSONPrettyPrinter().format(Array(text.utf8)) }
    }

    @Test func deepNestingNeitherCrashesNorExplodes() throws {
        let depth = 200_000
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let output = try JSONPrettyPrinter(maximumIndentDepth: 8).format(Array(text.utf8))
        #expect(output.count < depth * 2 * 20)
    }

    static let suiteDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/JSONTestSuite/test_parsing")

    static func suiteFiles(prefix: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: suiteDirectory.path)) ?? []
        return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted()
    }

    static func suiteBytes(_ name: String) throws -> Data {
        try Data(contentsOf: suiteDirectory.appendingPathComponent(name))
    }

    @Test func suiteIsPresent() {
        #expect(Self.suiteFiles(prefix: "y_").count > 90)
        #expect(Self.suiteFiles(prefix: "n_").count > 180)
    }

    @Test(arguments: suiteFiles(prefix: "y_"))
    func acceptsSuiteFile(name: String) throws {
        let bytes = try Self.suiteBytes(name)
        let output = try JSONPrettyPrinter().format(bytes)
        #expect(JSONPrettyPrinter.isValid(Array(output.utf8)) || !String(decoding: bytes, as: UTF8.self).utf8.elementsEqual(bytes))
    }

    @Test(arguments: suiteFiles(prefix: "n_"))
    func rejectsSuiteFile(name: String) throws {
        let bytes = try Self.suiteBytes(name)
        #expect(throws: JSONSyntaxError.self) { try JSONPrettyPrinter().format(bytes) }
    }

    @Test(arguments: suiteFiles(prefix: "i_"))
    func formatsAnImplementationDefinedFileUnlessItIsNotUTF8Text(name: String) throws {
        let bytes = try Self.suiteBytes(name)
        if JSONTestSuiteConformance.notUTF8Text.contains(name) {
            #expect(throws: JSONSyntaxError.self) { try JSONPrettyPrinter().format(bytes) }
        } else {
            let output = try JSONPrettyPrinter().format(bytes)
            #expect(JSONPrettyPrinter.isValid(Array(output.utf8)))
        }
    }
}
