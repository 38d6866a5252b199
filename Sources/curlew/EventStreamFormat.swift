import Foundation
import RequestKit

/// How `curlew send` writes one Server-Sent Event: drawn for a terminal, or as a JSON Lines object.
enum EventStreamFormat {
    private static let dim = "\u{1B}[2m"
    private static let name = "\u{1B}[1;35m"
    private static let reset = "\u{1B}[0m"

    /// A header line (time since the request, event type, id, retry), then the data — pretty-printed and colored
    /// when it is JSON — and an empty line. Everything from the server is sanitized.
    static func terminal(_ timed: TimedServerSentEvent) -> String {
        let event = timed.event
        var header = dim + String(format: "+%.3fs", timed.offset) + reset + "  " + name + TerminalText.visible(event.event, keepingLineBreaks: false) + reset
        if let id = event.id { header += "  " + dim + "id " + reset + TerminalText.visible(id, keepingLineBreaks: false) }
        if let retry = event.retry { header += "  " + dim + "retry \(retry) ms" + reset }
        if event.truncated { header += "  " + dim + "[cut at the size limit]" + reset }
        return header + "\n" + data(event.data) + "\n"
    }

    /// The data of an event or a line for a terminal: pretty JSON when it parses, else visible text; ends with a newline.
    static func data(_ text: String) -> String {
        let bytes = Array(text.utf8)
        if let first = bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }),
           first == UInt8(ascii: "{") || first == UInt8(ascii: "["),
           let pretty = try? JSONPrettyPrinter(theme: .terminal).format(bytes) {
            return pretty
        }
        let shown = TerminalText.visible(text)
        return shown.hasSuffix("\n") ? shown : shown + "\n"
    }

    /// `{"t": SECONDS, "event": …, "id": …|null, "data": …}` and a newline.
    static func jsonLine(_ timed: TimedServerSentEvent) -> String {
        let event = timed.event
        return "{\"t\": " + String(format: "%.6f", timed.offset)
            + ", \"event\": " + JSONStringLiteral.quote(event.event)
            + ", \"id\": " + (event.id.map(JSONStringLiteral.quote) ?? "null")
            + ", \"data\": " + JSONStringLiteral.quote(event.data) + "}\n"
    }
}
