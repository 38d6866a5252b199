import Foundation
import TUICore

extension ResponseViewerState {
    /// The status line of a body still arriving: spinner, status, time, bytes and counts, and what was dropped.
    func streamingStatus(_ progress: ResponseProgress, theme: Theme) -> [Span] {
        let frame = Self.spinner.frame(Int(max(0, progress.elapsed) * 1000) / Self.spinnerIntervalMilliseconds)
        var spans = [
            Span("\(frame) ", style: Style(fg: theme[.accent])),
            Span("Streaming", style: Style(modifiers: .bold)),
        ]
        if let document {
            let status = "\(document.statusCode)\(document.reason.isEmpty ? "" : " " + document.reason)"
            spans.append(Span("  " + sanitize(status), style: Style(fg: theme[Self.statusRole(document.statusCode)], modifiers: .bold)))
        }
        spans.append(Span("  \(ResponseFormatting.duration(progress.elapsed))"))
        if let stream = document?.stream { spans += streamCounts(stream, theme: theme) }
        return spans
    }

    /// Bytes received, the events or JSON values counted, and what no longer fits the viewer's windows.
    func streamCounts(_ stream: StreamedBody, theme: Theme) -> [Span] {
        let muted = Style(fg: theme[.muted])
        var spans = [Span("  ↓ \(ResponseFormatting.size(stream.totalBytes))")]
        switch stream.kind {
        case .serverSentEvents: spans.append(Span("  \(Self.count(stream.eventCount, "event"))"))
        case .jsonLines: spans.append(Span("  \(Self.count(stream.valueCount, "value"))"))
        case .plain: break
        }
        var dropped: [String] = []
        if stream.droppedEvents > 0 { dropped.append(Self.count(stream.droppedEvents, "event")) }
        if stream.droppedBytes > 0 { dropped.append(ResponseFormatting.size(stream.droppedBytes)) }
        if !dropped.isEmpty { spans.append(Span("  (not kept: " + dropped.joined(separator: ", ") + ")", style: muted)) }
        return spans
    }

    /// "1 event", "2,048 events".
    static func count(_ value: Int, _ noun: String) -> String {
        var digits = String(value)
        var grouped = ""
        while digits.count > 3 {
            grouped = "," + digits.suffix(3) + grouped
            digits.removeLast(3)
        }
        return digits + grouped + " \(noun)\(value == 1 ? "" : "s")"
    }

    /// The Events tab's list: time since the request, event type, id, size and a one-line preview of the data.
    func renderEventList(into buffer: inout Buffer, area: Rect, theme: Theme, base: Style) {
        guard let stream = document?.stream else { return }
        guard !stream.events.isEmpty else {
            let note = stream.finished ? "No events arrived." : "Waiting for the first event…"
            buffer.setString(note, x: area.x, y: area.y, style: base.fg(theme[.muted]), clip: area)
            return
        }
        let columns = [
            TableColumn("Time", width: .length(9)),
            TableColumn("Event", width: .length(14)),
            TableColumn("Id", width: .length(10)),
            TableColumn("Size", width: .length(8)),
            TableColumn("Data", width: .fill(1)),
        ]
        let rowCount = max(0, area.height - 1)
        let first = min(eventTop, stream.events.count)
        let last = min(stream.events.count, first + rowCount)
        let rows = stream.events[first..<last].map { event in
            TableRow([
                Line(event.offset.map { "+" + ResponseFormatting.duration($0) } ?? ""),
                Line(Self.oneLine(event.name, limit: 64)),
                Line(Self.oneLine(event.id ?? "", limit: 64)),
                Line(ResponseFormatting.size(Int64(event.size))),
                Line(Self.oneLine(event.data, limit: 512)),
            ])
        }
        let table = Table(columns: columns, rows: rows, style: base, headerStyle: Style(fg: theme[.muted], modifiers: .bold),
                          selectionStyle: Style(fg: theme[.primary], modifiers: .reverse))
        let state = TableState(selected: selectedEvent - first)
        table.render(state: state, area: area, buffer: &buffer)
    }

    /// The first `limit` bytes of untrusted text on one line: line breaks and tabs as spaces, control characters visible.
    static func oneLine(_ text: String, limit: Int) -> String {
        var utf8 = text.utf8.prefix(limit)
        while let last = utf8.last, last & 0xC0 == 0x80 { utf8 = utf8.dropLast() }
        var cut = String(decoding: utf8, as: UTF8.self)
        cut = cut.replacingOccurrences(of: "\r\n", with: " ").replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\t", with: " ")
        return sanitize(cut)
    }
}
