import Foundation
import Testing
import RequestKit

/// JSONPath behaviour beyond the compliance suite: normalized paths, error columns, limits, typing.
@Suite("JSONPath")
struct JSONPathTests {
    static func document(_ text: String) throws -> OrderedJSON { try OrderedJSON.parse(Array(text.utf8)) }

    static func paths(_ query: String, _ text: String) throws -> [String] {
        try JSONPath.parse(query).evaluate(document(text)).map(\.path)
    }

    @Test func normalizedPathsEscapeNames() throws {
        let text = #"{"it's":1,"back\\slash":2,"line\nbreak":3,"tab\there":4,"\u0001\u000b\u001f":5,"\u007f é 😀":6,"\b\f\r":7}"#
        #expect(try Self.paths("$.*", text) == [
            #"$['it\'s']"#, #"$['back\\slash']"#, #"$['line\nbreak']"#, #"$['tab\there']"#,
            #"$['\u0001\u000b\u001f']"#, "$['\u{7F} é 😀']", #"$['\b\f\r']"#,
        ])
        #expect(JSONPathNormalizedName.escaped("a'b") == #"a\'b"#)
    }

    @Test func normalizedPathsOfNestedNodes() throws {
        let text = #"{"data":[{"id":1},{"id":2},{"x":0},{"id":4}]}"#
        let matches = try JSONPath.parse("$.data[*].id").evaluate(Self.document(text))
        #expect(matches == [
            JSONPathMatch(path: "$['data'][0]['id']", value: .number("1")),
            JSONPathMatch(path: "$['data'][1]['id']", value: .number("2")),
            JSONPathMatch(path: "$['data'][3]['id']", value: .number("4")),
        ])
        #expect(try Self.paths("$..id", text) == ["$['data'][0]['id']", "$['data'][1]['id']", "$['data'][3]['id']"])
        #expect(try Self.paths("$", text) == ["$"])
        #expect(try Self.paths("$.data[-1:]", text) == ["$['data'][3]"])
        let (first, total) = try JSONPath.parse("$..id").evaluate(Self.document(text), upTo: 2)
        #expect(first == Array(matches.prefix(2)) && total == 3, "the first matches keep their paths, the rest are counted")
    }

    @Test(arguments: [
        ("", 1), ("a", 1), ("$.", 3), ("$[", 3), ("$[1,]", 5), ("$ ", 2), ("$['a'", 6), ("$.a[9007199254740992]", 5),
        ("$[-9007199254740992]", 3), ("$[01]", 3), ("$[?@.a == @.*]", 11), ("$[?foo(@)]", 4), ("$[?length(@.*) == 1]", 11),
        ("$[?count(1) == 1]", 10), ("$[?match(@, 'a') == true]", 4), ("$[?length(@)]", 4), ("$[?1]", 4), ("$['\\uD800']", 4),
        ("$.é[?@ == \"\\x\"]", 12), ("$.e\u{301}[", 5), ("$['👩‍👩‍👧'", 6),
    ])
    func errorsNameTheColumn(query: String, column: Int) {
        #expect(throws: JSONPathError.self) { try JSONPath.parse(query) }
        do {
            _ = try JSONPath.parse(query)
        } catch {
            #expect(error.column == column, "\(query): \(error)")
            #expect(!error.message.isEmpty)
        }
    }

    @Test func integersAtTheLimitsParse() throws {
        let array = try Self.document("[0,1,2]")
        #expect(try JSONPath.parse("$[9007199254740991]").evaluate(array).isEmpty)
        #expect(try JSONPath.parse("$[-9007199254740991:9007199254740991:9007199254740991]").evaluate(array).map(\.path) == ["$[0]"])
        #expect(try JSONPath.parse("$[::-1]").evaluate(array).map(\.path) == ["$[2]", "$[1]", "$[0]"])
    }

    @Test func nestingIsBoundedWithAnError() throws {
        let limit = JSONPath.maximumNesting
        let fine = "$[?" + String(repeating: "(", count: limit - 1) + "@.a" + String(repeating: ")", count: limit - 1) + "]"
        #expect(try JSONPath.parse(fine).evaluate(Self.document(#"[{"a":1},{}]"#)).map(\.path) == ["$[0]"])
        let deep = "$[?" + String(repeating: "(", count: 10_000) + "@" + String(repeating: ")", count: 10_000) + "]"
        do {
            _ = try JSONPath.parse(deep)
            Issue.record("a query nested 10,000 deep parsed")
        } catch {
            #expect(error.message.contains("\(limit) levels"))
            #expect(error.column == 3 + limit)
        }
        let filters = String(repeating: "$[?@", count: 5_000)
        #expect(throws: JSONPathError.self) { try JSONPath.parse(filters) }
    }

    @Test func singularQueries() throws {
        #expect(try JSONPath.parse("$").isSingular)
        #expect(try JSONPath.parse("$.a['b'][0][-1]").isSingular)
        #expect(try !JSONPath.parse("$.a[*]").isSingular)
        #expect(try !JSONPath.parse("$..a").isSingular)
        #expect(try !JSONPath.parse("$['a','b']").isSingular)
        #expect(try !JSONPath.parse("$[0:1]").isSingular)
        #expect(try !JSONPath.parse("$[?@]").isSingular)
    }

    @Test func numbersCompareByValue() throws {
        let text = #"[{"n":1},{"n":1.0},{"n":10e-1},{"n":1e400},{"n":-0},{"n":2},{"n":"1"},{"n":100000000000000000001}]"#
        #expect(try Self.paths("$[?@.n == 1]", text) == ["$[0]", "$[1]", "$[2]"])
        #expect(try Self.paths("$[?@.n > 1e399]", text) == ["$[3]"])
        #expect(try Self.paths("$[?@.n == 0]", text) == ["$[4]"])
        #expect(try Self.paths("$[?@.n > 100000000000000000000]", text) == ["$[3]", "$[7]"])
        #expect(try Self.paths("$[?@.n < 1.5 && @.n >= 0]", text) == ["$[0]", "$[1]", "$[2]", "$[4]"])
    }

    @Test func stringsCompareByCodePoints() throws {
        let text = #"["\u00e9","e\u0301","é"]"#
        #expect(try Self.paths(#"$[?@ == "\u00e9"]"#, text) == ["$[0]", "$[2]"])
        #expect(try Self.paths(#"$[?length(@) == 2]"#, text) == ["$[1]"])
        #expect(try Self.paths(#"$[?@ > "e"]"#, text) == ["$[0]", "$[1]", "$[2]"])
    }

    @Test func iRegexpTranslation() throws {
        let text = #"["a\nb","a\u2028b","ab","a.b","a$b","[x]","é"]"#
        #expect(try Self.paths("$[?match(@, 'a.b')]", text) == ["$[1]", "$[3]", "$[4]"])
        #expect(try Self.paths("$[?search(@, '\\\\.')]", text) == ["$[3]"])
        #expect(try Self.paths("$[?match(@, 'a[$]b')]", text) == ["$[4]"])
        #expect(try Self.paths("$[?match(@, 'a\\\\$b')]", text) == [])
        #expect(try Self.paths("$[?search(@, '^ab$')]", text) == ["$[2]"])
        #expect(try Self.paths("$[?match(@, '\\\\[x\\\\]')]", text) == ["$[5]"])
        #expect(try Self.paths("$[?match(@, '\\\\p{Ll}')]", text) == ["$[6]"])
        #expect(try Self.paths("$[?match(@, '\\\\d')]", text) == [])
        #expect(try Self.paths("$[?match(@, 'a{2,1}')]", text) == [])
        #expect(try Self.paths("$[?search(@, '(((a)))b')]", text) == ["$[2]"])
        let symbols = #"["-","a","^","&","b-","\n"]"#
        #expect(try Self.paths("$[?match(@, '[a-]')]", symbols) == ["$[0]", "$[1]"])
        #expect(try Self.paths("$[?match(@, '[\\\\-^]')]", symbols) == ["$[0]", "$[2]"])
        #expect(try Self.paths("$[?match(@, '[&&]')]", symbols) == ["$[3]"])
        #expect(try Self.paths("$[?match(@, '[^\\\\n]')]", symbols) == ["$[0]", "$[1]", "$[2]", "$[3]"])
        #expect(try Self.paths("$[?match(@, 'b-|')]", symbols) == ["$[4]"])
        #expect(try Self.paths("$[?match(@, '[a-z-0]')]", symbols) == [])
        #expect(try Self.paths("$[?match(@, '[]')]", symbols) == [])
        #expect(try Self.paths("$[?match(@, 'a**')]", symbols) == [])
    }

    @Test func duplicateKeysSelectTheFirstMember() throws {
        let text = #"{"a":1,"a":2}"#
        #expect(try JSONPath.parse("$.a").evaluate(Self.document(text)).map(\.value) == [.number("1")])
        #expect(try JSONPath.parse("$.*").evaluate(Self.document(text)).map(\.value) == [.number("1"), .number("2")])
    }

    @Test func equalQueriesAreEqualValues() throws {
        #expect(try JSONPath.parse("$.a") == JSONPath.parse("$.a"))
        #expect(try JSONPath.parse("$.a").text == "$.a")
        #expect(try JSONPath.parse("$.a").values(in: Self.document(#"{"a":[1]}"#)) == [.array([.number("1")])])
    }

    @Test func deepDocumentsAreWalkedWithoutRecursion() throws {
        let depth = 500
        let text = String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)
        let document = try Self.document(text)
        let matches = try JSONPath.parse("$..a").evaluate(document)
        #expect(matches.count == depth)
        #expect(matches.last?.value == .number("1"))
        #expect(try JSONPath.parse("$..*[?@ == 1]").evaluate(document).count == 1)
        #expect(try JSONPath.parse("$[?@ == $]").evaluate(document).isEmpty)
    }
}
