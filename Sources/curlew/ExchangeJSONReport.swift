import Foundation
import RequestKit

/// The `--format json` object: status, version, headers, timings and the body, in a fixed key order.
enum ExchangeJSONReport {
    /// The report for a response, with a final newline.
    static func render(_ response: Response) -> String {
        var members: [(String, String)] = [
            ("status", String(response.statusCode)),
            ("reason", quote(response.reason)),
            ("httpVersion", quote(response.httpVersion)),
            ("url", quote(response.effectiveURL)),
            ("redirects", String(response.redirectCount)),
            ("remoteAddress", response.remoteAddress.map(quote) ?? "null"),
            ("headers", "[" + response.headers.map { "{\"name\": \(quote($0.name)), \"value\": \(quote($0.value))}" }.joined(separator: ", ") + "]"),
            ("timings", timings(response.timings)),
            ("bytesSent", String(response.bytesSent)),
            ("bytesReceived", String(response.bytesReceived)),
        ]
        var body = response.body
        if let temporary = response.temporaryBody, let whole = FileManager.default.contents(atPath: temporary.path) {
            body = whole
        }
        if let path = response.bodyPath, response.temporaryBody == nil {
            members.append(("bodyPath", quote(path)))
        } else if let text = String(data: body, encoding: .utf8) {
            members.append(("bodyEncoding", quote("text")))
            members.append(("body", quote(text)))
        } else {
            members.append(("bodyEncoding", quote("base64")))
            members.append(("body", quote(body.base64EncodedString())))
        }
        return "{\n" + members.map { "  \(quote($0.0)): \($0.1)" }.joined(separator: ",\n") + "\n}\n"
    }

    private static func timings(_ timings: Timings) -> String {
        let phases: [(String, Double)] = [
            ("dns", timings.dns), ("connect", timings.connect), ("tls", timings.tls),
            ("firstByte", timings.firstByte), ("download", timings.download), ("total", timings.total),
        ]
        return "{" + phases.map { "\(quote($0.0)): \(String(format: "%.6f", $0.1))" }.joined(separator: ", ") + "}"
    }

    /// A JSON string literal for text.
    static func quote(_ text: String) -> String {
        JSONStringLiteral.quote(text)
    }
}
