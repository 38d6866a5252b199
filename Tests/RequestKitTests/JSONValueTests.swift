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

    @Test(arguments: files.filter { $0.hasPrefix("i_") })
    func implementationDefinedInputsDoNotCrash(file: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.directory + "/" + file))
        _ = try? JSONParser.parse(data)
    }
}
