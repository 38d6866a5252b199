import Foundation
import Testing
import RequestKit
import RequestStore
@testable import Replay

@Suite("Evaluation: predicates")
struct PredicateEvaluationTests {
    static let cases: [EvaluationCase] = [
        EvaluationCase("status != 200", true),
        EvaluationCase("status not != 201", true),
        EvaluationCase("status > 200", true),
        EvaluationCase("status > 201", false),
        EvaluationCase("status >= 201", true),
        EvaluationCase("status < 201.5", true),
        EvaluationCase("status <= 200", false),
        EvaluationCase("status not <= 200", true),
        EvaluationCase("status == 201.0", true),
        EvaluationCase("status == \"201\"", false),
        EvaluationCase("status == {{code}}", true),
        EvaluationCase("status equals 201", true),
        EvaluationCase("variable \"name\" > \"alf\"", true),
        EvaluationCase("variable \"name\" < \"bob\"", true),
        EvaluationCase("variable \"name\" > 3", false, problem: "compares numbers"),
        EvaluationCase("variable \"name\" not > 3", false, problem: "compares numbers"),
        EvaluationCase("body startsWith \"hello\"", true),
        EvaluationCase("body endsWith \"world\"", true),
        EvaluationCase("body not endsWith \"hello\"", true),
        EvaluationCase("bytes endsWith hex,726c64;", true),
        EvaluationCase("status startsWith \"2\"", false, problem: "compares a string"),
        EvaluationCase("status not startsWith \"2\"", false, problem: "compares a string"),
        EvaluationCase("body contains \"o w\"", true),
        EvaluationCase("body contains \"xyz\"", false),
        EvaluationCase("bytes contains hex,6f20;", true),
        EvaluationCase("variable \"csv\" split \",\" contains \"b\"", true),
        EvaluationCase("variable \"csv\" split \",\" includes \"c\"", true),
        EvaluationCase("variable \"csv\" split \",\" includes \"z\"", false),
        EvaluationCase("body matches /^h.*d$/", true),
        EvaluationCase("body matches \"wor\"", true),
        EvaluationCase("body matches \"^world\"", false),
        EvaluationCase("body matches \"[\"", false, problem: "not valid"),
        EvaluationCase("body matches \"{{name}}\"", false),
        EvaluationCase("variable \"empty\" isEmpty", true),
        EvaluationCase("variable \"name\" isEmpty", false),
        EvaluationCase("variable \"name\" not isEmpty", true),
        EvaluationCase("status isEmpty", false, problem: "isEmpty applies"),
        EvaluationCase("variable \"csv\" split \",\" not isEmpty", true),
        EvaluationCase("variable \"name\" isString", true),
        EvaluationCase("status isString", false),
        EvaluationCase("status isInteger", true),
        EvaluationCase("variable \"float\" toFloat isFloat", true),
        EvaluationCase("status isFloat", false),
        EvaluationCase("status isNumber", true),
        EvaluationCase("variable \"name\" isNumber", false),
        EvaluationCase("variable \"yes\" isBoolean", false),
        EvaluationCase("variable \"csv\" split \",\" isList", true),
        EvaluationCase("variable \"csv\" isList", false),
        EvaluationCase("variable \"csv\" split \",\" isCollection", true),
        EvaluationCase("bytes isCollection", true),
        EvaluationCase("status isCollection", false),
        EvaluationCase("variable \"date\" isIsoDate", true),
        EvaluationCase("variable \"name\" isIsoDate", false),
        EvaluationCase("variable \"date\" isDate", false),
        EvaluationCase("variable \"uuid\" isUuid", true),
        EvaluationCase("variable \"name\" isUuid", false),
        EvaluationCase("variable \"ip4\" isIpv4", true),
        EvaluationCase("variable \"ip6\" isIpv6", true),
        EvaluationCase("variable \"ip6\" isIpv4", false),
        EvaluationCase("status isObject", false),
        EvaluationCase("variable \"nope\" isString", false),
        EvaluationCase("variable \"nope\" == \"x\"", false, actual: "none"),
        EvaluationCase("variable \"nope\" not == \"x\"", true),
        EvaluationCase("variable \"name\" == \"{{name}}\"", true),
        EvaluationCase("variable \"name\" == \"{{missing}}\"", false, problem: "missing has no value"),
        EvaluationCase("header \"X-{{missing}}\" exists", false, problem: "missing has no value"),
    ]

    @Test("an address followed by a NUL byte is not an address")
    func nulInAddress() throws {
        var variables = EvaluationSupport.variables
        variables["odd"] = "1.2.3.4\u{0}junk"
        #expect(try !EvaluationSupport.result("variable \"odd\" isIpv4", on: EvaluationSupport.textResponse, variables: variables).passed)
    }

    @Test("a failed check says what was expected with its variables filled in", arguments: [
        ("variable \"name\" == \"{{suffix}}-x\"", "== \"One-x\""),
        ("variable \"name\" not startsWith \"{{name}}\"", "not startsWith \"ann\""),
        ("variable \"name\" == {{num}}", "== 42"),
        ("variable \"name\" == {{suffix}}", "== \"One\""),
        ("variable \"name\" == \"{{missing}}\"", "== \"{{missing}}\""),
        ("variable \"name\" == \"bob\"", "== \"bob\""),
        ("X-One: {{name}}", "== \"ann\""),
    ])
    func expectedValues(line: String, expected: String) throws {
        let result = try EvaluationSupport.result(line, on: EvaluationSupport.textResponse)
        #expect(!result.passed)
        #expect(result.expected == expected)
    }

    @Test("a passing check keeps its predicate as written")
    func passingExpected() throws {
        #expect(try EvaluationSupport.result("variable \"name\" == \"{{name}}\"", on: EvaluationSupport.textResponse).expected == "== \"{{name}}\"")
    }

    @Test("each predicate, with not", arguments: cases)
    func predicates(_ row: EvaluationCase) throws {
        let result = try EvaluationSupport.result(row.line, on: EvaluationSupport.textResponse)
        #expect(result.passed == row.passes, "\(result)")
        if let actual = row.actual { #expect(result.actual == actual, "\(result)") }
        if let problem = row.problem { #expect(result.problem?.contains(problem) == true, "\(result)") } else { #expect(result.problem == nil, "\(result)") }
    }
}
