import Foundation
import RequestKit
import TerminalSafety

/// Writes a response to stdout the way `curlew send` promises: exact bytes for pipes and files,
/// pretty JSON and visible control characters for a terminal.
struct ResponseOutput {
    /// Whether stdout is a terminal.
    var toTerminal: Bool
    /// Whether the status line and headers come first (`-i`).
    var include: Bool

    /// Writes the head (with `-i`) and the body (unless it went to a file).
    func write(_ response: Response) {
        if include {
            StandardStreams.writeOut(Self.head(of: response, lineEnd: toTerminal ? "\n" : "\r\n", visible: toTerminal))
        }
        if let temporary = response.temporaryBody {
            let shown = StandardStreams.writeOut(fileAt: temporary.path) { chunk in
                toTerminal ? Data(Self.visible(String(decoding: chunk, as: UTF8.self)).utf8) : chunk
            }
            if !shown { StandardStreams.writeError("curlew: cannot read the body back from \(temporary.path)\n") }
            return
        }
        guard response.bodyPath == nil else { return }
        if toTerminal {
            StandardStreams.writeOut(Self.terminalText(of: response))
        } else {
            StandardStreams.writeOut(response.body)
        }
    }

    /// The status line and header fields, followed by an empty line.
    /// With `visible`, the server's text (reason phrase, names, values) has its control characters drawn as symbols.
    static func head(of response: Response, lineEnd: String, visible: Bool = false) -> String {
        head(of: response.head, lineEnd: lineEnd, visible: visible)
    }

    /// The status line and header fields of a head, followed by an empty line (see `head(of:lineEnd:visible:)`).
    static func head(of head: ResponseHead, lineEnd: String, visible: Bool = false) -> String {
        let shown: (String) -> String = { line in visible ? ResponseOutput.visibleLine(line) : line }
        var line = "\(head.httpVersion) \(head.statusCode)"
        if !head.reason.isEmpty { line += " \(head.reason)" }
        var text = shown(line) + lineEnd
        for field in head.headers {
            text += shown("\(field.name): \(field.value)") + lineEnd
        }
        return text + lineEnd
    }

    /// `HTTP/1.1 200 OK`.
    static func statusLine(of response: Response) -> String {
        var line = "\(response.httpVersion) \(response.statusCode)"
        if !response.reason.isEmpty { line += " \(response.reason)" }
        return line
    }

    /// The body made safe and readable for a terminal.
    static func terminalText(of response: Response) -> String {
        let body = response.body
        if body.isEmpty { return "" }
        if looksLikeJSON(response), let pretty = try? JSONPrettyPrinter(theme: .terminal).format(body) {
            return pretty
        }
        if body.contains(0) {
            return "[binary body of \(body.count) bytes not shown; write it to a file with -o FILE or pipe it]\n"
        }
        var text = visible(String(decoding: body, as: UTF8.self))
        if !text.hasSuffix("\n") { text += "\n" }
        return text
    }

    /// Whether the Content-Type says JSON, or the body starts like a JSON object or array.
    private static func looksLikeJSON(_ response: Response) -> Bool {
        if let type = response.headers["Content-Type"]?.lowercased(), type.contains("json") { return true }
        let first = response.body.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    }

    /// Text for one line of a terminal: `visible`, with line feeds and tabs drawn as symbols too.
    static func visibleLine(_ text: String) -> String {
        VisibleText.string(text)
    }

    /// Text made safe for a terminal by the one sanitizer (`VisibleText`): controls and invisible characters drawn
    /// as visible symbols; line feeds and tabs kept unless `keepingLineBreaks` is false.
    static func visible(_ text: String, keepingLineBreaks: Bool = true) -> String {
        VisibleText.string(text, keepingLineFeeds: keepingLineBreaks, keepingTabs: keepingLineBreaks)
    }
}
