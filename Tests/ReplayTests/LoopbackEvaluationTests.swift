import Foundation
import Testing
import RequestKit
import RequestStore
import TestServers
@testable import Replay

@Suite("Evaluation against httpbin on loopback")
struct LoopbackEvaluationTests {
    let client = Client()

    /// Sends a GET and evaluates check lines against the response; returns the failed ones.
    func failures(_ path: String, _ lines: [String]) async throws -> [CheckResult] {
        let response = try await client.get(try LoopbackHTTPBin.url(path))
        var evaluation = ResponseEvaluation(response: response, variables: ["expected": "1"])
        return try lines.map { try evaluation.evaluate(Check.parse($0)) }.filter { !$0.passed }
    }

    @Test("status, version, headers with several values, duration")
    func headers() async throws {
        let failed = try await failures("/response-headers?X-Dup=1&X-Dup=2&X-One=a", [
            "status == 200", "version == \"1.1\"", "header \"X-One\" == \"a\"", "header \"x-dup\" count == 2",
            "header \"X-Dup\" first == {{expected}}", "header \"Content-Type\" contains \"json\"", "duration >= 0",
            "redirects == 0", "jsonpath \"$['X-One']\" == \"a\"",
        ])
        #expect(failed.isEmpty, "\(failed)")
    }

    @Test("cookies the response sets, with their attributes")
    func cookies() async throws {
        let cookie = "sid%3Dabc%3B%20Path%3D%2Fapi%3B%20Max-Age%3D60%3B%20HttpOnly"
        let failed = try await failures("/response-headers?Set-Cookie=\(cookie)", [
            "cookie \"sid\" == \"abc\"", "cookie \"sid[Path]\" == \"/api\"", "cookie \"sid[Max-Age]\" == 60",
            "cookie \"sid[HttpOnly]\" exists", "cookie \"sid[Secure]\" not exists", "cookie \"other\" not exists",
        ])
        #expect(failed.isEmpty, "\(failed)")
    }

    @Test("redirects are counted and url is where they ended")
    func redirects() async throws {
        let failed = try await failures("/redirect/2", [
            "redirects == 2", "url endsWith \"/get\"", "url urlQueryParam \"x\" not exists", "status == 200",
        ])
        #expect(failed.isEmpty, "\(failed)")
    }

    @Test("XPath on httpbin's XML and HTML pages")
    func markup() async throws {
        let xml = try await failures("/xml", ["xpath \"string(//slide[1]/title)\" == \"Wake up to WonderWidgets!\"", "xpath \"//slide\" count == 2"])
        #expect(xml.isEmpty, "\(xml)")
        let html = try await failures("/html", ["xpath \"string(//h1)\" == \"Herman Melville - Moby-Dick\"", "xpath \"//p\" count >= 1"])
        #expect(html.isEmpty, "\(html)")
    }
}
