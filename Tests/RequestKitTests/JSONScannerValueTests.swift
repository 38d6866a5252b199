import Foundation
import RequestKit
import Testing

/// Reading values from tokens: numbers as doubles, key names against literals, strings with escapes of every length.
@Suite struct JSONScannerValueTests {
    /// The first token of a JSON text and what `body` makes of it.
    func firstToken<T>(_ json: String, _ body: (JSONToken, UnsafeBufferPointer<UInt8>) throws -> T) throws -> T {
        try Array(json.utf8).withUnsafeBufferPointer { input in
            var scanner = JSONScanner()
            let token = try scanner.required(in: input)
            return try body(token, input)
        }
    }

    @Test(arguments: [
        "0", "-0", "1", "-1", "12.5", "0.0125", "0.0005", "1790000000000", "-42.75", "3.14159265358979", "123456789012345",
        "1234567890123456", "12345678901234567890", "9007199254740993", "0.1", "0.3", "1e10", "1E-7", "2.5e+3", "-1.5e-300",
        "1e400", "0e999", "4.9e-324", "1.7976931348623157e308", "100000000000000000000000", "0.000000000000000000000001",
        "1.00000000000000000001", "5e-22", "5e22", "5e23",
    ])
    func numbersReadAsTheStandardLibraryReadsThem(text: String) throws {
        let value = try firstToken(text) { token, input in JSONScanner.double(of: token, in: input) }
        let expected = try #require(Double(text))
        #expect(value?.bitPattern == expected.bitPattern, "\(text)")
    }

    @Test func manyGeneratedDecimalsReadExactly() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let whole = UInt64.random(in: 0..<1_000_000_000, using: &generator)
            let fraction = UInt64.random(in: 0..<1_000_000, using: &generator)
            let text = "\(whole).\(String(repeating: "0", count: Int.random(in: 0...3, using: &generator)))\(fraction)"
            let value = try firstToken(text) { token, input in JSONScanner.double(of: token, in: input) }
            #expect(value?.bitPattern == Double(text)?.bitPattern, "\(text)")
        }
    }

    @Test func onlyNumberTokensHaveADoubleValue() throws {
        let value = try firstToken(#""12""#) { token, input in JSONScanner.double(of: token, in: input) }
        #expect(value == nil)
    }

    @Test func keyNamesMatchLiteralsPlainOrEscaped() throws {
        let matches = try Array(#"{"id": 1, "\u0069d": 2, "idx": 3, "": 4, "é": 5}"#.utf8).withUnsafeBufferPointer { input in
            var scanner = JSONScanner()
            _ = try scanner.required(in: input)
            var matches: [String] = []
            while let key = try scanner.nextKey(in: input) {
                switch try JSONScanner.keyName(of: key, in: input) {
                case "id": matches.append("id")
                case "": matches.append("empty")
                case "é": matches.append("é")
                default: matches.append("other")
                }
                _ = try scanner.required(in: input)
            }
            return matches
        }
        #expect(matches == ["id", "id", "other", "empty", "é"])
    }

    @Test(arguments: [16, 1000, 5000, 100_000])
    func escapedStringsOfAnyLengthDecode(repeats: Int) throws {
        let content = #"\"a\"\n"# + String(repeating: #"x\u00e9\t"#, count: repeats) + #"\ud83d\ude00"#
        let decoded = try firstToken("\"" + content + "\"") { token, input in try JSONScanner.string(of: token, in: input) }
        #expect(decoded == "\"a\"\n" + String(repeating: "xé\t", count: repeats) + "😀")
    }

    @Test func invalidUTF8NextToAnEscapeIsRejected() throws {
        let bytes: [UInt8] = Array(#""\n"#.utf8) + [0xC3, 0x28] + [UInt8(ascii: "\"")]
        try bytes.withUnsafeBufferPointer { input in
            var scanner = JSONScanner()
            let token = try scanner.required(in: input)
            #expect(throws: JSONSyntaxError.self) { try JSONScanner.string(of: token, in: input) }
        }
    }
}
