import Foundation
import Testing
import RequestKit
import RequestStore
@testable import Replay

/// Responses and variables the evaluation tests run checks against.
enum EvaluationSupport {
    /// The moment the date filters count from in tests: 2024-05-11T12:30:00Z.
    static let now = Date(timeIntervalSince1970: 1_715_430_600)

    /// Variables every test can read.
    static let variables: [String: String] = [
        "name": "ann", "code": "201", "suffix": "One", "csv": "a,b,c", "num": "42", "float": "3.5", "empty": "",
        "enc": "a%20b%2Fc", "b64": "aGVsbG8=", "html": "a &lt; b &amp; &#x263A; &copy;", "json": "{\"a\":[1,2,{\"b\":true}]}",
        "date": "2024-05-01T12:30:00Z", "url": "http://x/p?page=2&q=a+b", "uuid": "123e4567-e89b-12d3-a456-426614174000",
        "ip4": "192.168.0.1", "ip6": "::1", "yes": "true", "html2": "<ul><li>x</li><li>y</li></ul>",
    ]

    /// A plain-text response with headers, cookies and timings.
    static var textResponse: Response {
        var headers: HTTPHeaders = []
        headers.add(name: "Content-Type", value: "text/plain")
        headers.add(name: "X-One", value: "a")
        headers.add(name: "X-Many", value: "b")
        headers.add(name: "X-Many", value: "c")
        headers.add(name: "Set-Cookie", value: "sid=abc; Path=/; Domain=example.com; Max-Age=3600; Expires=Wed, 21 Oct 2026 07:28:00 GMT; HttpOnly; SameSite=Lax")
        headers.add(name: "Set-Cookie", value: "theme=\"dark\"; Secure")
        var response = Response(statusCode: 201, httpVersion: "HTTP/2", headers: headers, body: Data("hello world".utf8),
                                effectiveURL: "http://x/final", redirectCount: 2, remoteAddress: "[::1]:8080", timings: Timings(total: 1.234))
        response.redirects = [RedirectStep(status: 301, location: "http://x/next"), RedirectStep(status: 302, location: "http://x/final")]
        return response
    }

    /// A JSON response.
    static var jsonResponse: Response {
        let body = #"{"name": "ann", "n": 1.0, "f": 1.5, "i": 7, "flag": true, "nothing": null, "items": [{"id": 1}, {"id": 2}, {"id": 3}], "obj": {"k": "v"}, "empty": [], "long": "\#(String(repeating: "x", count: 400))"}"#
        return Response(statusCode: 200, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
    }

    /// An XML response.
    static var xmlResponse: Response {
        let body = #"<?xml version="1.0"?><root><item id="1">a</item><item id="2">b</item><empty/></root>"#
        return Response(statusCode: 200, headers: ["Content-Type": "application/xml"], body: Data(body.utf8))
    }

    /// An HTML response, not well-formed as XML.
    static var htmlResponse: Response {
        let body = "<!DOCTYPE html><html><head><title>Home</title></head><body><p class=a>One<p>Two &amp; more<br></body></html>"
        return Response(statusCode: 200, headers: ["Content-Type": "text/html; charset=utf-8"], body: Data(body.utf8))
    }

    /// Evaluates one check line against a response.
    static func result(_ line: String, on response: Response, variables: [String: String] = variables) throws -> CheckResult {
        var evaluation = ResponseEvaluation(response: response, variables: variables, now: now)
        return evaluation.evaluate(try Check.parse(line))
    }
}

/// One row of an evaluation table: a check line, whether it passes, and the actual value it shows (nil: not compared).
struct EvaluationCase: CustomTestStringConvertible, Sendable {
    let line: String
    let passes: Bool
    let actual: String?
    let problem: String?

    init(_ line: String, _ passes: Bool, actual: String? = nil, problem: String? = nil) {
        self.line = line
        self.passes = passes
        self.actual = actual
        self.problem = problem
    }

    var testDescription: String { line }
}
