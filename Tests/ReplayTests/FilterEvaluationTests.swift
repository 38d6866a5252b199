import Foundation
import Testing
import RequestKit
import RequestStore
@testable import Replay

@Suite("Evaluation: filters")
struct FilterEvaluationTests {
    static let cases: [EvaluationCase] = [
        EvaluationCase("variable \"csv\" split \",\" count == 3", true, actual: "3"),
        EvaluationCase("variable \"csv\" split \",\" nth 0 == \"a\"", true),
        EvaluationCase("variable \"csv\" split \",\" nth -1 == \"c\"", true),
        EvaluationCase("variable \"csv\" split \",\" nth 5 exists", false, problem: "out of range"),
        EvaluationCase("variable \"csv\" split \",\" first == \"a\"", true),
        EvaluationCase("variable \"csv\" split \",\" last == \"c\"", true),
        EvaluationCase("variable \"csv\" count == 3", false, problem: "works on a list"),
        EvaluationCase("variable \"csv\" regex \"b,(.)\" == \"c\"", true),
        EvaluationCase("variable \"csv\" regex /^(\\w)/ == \"a\"", true),
        EvaluationCase("variable \"csv\" regex \"z(.)\" not exists", true),
        EvaluationCase("variable \"csv\" replace \",\" \";\" == \"a;b;c\"", true),
        EvaluationCase("variable \"csv\" replaceRegex /[ab]/ \"x\" == \"x,x,c\"", true),
        EvaluationCase("variable \"csv\" replaceRegex \"(a)\" \"[$1]\" == \"[a],b,c\"", true),
        EvaluationCase("variable \"num\" toInt == 42", true, actual: "42"),
        EvaluationCase("variable \"num\" toInt == 42.0", true),
        EvaluationCase("variable \"num\" toFloat == 42", true, actual: "42.0"),
        EvaluationCase("variable \"float\" toFloat > 3.4", true),
        EvaluationCase("variable \"float\" toInt exists", false, problem: "not a whole number"),
        EvaluationCase("variable \"float\" toFloat toInt == 3", true),
        EvaluationCase("variable \"num\" toInt toString == \"42\"", true),
        EvaluationCase("variable \"enc\" urlDecode == \"a b/c\"", true),
        EvaluationCase("variable \"csv\" urlEncode == \"a%2Cb%2Cc\"", true),
        EvaluationCase("variable \"enc\" urlDecode urlEncode == \"a%20b/c\"", true),
        EvaluationCase("variable \"b64\" base64Decode == hex,68656c6c6f;", true, actual: "hex,68656c6c6f;"),
        EvaluationCase("variable \"b64\" base64Decode utf8Decode == \"hello\"", true),
        EvaluationCase("variable \"b64\" base64Decode base64Encode == \"aGVsbG8=\"", true),
        EvaluationCase("variable \"b64\" base64Decode base64UrlSafeEncode == \"aGVsbG8\"", true),
        EvaluationCase("variable \"b64\" base64UrlSafeDecode toHex == \"68656c6c6f\"", true),
        EvaluationCase("variable \"name\" utf8Encode == hex,616e6e;", true),
        EvaluationCase("variable \"csv\" base64Decode exists", false, problem: "not Base64"),
        EvaluationCase("variable \"html\" htmlUnescape == \"a < b & ☺ ©\"", true),
        EvaluationCase("variable \"html2\" htmlEscape == \"&lt;ul&gt;&lt;li&gt;x&lt;/li&gt;&lt;li&gt;y&lt;/li&gt;&lt;/ul&gt;\"", true),
        EvaluationCase("variable \"date\" toDate \"%Y-%m-%dT%H:%M:%SZ\" dateFormat \"%A %d %B %Y\" == \"Wednesday 01 May 2024\"", true),
        EvaluationCase("variable \"date\" toDate \"%+\" isDate", true, actual: "2024-05-01T12:30:00.000Z"),
        EvaluationCase("variable \"date\" toDate \"%+\" format \"%a %-d %b\" == \"Wed 1 May\"", true),
        EvaluationCase("variable \"date\" toDate \"%+\" daysBeforeNow == 10", true),
        EvaluationCase("variable \"date\" toDate \"%+\" daysAfterNow == -10", true),
        EvaluationCase("variable \"date\" toDate \"%d/%m/%Y\" exists", false, problem: "does not follow"),
        EvaluationCase("variable \"name\" daysAfterNow exists", false, problem: "a date"),
        EvaluationCase("variable \"url\" urlQueryParam \"q\" == \"a b\"", true),
        EvaluationCase("variable \"url\" urlQueryParam \"page\" toInt == 2", true),
        EvaluationCase("variable \"url\" urlQueryParam \"none\" not exists", true),
        EvaluationCase("variable \"html2\" xpath \"//li\" count == 2", true),
        EvaluationCase("variable \"html2\" xpath \"string(//li[2])\" == \"y\"", true),
        EvaluationCase("variable \"nope\" count == 1", false, problem: "none"),
    ]

    @Test("each filter", arguments: cases)
    func filters(_ row: EvaluationCase) throws {
        let result = try EvaluationSupport.result(row.line, on: EvaluationSupport.textResponse)
        #expect(result.passed == row.passes, "\(result)")
        if let actual = row.actual { #expect(result.actual == actual, "\(result)") }
        if let problem = row.problem { #expect(result.problem?.contains(problem) == true, "\(result)") }
    }

    @Test("the jsonpath filter reads a string holding JSON")
    func jsonPathFilter() throws {
        let count = try EvaluationSupport.result("variable \"json\" jsonpath \"$.a\" count == 3", on: EvaluationSupport.textResponse)
        #expect(count.passed, "\(count)")
        let nested = try EvaluationSupport.result("variable \"json\" jsonpath \"$.a[2].b\" == true", on: EvaluationSupport.textResponse)
        #expect(nested.passed, "\(nested)")
        let notJSON = try EvaluationSupport.result("variable \"csv\" jsonpath \"$.a\" exists", on: EvaluationSupport.textResponse)
        #expect(notJSON.problem?.contains("JSON") == true)
    }

    @Test("replace refuses to grow a text past the limit")
    func boundedReplace() throws {
        let body = String(repeating: "a", count: 200_000)
        let response = Response(statusCode: 200, body: Data(body.utf8))
        let line = "body replace \"a\" \"" + String(repeating: "b", count: 500) + "\" exists"
        let result = try EvaluationSupport.result(line, on: response)
        #expect(!result.passed)
        #expect(result.problem?.contains("larger than") == true)
    }
}
