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
        var header = dim + String(format: "+%.3fs", timed.offset) + reset + "  " + name + ResponseOutput.visible(event.event, keepingLineBreaks: false) + reset
        if let id = event.id { header += "  " + dim + "id " + reset + ResponseOutput.visible(id, keepingLineBreaks: false) }
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
        let shown = ResponseOutput.visible(text)
        return shown.hasSuffix("\n") ? shown : shown + "\n"
    }

    /// `{"t": SECONDS, "event": …, "id": …|null, "data": …}` and a newline, as UTF-8 bytes.
    static func jsonLine(_ timed: TimedServerSentEvent) -> [UInt8] {
        let event = timed.event
        var line: [UInt8] = []
        line.reserveCapacity(event.data.utf8.count + 64)
        line.append(contentsOf: Array("{\"t\": ".utf8))
        line.append(contentsOf: Array(seconds(timed.offset).utf8))
        line.append(contentsOf: Array(", \"event\": ".utf8))
        JSONStringLiteral.append(event.event, to: &line)
        line.append(contentsOf: Array(", \"id\": ".utf8))
        if let id = event.id { JSONStringLiteral.append(id, to: &line) } else { line.append(contentsOf: Array("null".utf8)) }
        line.append(contentsOf: Array(", \"data\": ".utf8))
        JSONStringLiteral.append(event.data, to: &line)
        line.append(contentsOf: Array("}\n".utf8))
        return line
    }

    /// Seconds with six decimals, e.g. `0.051203`.
    static func seconds(_ value: Double) -> String {
        let micros = Int64((max(0, min(value, 1e12)) * 1_000_000).rounded())
        let fraction = String(micros % 1_000_000)
        return "\(micros / 1_000_000)." + String(repeating: "0", count: 6 - fraction.count) + fraction
    }
}
