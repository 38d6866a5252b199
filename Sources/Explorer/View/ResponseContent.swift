import Foundation
import RequestKit
import TUICore

/// The lines the response area shows for the current tab.
enum ResponseContent {
    /// The number of lines of the current tab (before wrapping).
    static func lineCount(_ state: AppState) -> Int {
        lines(state, theme: .monochrome).count
    }

    /// The lines of the current tab, styled with `theme`.
    static func lines(_ state: AppState, theme: Theme) -> [Line] {
        guard case .received(let response) = state.send else { return [] }
        switch state.viewer.tab {
        case .body: return bodyLines(response, theme: theme)
        case .headers:
            return response.headers.map { Line([Span($0.name, style: Style(fg: theme[.accent])), Span(": " + sanitize($0.value))]) }
        case .timing: return timingLines(response.timings, theme: theme)
        case .raw:
            var lines = [Line("\(response.httpVersion) \(response.statusCode) \(response.reason)")]
            lines += response.headers.map { Line(sanitize("\($0.name): \($0.value)")) }
            lines.append(Line(""))
            if isBinary(response) {
                lines.append(Line(binaryNotice(response), style: Style(fg: theme[.muted])))
            } else {
                lines += response.text.split(separator: "\n", omittingEmptySubsequences: false).map { Line(sanitize(String($0), tabWidth: 4)) }
            }
            return lines
        }
    }

    /// True when the body is not text: a NUL byte or several invalid UTF-8 sequences in its first 8 KB.
    static func isBinary(_ response: Response) -> Bool {
        let head = response.body.prefix(8192)
        if head.contains(0) { return true }
        let replaced = String(decoding: head, as: UTF8.self).unicodeScalars.filter { $0 == "\u{FFFD}" }.count
        return replaced > 2
    }

    /// `Binary body: 12.5 KB of image/png (not shown)`.
    static func binaryNotice(_ response: Response) -> String {
        "Binary body: \(FileProblem.formatSize(Int64(response.body.count))) of \(response.headers["Content-Type"] ?? "unknown type") (not shown; copy or save it instead)"
    }

    private static func bodyLines(_ response: Response, theme: Theme) -> [Line] {
        if response.body.isEmpty { return [Line("(empty body)", style: Style(fg: theme[.muted]))] }
        if isBinary(response) { return [Line(binaryNotice(response), style: Style(fg: theme[.muted]))] }
        if let pretty = try? JSONPrettyPrinter(indentWidth: 2).format(response.body) {
            return pretty.split(separator: "\n", omittingEmptySubsequences: false).map { Line(JSONLineColorer.spans(sanitize(String($0)), theme: theme)) }
        }
        return response.text.split(separator: "\n", omittingEmptySubsequences: false).map { Line(sanitize(String($0), tabWidth: 4)) }
    }

    private static func timingLines(_ t: Timings, theme: Theme) -> [Line] {
        let phases: [(String, Double)] = [("DNS", t.dns), ("Connect", t.connect), ("TLS", t.tls), ("Waiting", t.firstByte), ("Download", t.download)]
        let total = max(t.total, 0.000_001)
        return phases.map { name, seconds in
            let bar = String(repeating: "█", count: max(seconds > 0 ? 1 : 0, Int(seconds / total * 30)))
            return Line([
                Span(name.padding(toLength: 10, withPad: " ", startingAt: 0)),
                Span(String(format: "%8.1f ms  ", seconds * 1000)),
                Span(bar, style: Style(fg: theme[.primary])),
            ])
        } + [Line([Span("Total".padding(toLength: 10, withPad: " ", startingAt: 0), style: Style(modifiers: .bold)), Span(String(format: "%8.1f ms", t.total * 1000))])]
    }
}
