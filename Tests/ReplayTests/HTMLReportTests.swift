import Foundation
import Testing
import RequestKit
import RequestStore
@testable import Replay
import TestSupport

/// The HTML report, parsed by libxml2's HTML parser (Replay's `MarkupDocument`): one page, a section per request
/// with its checks, heads and a bounded body excerpt, every text escaped and every secret masked.
@Suite struct HTMLReportTests {
    static let secret = "s3cret-token-value"

    /// A run of three requests whose exchanges carry markup, escape sequences and a secret.
    private func page() throws -> String {
        let steps = RunHarness.steps([
            SavedRequest(name: "Login <b>", url: "http://h/login"), SavedRequest(name: "Profile", url: "http://h/me"),
            SavedRequest(name: "Down", url: "http://h:9/"),
        ], file: "api.json")
        let plan = RunPlan(steps: steps)
        let check = try Check.parse("jsonpath \"$.name\" == \"Ann\"")
        let hostile = "</pre><script>alert(1)</script><img src=x onerror=alert(2)>\u{1B}[31mred\u{7}"
        var results: [RunResult] = []
        for index in 0..<3 {
            let step = steps[index]
            var result = RunResult(
                entry: plan.entry(at: index), name: step.name, path: step.path, collectionName: step.collectionName, origin: step.origin,
                dataRow: nil, method: "POST", url: step.request.url, status: 200, duration: 0.012,
                checks: [CheckResult(check: check, passed: index != 1, actual: index == 1 ? "\"<i>Bob</i>\"" : "\"Ann\"", expected: "== \"Ann\"")])
            let prepared = PreparedRequest(
                method: .post, url: "http://h/login?token=" + Self.secret,
                headers: ["Authorization": "Bearer " + Self.secret, "X-Note": hostile],
                body: [.bytes(Data("{\"password\": \"\(Self.secret)\"}".utf8))])
            var response: Response? = Response(
                statusCode: 200, reason: "OK <ok>", headers: ["Content-Type": "application/json", "X-Echo": hostile],
                body: Data((String(repeating: "x", count: 5000) + hostile + Self.secret).utf8))
            if index == 1 { response?.body = Data(("{\"echo\": \"" + hostile + "\", \"token\": \"" + Self.secret + "\"}").utf8) }
            if index == 2 {
                response = nil
                result.status = nil
                result.checks = []
                result.error = "Could not connect <to> h:9"
            }
            result.excerpt = ExchangeExcerpt.make(
                prepared: prepared, response: response, startedAt: Date(), secrets: [Self.secret], url: "http://h/login?token=[redacted]",
                bodyBytes: ExchangeExcerpt.defaultBodyBytes)
            results.append(result)
        }
        let path = TemporaryFolder.path("curlew-report", suffix: ".html")
        var report = try RunReportFormat.html.open(path)
        try report.begin(plan: plan)
        for result in results { try report.add(result) }
        try report.end(RunTotals(passed: 1, failed: 2, skipped: 0, duration: 0.036))
        return try String(contentsOfFile: path, encoding: .utf8)
    }

    private func count(_ expression: String, in document: MarkupDocument) throws -> Int64 {
        guard case .integer(let number) = try document.evaluate("count(\(expression))") else { return -1 }
        return number
    }

    private func text(_ expression: String, in document: MarkupDocument) throws -> String {
        guard case .string(let text) = try document.evaluate("string(\(expression))") else { return "" }
        return text
    }

    @Test func thePageParsesWithASectionPerRequestAndTheSummary() throws {
        let html = try page()
        let document = try MarkupDocument(Data(html.utf8), form: .html)
        #expect(try count("//details[contains(@class, 'result')]", in: document) == 3)
        #expect(try count("//details[@open]", in: document) == 2)
        #expect(try count("//section[@class='summary']", in: document) == 1)
        #expect(try text("//section[@class='summary']//tr[th='Failed']/td", in: document) == "2")
        #expect(try text("//details[1]/summary/span[@class='path']", in: document) == "Login <b>")
        #expect(try count("//details[2]//table[@class='checks']//tr[@class='failed']", in: document) == 1)
        #expect(try text("//details[2]//table[@class='checks']//tr[@class='failed']/td[4]", in: document) == "\"<i>Bob</i>\"")
        #expect(try count("//details[1]//table[@class='timings']//td", in: document) == 6)
        #expect(try text("//details[3]//p[@class='error']", in: document) == "Could not connect <to> h:9")
        #expect(try count("//style", in: document) == 1)
        // No external asset, no script: nothing loads anything.
        #expect(try count("//script | //img | //link | //iframe | //object | //*[@src] | //*[@href]", in: document) == 0)
        #expect(try count("//*[@onerror]", in: document) == 0)
        #expect(try count("//b | //i | //to", in: document) == 0)
    }

    @Test func everyTextIsEscapedAndEscapeSequencesAreVisible() throws {
        let html = try page()
        #expect(!html.contains("<script"))
        #expect(html.contains("&lt;/pre&gt;&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(!html.contains("\u{1B}") && !html.contains("\u{7}"))
        #expect(html.contains("\u{241B}[31mred\u{2407}"))
    }

    @Test func secretsAreMaskedAsInTheOtherReports() throws {
        let html = try page()
        #expect(!html.contains(Self.secret))
        let document = try MarkupDocument(Data(html.utf8), form: .html)
        #expect(try text("//details[1]//table[@aria-label='request headers']//tr[th='Authorization']/td", in: document) == "[redacted]")
        #expect(try text("//details[2]//pre[@class='excerpt'][last()]", in: document).contains("\"token\": \"[redacted]\""))
        #expect(try text("//details[1]//pre[@class='excerpt'][1]", in: document) == "{\"password\": \"[redacted]\"}")
    }

    @Test func aBodyExcerptIsBounded() throws {
        let html = try page()
        let document = try MarkupDocument(Data(html.utf8), form: .html)
        let excerpt = try text("//details[1]//pre[@class='excerpt'][2]", in: document)
        #expect(excerpt.utf8.count <= ExchangeExcerpt.defaultBodyBytes)
        #expect(excerpt.hasPrefix("xxxx"))
        #expect(try text("//details[1]//pre[@class='excerpt'][2]/following-sibling::p[1]", in: document).hasPrefix("The first 4096 bytes of"))
    }

    @Test func aSecretAcrossTheCutIsMaskedWholeAndBinaryIsNamed() {
        let redaction = Redaction(secrets: [Self.secret])
        let straddling = Data((String(repeating: "a", count: 4090) + Self.secret + "tail").utf8)
        let cut = ExchangeExcerpt.text(of: straddling, size: Int64(straddling.count), redaction: redaction, limit: 4096)
        #expect(cut.isCut)
        #expect(cut.text?.contains("s3cr") == false)
        #expect(cut.text?.hasSuffix("[redac") == true)
        let binary = ExchangeExcerpt.text(of: Data([0xFF, 0xFE, 0x00, 0x81]), size: 4, redaction: redaction, limit: 4096)
        #expect(binary.text == nil)
        #expect(binary.note == "binary, 4 bytes")
        // A multi-byte character at the cut is left out whole.
        let wide = Data((String(repeating: "a", count: 4095) + "é").utf8)
        let cutWide = ExchangeExcerpt.text(of: wide, size: Int64(wide.count), redaction: Redaction(secrets: []), limit: 4096)
        #expect(cutWide.text == String(repeating: "a", count: 4095))
        #expect(cutWide.isCut)
    }
}
