import Foundation
import Testing
import RequestKit
import RequestStore
@testable import Replay

@Suite("Evaluation: captures")
struct CaptureEvaluationTests {
    static func capture(_ line: String, on response: Response = EvaluationSupport.textResponse) throws -> Result<CapturedValue, CaptureFailure> {
        var evaluation = ResponseEvaluation(response: response, variables: EvaluationSupport.variables, now: EvaluationSupport.now)
        return evaluation.capture(try CaptureRule.parse(line))
    }

    /// Capture lines and the text each takes.
    static let values: [(String, String)] = [
        ("one: header \"X-One\"", "a"),
        ("status: status", "201"),
        ("second: header \"X-Many\" nth 1", "c"),
        ("many: header \"X-Many\"", "[\"b\",\"c\"]"),
        ("sid: cookie \"sid\"", "abc"),
        ("word: regex /(w\\w+)/", "world"),
        ("flag: variable \"float\" toFloat", "3.5"),
        ("whole: variable \"num\" toFloat", "42.0"),
        ("decoded: variable \"b64\" base64Decode", "hello"),
        ("digest: md5", "5eb63bbbe01eeed093cb22bb8f5acdc3"),
        ("day: variable \"date\" toDate \"%+\"", "2024-05-01T12:30:00.000Z"),
    ]

    @Test("a capture takes the value as text", arguments: 0..<values.count)
    func takesValue(index: Int) throws {
        let (line, expected) = Self.values[index]
        let captured = try Self.capture(line).get()
        #expect(captured.value == expected)
        #expect(captured.variable == String(line.prefix(while: { $0 != ":" })))
        #expect(!captured.isSecret)
    }

    @Test("redact marks the captured value secret")
    func redact() throws {
        let captured = try Self.capture("token: header \"X-One\" redact").get()
        #expect(captured.value == "a")
        #expect(captured.isSecret)
    }

    @Test("a capture that finds nothing or whose filter fails says why")
    func failures() throws {
        let missing = try Self.capture("token: header \"Missing\"")
        guard case .failure(let failure) = missing else {
            Issue.record("expected a failure")
            return
        }
        #expect(failure.description.contains("capture token"))
        #expect(failure.message.contains("found nothing"))
        guard case .failure(let filterFailure) = try Self.capture("n: header \"X-One\" toInt") else {
            Issue.record("expected a failure")
            return
        }
        #expect(filterFailure.message.contains("not a whole number"))
        guard case .failure(let nodes) = try Self.capture("items: xpath \"//item\"", on: EvaluationSupport.xmlResponse) else {
            Issue.record("expected a failure")
            return
        }
        #expect(nodes.message.contains("2 nodes"))
        #expect(try Self.capture("item: xpath \"//item\" first", on: EvaluationSupport.xmlResponse).get().value == "a")
    }

    @Test("a JSON capture takes strings bare and other values as compact JSON")
    func jsonCaptures() throws {
        #expect(try Self.capture("name: jsonpath \"$.name\"", on: EvaluationSupport.jsonResponse).get().value == "ann")
        #expect(try Self.capture("obj: jsonpath \"$.obj\"", on: EvaluationSupport.jsonResponse).get().value == "{\"k\":\"v\"}")
        #expect(try Self.capture("ids: jsonpath \"$.items[*].id\"", on: EvaluationSupport.jsonResponse).get().value == "[1,2,3]")
    }
}
