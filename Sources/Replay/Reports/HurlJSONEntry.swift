import Foundation
import RequestKit

/// One entry of Hurl's `report.json`: `index`, `line`, `calls`, `captures`, `asserts`, `time`, `curl_cmd`.
enum HurlJSONEntry {
    private static let q = ResultJSON.q
    private static let object = ResultJSON.object
    private static let array = ResultJSON.array

    /// The entry's object; `position` is its place among the file's results, used when the step has no entry number.
    static func render(_ result: RunResult, step: RunStep, position: Int) -> String {
        var index = position
        if step.sourceLine != nil, let id = step.request.id, id.hasPrefix("entry-"), let number = Int(id.dropFirst(6)) { index = number }
        let line = step.sourceLine ?? 0
        var asserts: [String] = []
        if let error = result.error {
            asserts.append(object([("success", "false"), ("message", q(error)), ("line", String(line))]))
        }
        for (offset, check) in result.checks.enumerated() {
            let checkLine = step.checkLines.indices.contains(offset) ? step.checkLines[offset] : line
            var fields = [("success", String(check.passed))]
            if !check.passed {
                let expected = check.check.text.contains(check.expected) ? nil : check.expected
                let failure = RunFailure(kind: .check, text: check.check.text, expected: expected, actual: check.actual, problem: check.problem)
                fields.append(("message", q(failure.line)))
            }
            fields.append(("line", String(checkLine)))
            asserts.append(object(fields))
        }
        for failure in result.captureFailures {
            let position = step.request.captures.firstIndex(of: failure.rule)
            let captureLine = position.flatMap { step.captureLines.indices.contains($0) ? step.captureLines[$0] : nil } ?? line
            asserts.append(object([("success", "false"), ("message", q(failure.rule.text + "  (" + failure.message + ")")), ("line", String(captureLine))]))
        }
        if let problem = result.statusProblem {
            asserts.append(object([("success", "false"), ("message", q(problem)), ("line", String(line))]))
        }
        let captures = result.captures.map { object([("name", q($0.variable)), ("value", q($0.value))]) }
        let calls = result.excerpt.flatMap { excerpt in excerpt.response.map { [call(excerpt, response: $0)] } } ?? []
        return object([
            ("index", String(index)), ("line", String(line)), ("calls", array(calls)), ("captures", array(captures)),
            ("asserts", array(asserts)), ("time", String(Int((result.duration * 1000).rounded()))),
            ("curl_cmd", q(result.excerpt.map(curlCommand) ?? "")),
        ])
    }

    /// One call: the request and response heads and the timings, as Hurl writes them.
    private static func call(_ excerpt: ExchangeExcerpt, response: ResponseExcerpt) -> String {
        let request = object([
            ("method", q(excerpt.method)), ("url", q(excerpt.url)), ("headers", headers(excerpt.requestHeaders)),
            // Cookie and Set-Cookie headers are masked in every report, so no cookie is listed.
            ("cookies", "[]"),
            ("query_string", array(query(of: excerpt.url).map { object([("name", q($0.name)), ("value", q($0.value))]) })),
        ])
        let answer = object([
            ("http_version", q(response.httpVersion)), ("status", String(response.statusCode)), ("headers", headers(response.headers)),
            ("cookies", "[]"),
        ])
        let t = response.timings
        let micro = { (seconds: Double) in String(Int64((max(0, seconds.isFinite ? seconds : 0) * 1_000_000).rounded())) }
        let appConnect = t.dns + t.connect + t.tls
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let timings = object([
            ("begin_call", q(formatter.string(from: excerpt.startedAt))),
            ("end_call", q(formatter.string(from: excerpt.startedAt.addingTimeInterval(t.total.isFinite ? t.total : 0)))),
            ("name_lookup", micro(t.dns)), ("connect", micro(t.dns + t.connect)), ("app_connect", micro(appConnect)),
            ("pre_transfer", micro(appConnect)), ("start_transfer", micro(appConnect + t.firstByte)), ("total", micro(t.total)),
        ])
        return object([("request", request), ("response", answer), ("timings", timings)])
    }

    /// The query parameters of a URL, percent-decoded (`+` kept as it is).
    private static func query(of url: String) -> [(name: String, value: String)] {
        guard let mark = url.firstIndex(of: "?") else { return [] }
        var query = url[url.index(after: mark)...]
        if let hash = query.firstIndex(of: "#") { query = query[..<hash] }
        return query.split(separator: "&").map { pair in
            let pieces = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let decode = { (text: String) in text.removingPercentEncoding ?? text }
            return (decode(pieces[0]), pieces.count > 1 ? decode(pieces[1]) : "")
        }
    }

    private static func headers(_ headers: HTTPHeaders) -> String {
        array(headers.map { object([("name", q($0.name)), ("value", q($0.value))]) })
    }

    /// A curl command that sends the request's head (masked as the excerpt is), without its body.
    private static func curlCommand(_ excerpt: ExchangeExcerpt) -> String {
        var request = Request(method: HTTPMethod(rawValue: excerpt.method), url: excerpt.url, headers: excerpt.requestHeaders)
        request.options.timeout = nil
        request.options.followRedirects = false
        return request.curlCommand
    }
}
