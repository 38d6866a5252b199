import Foundation
import RequestKit

/// One request of the HTML report: a `<details>` element (open when the request failed) with its checks,
/// captures, timings, and the heads and body excerpts of its exchange. Every text is escaped.
enum HTMLResultSection {
    /// The section of a result, numbered from 1 in plan order.
    static func render(_ result: RunResult, number: Int, repeats: Bool) -> String {
        let e = HTMLText.escape
        let passed = result.passed
        var html = "<details class=\"result \(passed ? "passed" : "failed")\" id=\"result-\(number)\"\(passed ? "" : " open")>\n"
        html += "<summary><span class=\"mark\">\(passed ? "✔" : "✘")</span>"
        html += "<span class=\"path\">\(e(result.path))</span><span class=\"method\">\(e(result.method))</span>"
        html += "<code class=\"url\">\(e(result.url))</code><span class=\"status\">\(result.status.map(String.init) ?? "no response")</span>"
        html += "<span class=\"time\">\(milliseconds(result.duration))</span></summary>\n"
        var origin = ["at " + e(result.origin)]
        if let row = result.dataRow { origin.append("data row \(row)") }
        if repeats { origin.append("run \(result.entry.iteration + 1)") }
        origin.append("\(result.attempts) attempt\(result.attempts == 1 ? "" : "s")")
        origin.append("\(result.bodySize) bytes of body")
        html += "<p class=\"origin\">\(origin.joined(separator: " · "))</p>\n"
        if let error = result.error { html += "<p class=\"error\">\(e(error))</p>\n" }
        if let problem = result.statusProblem { html += "<p class=\"error\">\(e(problem))</p>\n" }
        html += checks(result)
        html += captures(result)
        if let excerpt = result.excerpt { html += exchange(excerpt) }
        html += "</details>\n"
        return html
    }

    private static func checks(_ result: RunResult) -> String {
        guard !result.checks.isEmpty else { return "" }
        let e = HTMLText.escape
        var html = "<h3>Checks</h3>\n<table class=\"checks\"><thead><tr><th></th><th>Check</th><th>Expected</th><th>Actual</th><th>Problem</th></tr></thead><tbody>\n"
        for check in result.checks {
            html += "<tr class=\"\(check.passed ? "passed" : "failed")\"><td class=\"mark\">\(check.passed ? "✔" : "✘")</td>"
            html += "<td><code>\(e(check.check.text))</code></td><td><code>\(e(check.expected))</code></td>"
            html += "<td><code>\(e(check.actual))</code></td><td>\(e(check.problem ?? ""))</td></tr>\n"
        }
        return html + "</tbody></table>\n"
    }

    private static func captures(_ result: RunResult) -> String {
        guard !result.captures.isEmpty || !result.captureFailures.isEmpty else { return "" }
        let e = HTMLText.escape
        var html = "<h3>Captures</h3>\n<table class=\"captures\"><thead><tr><th>Variable</th><th>Value</th></tr></thead><tbody>\n"
        for capture in result.captures {
            html += "<tr><td><code>\(e(capture.variable))</code></td><td><code>\(e(capture.value))</code></td></tr>\n"
        }
        for failure in result.captureFailures {
            html += "<tr class=\"failed\"><td><code>\(e(failure.rule.variable))</code></td><td>\(e(failure.message))</td></tr>\n"
        }
        return html + "</tbody></table>\n"
    }

    private static func exchange(_ excerpt: ExchangeExcerpt) -> String {
        let e = HTMLText.escape
        var html = ""
        if let response = excerpt.response {
            let t = response.timings
            let phases: [(String, Double)] = [
                ("DNS", t.dns), ("Connect", t.connect), ("TLS", t.tls), ("First byte", t.firstByte), ("Download", t.download), ("Total", t.total),
            ]
            html += "<h3>Timing</h3>\n<table class=\"timings\"><tr>" + phases.map { "<th>\($0.0)</th>" }.joined() + "</tr>\n<tr>"
            html += phases.map { "<td class=\"number\">\(milliseconds($0.1))</td>" }.joined() + "</tr></table>\n"
        }
        html += "<h3>Request</h3>\n<p><code>\(e(excerpt.method)) \(e(excerpt.url))</code></p>\n"
        html += headers(excerpt.requestHeaders, label: "request headers") + body(excerpt.requestBody)
        if let response = excerpt.response {
            html += "<h3>Response</h3>\n<p><code>\(e(response.httpVersion)) \(response.statusCode) \(e(response.reason))</code>"
            if response.redirectCount > 0 {
                html += " <span class=\"muted\">after \(response.redirectCount) redirect\(response.redirectCount == 1 ? "" : "s"), from <code>\(e(response.effectiveURL))</code></span>"
            }
            html += "</p>\n" + headers(response.headers, label: "response headers") + body(response.body)
        } else {
            html += "<h3>Response</h3>\n<p class=\"note\">No response came.</p>\n"
        }
        return html
    }

    private static func headers(_ headers: HTTPHeaders, label: String) -> String {
        guard !headers.isEmpty else { return "<p class=\"note\">No \(label).</p>\n" }
        let e = HTMLText.escape
        var html = "<table class=\"headers\" aria-label=\"\(label)\"><tbody>\n"
        for field in headers { html += "<tr><th>\(e(field.name))</th><td><code>\(e(field.value))</code></td></tr>\n" }
        return html + "</tbody></table>\n"
    }

    private static func body(_ body: BodyExcerpt) -> String {
        let e = HTMLText.escape
        var html = ""
        if let text = body.text { html += "<pre class=\"excerpt\">\(e(text))</pre>\n" }
        var notes: [String] = []
        if body.text == nil, body.size == 0, body.note == nil { notes.append("No body.") }
        if body.text != nil, body.isCut { notes.append("The first \(body.text?.utf8.count ?? 0) bytes of \(body.size).") }
        if let note = body.note { notes.append(e(note).prefix(1).uppercased() + e(note).dropFirst() + ".") }
        if !notes.isEmpty { html += "<p class=\"note\">\(notes.joined(separator: " "))</p>\n" }
        return html
    }

    /// Seconds as "12.3 ms".
    static func milliseconds(_ seconds: Double) -> String {
        String(format: "%.1f ms", seconds.isFinite ? seconds * 1000 : 0)
    }
}
