import Foundation
import Testing
import RequestKit

/// `OrderedJSON.parse`: order, repeated keys, numbers, limits, and the JSONTestSuite corpus.
@Suite("OrderedJSON parsing")
struct OrderedJSONParsingTests {
    @Test func membersKeepTheirOrderAndRepeats() throws {
        let value = try OrderedJSON.parse(Array(#"{"z":1,"a":[true,false,null],"z":"two","m":{}}"#.utf8))
        #expect(value == .object([
            JSONMember(key: "z", value: .number("1")),
            JSONMember(key: "a", value: .array([.bool(true), .bool(false), .null])),
            JSONMember(key: "z", value: .string("two")),
            JSONMember(key: "m", value: .object([])),
        ]))
    }

    @Test func numbersKeepTheirText() throws {
        let value = try OrderedJSON.parse(Array("[1.0, -0, 1E+400, 123456789012345678901234567890, 2.50e-3]".utf8))
        #expect(value == .array(["1.0", "-0", "1E+400", "123456789012345678901234567890", "2.50e-3"].map(OrderedJSON.number)))
    }

    @Test func stringsAreDecoded() throws {
        let value = try OrderedJSON.parse(Array(#"["a\"b\\c\n", "\u00e9\ud83d\ude00", "plain", "\ud800"]"#.utf8))
        #expect(value == .array([.string("a\"b\\c\n"), .string("é😀"), .string("plain"), .string("\u{FFFD}")]))
    }

    @Test func scalarsAndEmptyContainersAtTheTop() throws {
        #expect(try OrderedJSON.parse(Array(" 12 ".utf8)) == .number("12"))
        #expect(try OrderedJSON.parse(Array("[]".utf8)) == .array([]))
        #expect(try OrderedJSON.parse(Array("{}".utf8)) == .object([]))
        #expect(try OrderedJSON.parse([0xEF, 0xBB, 0xBF] + Array("[[]]".utf8)) == .array([.array([])]))
        #expect(try OrderedJSON.parse(AnySequence(Array(#"{"k":[1]}"#.utf8))) == .object([JSONMember(key: "k", value: .array([.number("1")]))]))
    }

    @Test func depthIsBoundedWithAClearError() throws {
        let limit = JSONParser.maximumDepth
        let atLimit = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        var value = try OrderedJSON.parse(Array(atLimit.utf8))
        var depth = 0
        while case .array(let elements) = value {
            depth += 1
            value = elements.first ?? .null
        }
        #expect(depth == limit)
        let tooDeep = String(repeating: #"{"a":["#, count: 100_000)
        do {
            _ = try OrderedJSON.parse(Array(tooDeep.utf8))
            Issue.record("a document nested 200,000 deep parsed")
        } catch {
            #expect(error.description.contains("nesting deeper than \(limit) levels"))
        }
    }

    @Test(arguments: ["[1,]", #"{"a":1,}"#, "[01]", "nul", #"{"a" 1}"#, "[1] 2", "", #""\x""#, "[\"a\u{01}\"]"])
    func invalidTextIsRejected(_ text: String) {
        #expect(throws: NetworkError.self) { try OrderedJSON.parse(Array(text.utf8)) }
    }

    @Test func agreesWithTheJSONTestSuite() throws {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<2 { url.deleteLastPathComponent() }
        let directory = url.appendingPathComponent("Fixtures/JSONTestSuite/test_parsing")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(names.count == 318)
        for name in names {
            let bytes = try Data(contentsOf: directory.appendingPathComponent(name))
            let parsed = Result { () throws(NetworkError) in try OrderedJSON.parse(bytes) }
            if name.hasPrefix("y_") { #expect(throws: Never.self, "\(name)") { try parsed.get() } }
            if name.hasPrefix("n_") { #expect(throws: NetworkError.self, "\(name)") { try parsed.get() } }
        }
    }
}
