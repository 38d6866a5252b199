import Foundation
import Testing
import RequestKit
import RequestStore
@testable import Replay

@Suite("Evaluation: JSONPath on JSON bodies")
struct JSONEvaluationTests {
    static let cases: [EvaluationCase] = [
        EvaluationCase("jsonpath \"$.name\" == \"ann\"", true, actual: "\"ann\""),
        EvaluationCase("jsonpath \"$.n\" == 1", true, actual: "1.0"),
        EvaluationCase("jsonpath \"$.n\" isFloat", true),
        EvaluationCase("jsonpath \"$.i\" == 7.0", true, actual: "7"),
        EvaluationCase("jsonpath \"$.i\" isInteger", true),
        EvaluationCase("jsonpath \"$.f\" > 1.4", true),
        EvaluationCase("jsonpath \"$.flag\" == true", true, actual: "true"),
        EvaluationCase("jsonpath \"$.flag\" isBoolean", true),
        EvaluationCase("jsonpath \"$.nothing\" == null", true, actual: "null"),
        EvaluationCase("jsonpath \"$.nothing\" exists", true),
        EvaluationCase("jsonpath \"$.missing\" exists", false, actual: "none"),
        EvaluationCase("jsonpath \"$.missing\" not exists", true),
        EvaluationCase("jsonpath \"$.items\" count == 3", true),
        EvaluationCase("jsonpath \"$.items\" isList", true),
        EvaluationCase("jsonpath \"$.items[*].id\" contains 2", true, actual: "[1,2,3]"),
        EvaluationCase("jsonpath \"$.items[?@.id > 1]\" count == 2", true),
        EvaluationCase("jsonpath \"$.items[?@.id > 5]\" count == 0", true),
        EvaluationCase("jsonpath \"$.items[0]\" isObject", true, actual: "{\"id\":1}"),
        EvaluationCase("jsonpath \"$.obj\" count == 1", true),
        EvaluationCase("jsonpath \"$.empty\" isEmpty", true),
        EvaluationCase("jsonpath \"$.obj\" toString == \"{\\\"k\\\":\\\"v\\\"}\"", true),
        EvaluationCase("jsonpath \"$.{{name}}\" not exists", true),
        EvaluationCase("jsonpath \"$.long\" startsWith \"xxx\"", true),
    ]

    @Test("each JSONPath check", arguments: cases)
    func json(_ row: EvaluationCase) throws {
        let result = try EvaluationSupport.result(row.line, on: EvaluationSupport.jsonResponse)
        #expect(result.passed == row.passes, "\(result)")
        if let actual = row.actual { #expect(result.actual == actual, "\(result)") }
    }

    @Test("a body that is not JSON fails jsonpath checks with a problem, and is parsed once")
    func notJSON() throws {
        var evaluation = ResponseEvaluation(response: EvaluationSupport.textResponse, variables: [:])
        let result = evaluation.evaluate(try Check.parse("jsonpath \"$.a\" exists"))
        #expect(!result.passed)
        #expect(result.problem?.contains("not JSON") == true)
        #expect(evaluation.jsonBody != nil)
    }

    @Test("a long JSON value is shown compact and cut")
    func longActual() throws {
        let result = try EvaluationSupport.result("jsonpath \"$\" == 1", on: EvaluationSupport.jsonResponse)
        #expect(result.actual.hasPrefix("{\"name\":\"ann\",\"n\":1.0"))
        #expect(result.actual.hasSuffix("…"))
    }
}
