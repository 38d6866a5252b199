import Foundation
import Testing
@testable import RequestKit

@Suite("JSON values")
struct JSONValueTests {
    @Test func parsesEveryKindOfValue() throws {
        let text = #"{"s":"é\n","i":12345678901234567890,"n":-3,"f":1.5,"t":true,"f0":false,"z":null,"a":[1,"x",[]],"o":{"k":{}}}"#
        let value = try JSONValue.parse(json: Data(text.utf8))
        #expect(value == [
            "s": "é\n", "i": .number("12345678901234567890"), "n": -3, "f": 1.5, "t": true, "f0": false, "z": nil,
            "a": [1, "x", []], "o": ["k": .object([:])],
        ])
        #expect(value["s"]?.stringValue == "é\n")
        #expect(value["n"]?.intValue == -3)
        #expect(value["f"]?.doubleValue == 1.5)
        #expect(value["t"]?.boolValue == true)
        #expect(value["z"]?.isNull == true)
        #expect(value["a"]?[1]?.stringValue == "x")
        #expect(value["a"]?[9] == nil)
        #expect(value["missing"] == nil)
    }

    @Test(arguments: ["0", "1", "true", "\"1\""])
    func numbersAndBooleansStayApart(text: String) throws {
        let value = try JSONValue.parse(json: Data(text.utf8))
        switch text {
        case "true": #expect(value == .bool(true))
        case "\"1\"": #expect(value == .string("1"))
        default: #expect(value == .number(text))
        }
    }

    @Test(arguments: ["", "{", "{'a':1}", "<html></html>", "[1,]", "nul"])
    func invalidJSONFails(text: String) {
        #expect {
            try JSONValue.parse(json: Data(text.utf8))
        } throws: { error in
            if case NetworkError.invalidJSON = error { return true }
            return false
        }
    }

    @Test func roundTripsThroughEncoding() throws {
        let value: JSONValue = ["a": [1, 2.5, "x", nil, true], "b": ["c": "d"]]
        let data = try JSONEncoder().encode(value)
        #expect(try JSONValue.parse(json: data) == value)
    }

    @Test func sendableDictionariesConvert() throws {
        let dictionary: [String: any Sendable] = ["s": "x", "i": 3, "d": 2.5, "b": true, "a": [1, "y"] as [any Sendable], "o": ["k": false] as [String: any Sendable], "n": NSNull()]
        #expect(try ParameterValue.parameters(from: dictionary) == ["s": "x", "i": 3, "d": 2.5, "b": true, "a": [1, "y"], "o": ["k": false], "n": nil])
        #expect(throws: NetworkError.self) { try ParameterValue.parameters(from: ["date": Date()]) }
    }
}

@Suite("JSONTestSuite conformance")
struct JSONTestSuiteConformance {
    static let directory: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<2 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("Fixtures/JSONTestSuite/test_parsing").path
    }()

    static let files: [String] = (try? FileManager.default.contentsOfDirectory(atPath: directory).sorted()) ?? []

    @Test func theSuiteIsPresent() {
        #expect(Self.files.filter { $0.hasPrefix("y_") }.count >= 90)
        #expect(Self.files.filter { $0.hasPrefix("n_") }.count >= 180)
    }

    @Test(arguments: files.filter { $0.hasPrefix("y_") || $0.hasPrefix("n_") })
    func acceptsAndRejectsAsTheSuiteSays(file: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.directory + "/" + file))
        let accepted = (try? JSONParser.parse(data)) != nil
        #expect(accepted == file.hasPrefix("y_"))
    }

    /// Implementation-defined inputs that are not JSON text in UTF-8 at all (UTF-16, a byte-order mark): every
    /// reader rejects them.
    static let notUTF8Text: Set<String> = [
        "i_string_UTF-16LE_with_BOM.json", "i_string_utf16BE_no_BOM.json", "i_string_utf16LE_no_BOM.json",
        "i_structure_UTF-8_BOM_empty_object.json",
    ]

    /// Implementation-defined inputs whose strings hold bytes that are not UTF-8: the parser rejects them, while the
    /// scanner, which checks structure only, lets the pretty printer show them. The parser reads every other one:
    /// huge numbers as their text, lone surrogate escapes as U+FFFD, nesting under its limit.
    static let invalidUTF8InStrings: Set<String> = [
        "i_string_UTF-8_invalid_sequence.json", "i_string_UTF8_surrogate_U+D800.json", "i_string_invalid_utf-8.json",
        "i_string_iso_latin_1.json", "i_string_lone_utf8_continuation_byte.json", "i_string_not_in_unicode_range.json",
        "i_string_overlong_sequence_2_bytes.json", "i_string_overlong_sequence_6_bytes.json",
        "i_string_overlong_sequence_6_bytes_null.json", "i_string_truncated-utf-8.json",
    ]

    @Test(arguments: files.filter { $0.hasPrefix("i_") })
    func implementationDefinedInputsParseOrFailAsDocumented(file: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.directory + "/" + file))
        if Self.notUTF8Text.contains(file) || Self.invalidUTF8InStrings.contains(file) {
            #expect {
                try JSONParser.parse(data)
            } throws: { error in
                if case NetworkError.invalidJSON(let message) = error { return message.contains("byte ") }
                return false
            }
        } else {
            _ = try JSONParser.parse(data)
        }
        #expect(JSONPrettyPrinter.isValid(data) == !Self.notUTF8Text.contains(file))
    }
}
