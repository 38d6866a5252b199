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

@Suite("Dates: strftime formats")
struct StrftimeFormatTests {
    /// A text, the format that reads it, and the same date written in ISO 8601.
    static let readable: [(String, String, String)] = [
        ("Wed, 21 Oct 2015 07:28:00 GMT", "%a, %d %b %Y %H:%M:%S %Z", "2015-10-21T07:28:00.000Z"),
        ("2024-02-29", "%Y-%m-%d", "2024-02-29T00:00:00.000Z"),
        ("2024-05-01T12:30:00.25+02:00", "%+", "2024-05-01T10:30:00.250Z"),
        ("2024-05-01T12:30:00Z", "%+", "2024-05-01T12:30:00.000Z"),
        ("01/05/24 3:04 PM", "%d/%m/%y %I:%M %p", "2024-05-01T15:04:00.000Z"),
        ("1715430600", "%s", "2024-05-11T12:30:00.000Z"),
        ("Thursday  2 May 2024", "%A %e %B %Y", "2024-05-02T00:00:00.000Z"),
        ("2024-032", "%Y-%j", "2024-02-01T00:00:00.000Z"),
        ("20240501T123000+0100", "%Y%m%dT%H%M%S%z", "2024-05-01T11:30:00.000Z"),
    ]

    @Test("texts read with their formats", arguments: 0..<readable.count)
    func reads(index: Int) throws {
        let (text, pattern, iso) = Self.readable[index]
        let date = try #require(StrftimeFormat.parse(text, pattern: pattern))
        #expect(CheckValueRenderer.isoText(date) == iso)
    }

    @Test("texts that do not follow their format, or name impossible dates", arguments: [
        ("2023-02-29", "%Y-%m-%d"), ("2024-13-01", "%Y-%m-%d"), ("2024-05-01 extra", "%Y-%m-%d"), ("12:61", "%H:%M"), ("", "%Y"), ("Foo, 21", "%a, %d"),
    ])
    func refuses(text: String, pattern: String) {
        #expect(StrftimeFormat.parse(text, pattern: pattern) == nil)
    }

    @Test("a date written with every directive")
    func writes() throws {
        let date = try #require(StrftimeFormat.parse("2024-05-01T09:05:03.5Z", pattern: "%+"))
        #expect(StrftimeFormat.format(date, pattern: "%Y %C %y %m %b %B %d %e %a %A %w %u %j %H %k %I %l %p %P %M %S %.3f %f %z %:z %Z %s %T %R %D %F %% %-d") ==
                "2024 20 24 05 May May 01  1 Wed Wednesday 3 3 122 09  9 09 9 AM am 05 03 .500 500000000 +0000 +00:00 UTC 1714554303 09:05:03 09:05 05/01/24 2024-05-01 % 1")
    }
}
