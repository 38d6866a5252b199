import Foundation
import RequestKit
import RequestStore

/// Text layouts of history entries for the terminal.
enum HistoryFormatting {
    /// The column titles of the list.
    static let tableHeader = "ID             TIME                 METHOD   STATUS      MS       SIZE  URL"

    /// One row of the list.
    static func row(_ entry: HistoryEntry) -> String {
        let status = entry.status.map(String.init) ?? "error"
        let duration = entry.durationMs.map { String(format: "%.1f", $0) } ?? "-"
        return pad(entry.id, 14) + " " + pad(timestamp(entry.time), 20) + " " + pad(entry.method.rawValue, 8) + " "
            + pad(status, 6) + " " + leftPad(duration, 7) + " " + leftPad(size(entry.size), 10) + "  " + entry.url
    }

    /// The whole entry: request, response status, headers, timings and body.
    static func details(_ entry: HistoryEntry, body: Data?) -> String {
        var lines: [String] = []
        lines.append("id:     \(entry.id)")
        lines.append("time:   \(timestamp(entry.time))")
        if let source = entry.source { lines.append("from:   \(source)") }
        lines.append("")
        lines.append("\(entry.method.rawValue) \(entry.url)")
        for header in entry.request.headers { lines.append("\(header.name): \(header.value)") }
        if let text = entry.request.body {
            lines.append("")
            lines.append(text)
        }
        if let note = entry.request.bodyNote { lines.append("(request body: \(note))") }
        lines.append("")
        if let error = entry.error { lines.append("error: \(error)") }
        if let response = entry.response {
            lines.append("\(response.httpVersion) \(entry.status.map(String.init) ?? "") \(entry.reason)")
            for header in response.headers { lines.append("\(header.name): \(header.value)") }
            let timings = response.timings
            lines.append("")
            lines.append(String(format: "timings: dns %.1f ms, connect %.1f ms, tls %.1f ms, first byte %.1f ms, download %.1f ms, total %.1f ms",
                                timings.dns * 1000, timings.connect * 1000, timings.tls * 1000, timings.firstByte * 1000, timings.download * 1000, timings.total * 1000))
            lines.append("size: \(size(entry.size))")
            lines.append("")
            if let note = response.bodyNote { lines.append("(response body: \(note))") }
            if response.stoppedEarly == true { lines.append("(stopped before the server ended the body)") }
            if let body, !body.isEmpty {
                if response.bodyEncoding == "base64" || String(data: body, encoding: .utf8) == nil {
                    lines.append("(binary body, \(body.count) bytes; use --json to get it as base64)")
                } else {
                    lines.append(visible(String(decoding: body, as: UTF8.self)))
                }
            }
            if let events = response.events {
                lines.append("")
                lines.append("events: \(events.count)" + (response.eventsNote.map { " (\($0))" } ?? ""))
                for event in events {
                    let id = event.id.map { "  id \($0)" } ?? ""
                    lines.append(String(format: "+%.3fs", event.offset) + "  \(event.event)\(id)")
                    lines.append(visible(event.data))
                }
            }
        }
        return lines.joined(separator: "\n")
    }

    /// Control characters (escape sequences included) drawn as visible symbols, so a body cannot drive the terminal.
    static func visible(_ text: String) -> String {
        ResponseOutput.visible(text)
    }

    /// A local time as `yyyy-MM-dd HH:mm:ss`.
    static func timestamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        return formatter.string(from: date)
    }

    /// A byte count as `512 B`, `1.5 KiB`, `2.0 MiB`.
    static func size(_ bytes: Int) -> String {
        ByteCountText.format(Int64(bytes))
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    private static func leftPad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
    }
}
