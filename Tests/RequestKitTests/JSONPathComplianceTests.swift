import Foundation
import Testing
import RequestKit

/// The RFC 9535 compliance suite (Tests/Fixtures/jsonpath-cts), run case by case.
@Suite("JSONPath compliance suite")
struct JSONPathComplianceTests {
    /// One case of the suite.
    struct Case {
        var name: String
        var selector: String
        var isInvalid: Bool
        var document: OrderedJSON?
        /// The acceptable result lists: one for `result`, several for `results`.
        var results: [[OrderedJSON]]
        /// The normalized paths matching each acceptable result list, when the case gives them.
        var paths: [[String]]?
    }

    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/jsonpath-cts/cts.json")

    /// How many tests the file holds, counted by Foundation's own JSON reader.
    static func fileCount() throws -> Int {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
        return try #require(object?["tests"] as? [Any]).count
    }

    /// The cases, read with `OrderedJSON.parse`.
    static func cases() throws -> [Case] {
        let root = try OrderedJSON.parse(Data(contentsOf: file))
        guard case .array(let tests)? = root["tests"] else { throw SuiteError.malformed("no tests array") }
        return try tests.map { test throws(SuiteError) in
            guard case .string(let name)? = test["name"], case .string(let selector)? = test["selector"] else {
                throw SuiteError.malformed("a test without a name or selector")
            }
            var results: [[OrderedJSON]] = []
            var paths: [[String]]?
            if case .array(let result)? = test["result"] { results = [result] }
            if case .array(let alternatives)? = test["results"] { results = try alternatives.map(Self.list) }
            if case .array(let list)? = test["result_paths"] { paths = [try Self.strings(list)] }
            if case .array(let alternatives)? = test["results_paths"] {
                paths = try alternatives.map { alternative throws(SuiteError) in try Self.strings(try Self.list(alternative)) }
            }
            return Case(
                name: name, selector: selector, isInvalid: test["invalid_selector"] == .bool(true),
                document: test["document"], results: results, paths: paths)
        }
    }

    enum SuiteError: Error { case malformed(String) }

    static func list(_ value: OrderedJSON) throws(SuiteError) -> [OrderedJSON] {
        guard case .array(let elements) = value else { throw .malformed("expected a list") }
        return elements
    }

    static func strings(_ values: [OrderedJSON]) throws(SuiteError) -> [String] {
        try values.map { value throws(SuiteError) in
            guard case .string(let text) = value else { throw .malformed("expected a path string") }
            return text
        }
    }

    /// Equality with strings compared by their bytes (Swift's `==` on strings is canonical equivalence, which is looser).
    static func exactlyEqual(_ left: [OrderedJSON], _ right: [OrderedJSON]) -> Bool {
        left.count == right.count && zip(left, right).allSatisfy { exactlyEqual($0, $1) }
    }

    static func exactlyEqual(_ left: OrderedJSON, _ right: OrderedJSON) -> Bool {
        switch (left, right) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a.utf8.elementsEqual(b.utf8) || Double(a) == Double(b)
        case (.string(let a), .string(let b)): return a.utf8.elementsEqual(b.utf8)
        case (.array(let a), .array(let b)): return exactlyEqual(a, b)
        case (.object(let a), .object(let b)):
            return a.count == b.count && a.allSatisfy { member in
                b.contains { $0.key.utf8.elementsEqual(member.key.utf8) && exactlyEqual($0.value, member.value) }
            }
        default: return false
        }
    }

    /// Why a case fails, or nil when it passes.
    static func failure(of test: Case) -> String? {
        let path: JSONPath
        do {
            path = try JSONPath.parse(test.selector)
        } catch {
            return test.isInvalid ? nil : "did not parse: \(error)"
        }
        if test.isInvalid { return "parsed, but the selector is invalid" }
        guard let document = test.document else { return "the case has no document" }
        let matches = path.evaluate(document)
        let values = matches.map(\.value)
        let paths = matches.map(\.path)
        for (index, expected) in test.results.enumerated() where exactlyEqual(values, expected) {
            guard let expectedPaths = test.paths else { return nil }
            if index < expectedPaths.count, paths.map({ Array($0.utf8) }) == expectedPaths[index].map({ Array($0.utf8) }) { return nil }
        }
        return "selected \(values) at \(paths); expected \(test.results) at \(test.paths ?? [])"
    }

    @Test func everyCasePasses() throws {
        let cases = try Self.cases()
        var run = 0
        var passed = 0
        for test in cases {
            run += 1
            if let failure = Self.failure(of: test) {
                Issue.record("\(test.name) — \(test.selector): \(failure)")
            } else {
                passed += 1
            }
        }
        #expect(run == (try Self.fileCount()))
        #expect(run == 703)
        #expect(passed == run)
        #expect(cases.filter(\.isInvalid).count == 247)
    }
}
