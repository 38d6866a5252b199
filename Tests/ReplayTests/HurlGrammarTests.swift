import Foundation
import Testing
import RequestKit
import RequestStore
@testable import Replay

/// Grammar Hurl's documentation gives, each case taken from it: templates in filter arguments and capture names,
/// integers beyond 64 bits, `charsetDecode`, JSON values as bodies and templated options.
@Suite("Hurl grammar")
struct HurlGrammarTests {
    /// A JSON response with the body given.
    static func json(_ body: String) -> Response {
        var headers: HTTPHeaders = []
        headers.add(name: "Content-Type", value: "application/json")
        return Response(statusCode: 200, headers: headers, body: Data(body.utf8))
    }

    /// The collection a `.hurl` text reads as, refusing what curlew does not support.
    static func read(_ text: String) throws -> RequestCollection {
        HurlReader.collection(of: try HurlReader.readStrictly(Data(text.utf8), file: "test.hurl"), file: "test.hurl")
    }

    static func holds(_ line: String, body: String, variables: [String: String] = [:]) throws -> CheckResult {
        var evaluation = ResponseEvaluation(response: json(body), variables: variables, now: EvaluationSupport.now)
        return evaluation.evaluate(try Check.parse(line))
    }

    @Test func nthTakesAVariable() throws {
        let body = #"{"items": ["a", "b", "c"]}"#
        #expect(try Self.holds(#"jsonpath "$.items" nth {{index}} == "b""#, body: body, variables: ["index": "1"]).passed)
        #expect(try Self.holds(#"jsonpath "$.items" nth {{index}} == "c""#, body: body, variables: ["index": "-1"]).passed)
        let wrong = try Self.holds(#"jsonpath "$.items" nth {{index}} == "b""#, body: body, variables: ["index": "one"])
        #expect(!wrong.passed && wrong.problem?.contains("not a whole number") == true)
        #expect(try Check.parse("jsonpath \"$.items\" nth {{index}} == 1").text.contains("nth {{index}}"))
    }

    @Test func aGraphQLMultilineStringOnTheRightOfAPredicateIsItsText() throws {
        // From hurl.dev's asserting page: a multiline string with a language hint as a predicate value.
        let collection = try Self.read("""
        POST http://127.0.0.1:9/graphql
        HTTP 200
        [Asserts]
        body == ```graphql
        {
          hero {
            name
          }
        }
        ```
        """)
        let check = try #require(collection.requests.first?.checks.first { $0.text.hasPrefix("body") })
        var evaluation = ResponseEvaluation(response: Response(statusCode: 200, body: Data("{\n  hero {\n    name\n  }\n}\n".utf8)), variables: [:])
        #expect(evaluation.evaluate(check).passed)
        var other = ResponseEvaluation(response: Response(statusCode: 200, body: Data("{ hero { name } }".utf8)), variables: [:])
        let failed = other.evaluate(check)
        #expect(!failed.passed)
        #expect(failed.actual.contains("hero"))
    }

    @Test func anXMLBodyWhoseTextLinesLookLikeHeadersIsTheBody() throws {
        // From hurl.dev's request page (a SOAP body), with a text line that reads like a header.
        let collection = try Self.read("""
        POST http://127.0.0.1:9/soap
        Content-Type: text/xml
        <?xml version="1.0" encoding="UTF-8"?>
        <soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope">
          <soap:Body>
            Price: 34.5
          </soap:Body>
        </soap:Envelope>
        HTTP 200
        """)
        let request = try #require(collection.requests.first)
        #expect(request.headers.map(\.name) == ["Content-Type"])
        guard case .raw(let text, _) = request.body else {
            Issue.record("expected the XML as the body, got \(request.body)")
            return
        }
        #expect(text.hasPrefix("<?xml"))
        #expect(text.contains("    Price: 34.5\n"))
        #expect(text.hasSuffix("</soap:Envelope>") || text.hasSuffix("</soap:Envelope>\n"))
    }

    @Test func aTemplateInAReplaceRegexPattern() throws {
        #expect(try Self.holds(#"jsonpath "$.id" replaceRegex "{{re}}" "N" == "xN""#, body: #"{"id": "x12"}"#, variables: ["re": "[0-9]+"]).passed)
    }

    @Test func aCaptureNamedByATemplate() throws {
        var evaluation = ResponseEvaluation(response: Self.json(#"{"id": 7}"#), variables: ["key": "user_id"], now: EvaluationSupport.now)
        let captured = try evaluation.capture(CaptureRule.parse(#"{{key}}: jsonpath "$.id""#)).get()
        #expect(captured.variable == "user_id" && captured.value == "7")
        var unnamed = ResponseEvaluation(response: Self.json(#"{"id": 7}"#), variables: [:], now: EvaluationSupport.now)
        guard case .failure(let failure) = unnamed.capture(try CaptureRule.parse(#"{{key}}: jsonpath "$.id""#)) else {
            Issue.record("a capture whose name has no value was taken")
            return
        }
        #expect(failure.message.contains("{{key}}"))
    }

    @Test(arguments: [
        ("jsonpath \"$.big\" == 1000000000000000000000", true),
        ("jsonpath \"$.big\" == 1000000000000000000001", false),
        ("jsonpath \"$.big\" > 999999999999999999999", true),
        ("jsonpath \"$.big\" < -5", false),
        ("jsonpath \"$.big\" isInteger", true),
        ("jsonpath \"$.small\" < 1000000000000000000000", true),
        ("jsonpath \"$.big\" == 1e21", false),
    ])
    func integersBeyond64BitsCompareDigitForDigit(_ line: String, _ holds: Bool) throws {
        let result = try Self.holds(line, body: #"{"big": 1000000000000000000000, "small": 12}"#)
        #expect(result.passed == holds, "\(line): \(String(describing: result.problem))")
    }

    @Test func charsetDecodeIsDecodesNewerName() throws {
        let check = try Check.parse(#"bytes charsetDecode "latin1" == "café""#)
        var headers: HTTPHeaders = []
        headers.add(name: "Content-Type", value: "text/plain")
        var evaluation = ResponseEvaluation(response: Response(statusCode: 200, headers: headers, body: Data([0x63, 0x61, 0x66, 0xE9])), variables: [:])
        #expect(evaluation.evaluate(check).passed)
    }

    @Test(arguments: [("\"Hello\"", "\"Hello\""), ("42", "42"), ("-1.5e3", "-1.5e3"), ("true", "true"), ("null", "null"), ("[1,2]", "[1,2]")])
    func anyJSONValueIsABody(_ body: String, _ sent: String) throws {
        let collection = try Self.read("POST http://127.0.0.1:9/x\n\(body)\n\nHTTP 200\n")
        #expect(collection.requests.first?.body == .json(sent))
    }

    @Test func aHeaderLineIsNotTakenForAJSONNumber() throws {
        let collection = try Self.read("GET http://127.0.0.1:9/x\n42-header: yes\n")
        #expect(collection.requests.first?.headers.first?.name == "42-header")
    }

    @Test func templatedOptionsAreReadWhenTheRequestIsMade() throws {
        let collection = try Self.read("GET http://127.0.0.1:9/x\n[Options]\nlocation: {{follow}}\nmax-redirs: {{n}}\nretry: {{tries}}\n")
        let saved = try #require(collection.requests.first)
        #expect(saved.options.templates?.map(\.name) == ["location", "max-redirs", "retry"])
        let scope = VariableScope(commandLine: ["follow": "true", "n": "-1", "tries": "2"])
        let resolved = try HurlOptionValue.resolvingTemplates(of: saved, in: scope)
        #expect(resolved.options.followRedirects == true && resolved.options.maxRedirects == -1 && resolved.options.retry == 2)
        let request = try RequestConversion.makeRequest(saved, headers: [], auth: .none, scope: scope, boundary: .userTyped())
        #expect(request.options.followRedirects && request.options.maxRedirects == -1)
        #expect(throws: VariableError.self) {
            try HurlOptionValue.resolvingTemplates(of: saved, in: VariableScope(commandLine: ["follow": "maybe", "n": "1", "tries": "1"]))
        }
        #expect(HurlWriter.write(collection, only: nil).text.contains("max-redirs: {{n}}"))
    }

    @Test func maxRedirsMinusOneIsUnlimited() throws {
        let collection = try Self.read("GET http://127.0.0.1:9/x\n[Options]\nmax-redirs: -1\n")
        #expect(collection.requests.first?.options.maxRedirects == -1)
    }

    @Test(arguments: [
        ("redirects count == 2", true), ("redirects == 2", true), ("redirects > 1", true),
        ("redirects nth 0 location == \"http://h/b\"", true), ("redirects nth -1 location == \"http://h/c\"", true),
        ("redirects nth 0 location == \"http://h/c\"", false), ("redirects isList", true), ("status location exists", false),
    ])
    func redirectsAreAListOfStepsWithALocation(_ line: String, _ holds: Bool) throws {
        var response = Response(statusCode: 200, effectiveURL: "http://h/c", redirectCount: 2)
        response.redirects = [RedirectStep(status: 301, location: "http://h/b"), RedirectStep(status: 302, location: "http://h/c")]
        var evaluation = ResponseEvaluation(response: response, variables: [:], now: EvaluationSupport.now)
        let result = evaluation.evaluate(try Check.parse(line))
        #expect(result.passed == holds, "\(line): \(String(describing: result.problem))")
    }
}
