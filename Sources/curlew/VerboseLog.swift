import Foundation
import RequestKit

/// The `-v` report on stderr: the request as sent, the response head and where the time went.
enum VerboseLog {
    /// The request line and headers, prefixed with `> `.
    static func request(_ prepared: PreparedRequest) -> String {
        var lines = ["> \(prepared.method) \(prepared.url)"]
        lines += prepared.headers.map { "> \($0.name): \($0.value)" }
        lines += prepared.warnings.map { "* warning: \($0)" }
        return lines.joined(separator: "\n") + "\n>\n"
    }

    /// The status line and headers, prefixed with `< `, then the timing breakdown.
    static func response(_ response: Response) -> String {
        var lines = ["< " + ResponseOutput.statusLine(of: response)]
        lines += response.headers.map { "< \($0.name): \($0.value)" }
        lines.append("<")
        let timings = response.timings
        let phases: [(String, Double)] = [
            ("dns", timings.dns), ("connect", timings.connect), ("tls", timings.tls),
            ("first byte", timings.firstByte), ("download", timings.download), ("total", timings.total),
        ]
        lines.append("* timings: " + phases.map { "\($0.0) \(milliseconds($0.1))" }.joined(separator: ", "))
        var summary = "* \(response.effectiveURL)"
        if let address = response.remoteAddress { summary += " at \(address)" }
        summary += ", \(response.redirectCount) redirect\(response.redirectCount == 1 ? "" : "s")"
        summary += ", \(response.bytesSent) bytes sent, \(response.bytesReceived) bytes received"
        lines.append(summary)
        return lines.joined(separator: "\n") + "\n"
    }

    /// The 101 answer's status line and headers, prefixed with `< ` and sanitized, then what it agreed to.
    static func webSocketOpening(_ opening: WebSocketOpening) -> String {
        let head = opening.head
        var lines = ["< " + ResponseOutput.visibleLine("\(head.httpVersion) \(head.statusCode) \(head.reason)")]
        lines += head.headers.map { "< " + ResponseOutput.visibleLine("\($0.name): \($0.value)") }
        lines.append("<")
        let subprotocol = opening.subprotocol.map { ResponseOutput.visibleLine($0) } ?? "none"
        lines.append("* WebSocket open: subprotocol \(subprotocol), permessage-deflate \(opening.compressed ? "on" : "off")")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func milliseconds(_ seconds: Double) -> String {
        String(format: "%.1f ms", seconds * 1000)
    }
}
