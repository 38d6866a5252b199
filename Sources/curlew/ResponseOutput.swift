import Foundation
import RequestKit

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
            StandardStreams.writeOut(Self.head(of: response, lineEnd: toTerminal ? "\n" : "\r\n"))
        }
        guard response.bodyPath == nil else { return }
        if toTerminal {
            StandardStreams.writeOut(Self.terminalText(of: response))
        } else {
            StandardStreams.writeOut(response.body)
        }
    }

    /// The status line and header fields, followed by an empty line.
    static func head(of response: Response, lineEnd: String) -> String {
        var text = statusLine(of: response) + lineEnd
        for field in response.headers {
            text += "\(field.name): \(field.value)\(lineEnd)"
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
        visible(text, keepingLineBreaks: false)
    }

    /// Text with control characters (escape sequences included) replaced by visible control pictures;
    /// line feeds and tabs are kept unless `keepingLineBreaks` is false.
    static func visible(_ text: String, keepingLineBreaks: Bool = true) -> String {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A where keepingLineBreaks, 0x09 where keepingLineBreaks:
                result.append(scalar)
            case 0x00..<0x20:
                result.append(Unicode.Scalar(0x2400 + scalar.value) ?? "?")
            case 0x7F:
                result.append("\u{2421}")
            case 0x80..<0xA0:
                result.append("\u{FFFD}")
            default:
                result.append(scalar)
            }
        }
        return String(result)
    }
}
