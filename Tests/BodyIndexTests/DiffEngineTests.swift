import RequestKit
import Testing
@testable import BodyIndex

/// The diff engines: JSON compared by path, text by lines.
@Suite struct DiffEngineTests {
    private func json(_ text: String) throws -> OrderedJSON { try OrderedJSON.parse(Array(text.utf8)) }

    @Test func reorderedKeysAndWhitespaceMakeNoDifference() throws {
        let left = try json(#"{"a":1,"b":{"x":[1,2,{"k":true}],"y":null},"c":"s"}"#)
        let right = try json("{ \"c\" : \"s\",\n \"b\": {\"y\": null, \"x\": [1, 2.0, {\"k\": true}]}, \"a\": 1e0 }")
        #expect(JSONStructuralDiff.changes(from: left, to: right).changes.isEmpty)
    }

    @Test func changedAddedAndRemovedValuesAreListedByPath() throws {
        let left = try json(#"{"a":{"b":1,"gone":"x"},"list":[1,2,3],"odd key":true,"t":"same"}"#)
        let right = try json(#"{"a":{"b":2,"new":{"n":[1]}},"list":[1,5],"odd key":false,"t":"same"}"#)
        let changes = JSONStructuralDiff.changes(from: left, to: right).changes
        #expect(changes == [
            JSONChange(kind: .removed, path: "$.a.gone", old: #""x""#, new: nil),
            JSONChange(kind: .added, path: "$.a.new", old: nil, new: #"{"n":[1]}"#),
            JSONChange(kind: .changed, path: "$.a.b", old: "1", new: "2"),
            JSONChange(kind: .removed, path: "$.list[2]", old: "3", new: nil),
            JSONChange(kind: .changed, path: "$.list[1]", old: "2", new: "5"),
            JSONChange(kind: .changed, path: "$['odd key']", old: "true", new: "false"),
        ])
    }

    @Test func aTypeChangeIsAChangeAndTheListIsBounded() throws {
        let changes = JSONStructuralDiff.changes(from: try json(#"{"a":[1]}"#), to: try json(#"{"a":{"0":1}}"#)).changes
        #expect(changes == [JSONChange(kind: .changed, path: "$.a", old: "[1]", new: #"{"0":1}"#)])
        let many = JSONStructuralDiff.changes(from: try json("[" + (0..<50).map(String.init).joined(separator: ",") + "]"), to: try json("[]"), limit: 10)
        #expect(many.changes.count == 10)
        #expect(many.more == 40)
    }

    @Test func deepJSONIsComparedWithoutRecursion() throws {
        let depth = 500
        let left = try json(String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth))
        let right = try json(String(repeating: "[", count: depth) + "2" + String(repeating: "]", count: depth))
        let changes = JSONStructuralDiff.changes(from: left, to: right).changes
        #expect(changes.count == 1)
        #expect(changes.first?.path == "$" + String(repeating: "[0]", count: depth))
        #expect(JSONStructuralDiff.compact(left).hasSuffix("…"))
    }

    @Test func lineDiffFindsInsertionsAndDeletions() throws {
        let old: [Substring] = ["a", "b", "c", "d", "e"]
        let new: [Substring] = ["a", "c", "d", "x", "e", "f"]
        let diff = try #require(LineDiff.diff(old, new))
        let marks = diff.map { line -> String in
            switch line.kind {
            case .same: " " + old[line.old ?? 0]
            case .removed: "-" + old[line.old ?? 0]
            case .added: "+" + new[line.new ?? 0]
            }
        }
        #expect(marks == [" a", "-b", " c", " d", "+x", " e", "+f"])
        #expect(LineDiff.diff([], ["n"]) == [LineDiff.Line(kind: .added, old: nil, new: 0)])
    }

    @Test func lineDiffGivesUpPastItsBound() {
        let old = (0..<100).map { Substring("old \($0)") }
        let new = (0..<100).map { Substring("new \($0)") }
        #expect(LineDiff.diff(old, new, maximumEdits: 50) == nil)
        #expect(LineDiff.diff(old, new, maximumEdits: 200)?.count == 200)
    }
}
