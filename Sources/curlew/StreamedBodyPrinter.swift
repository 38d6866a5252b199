import CommandLineArguments
import Foundation
import RequestKit
import RequestStore

/// Writes a response to stdout while it arrives, for `curlew send`: exact bytes to a pipe or a file;
/// on a terminal, Server-Sent Events drawn one by one, JSON Lines one pretty value per line, other text
/// sanitized as it comes; with `--format json`, one JSON object per event of an event stream.
///
/// Runs on the transport thread (inside the stream's observer), so writing blocks the transfer while stdout
/// is slow: the body is never queued in memory. A JSON document, or a body of unknown type, on a terminal,
/// and any non-event body with `--format json` are written at the end instead, as for a complete response.
struct StreamedBodyPrinter {
    /// What is done with body bytes, chosen when the head arrives.
    enum Mode: Equatable {
        /// Nothing yet (no head), or nothing at all (`--fail` on an error status).
        case none
        /// The bytes as they are.
        case exact
        /// Sanitized text as it arrives; a body with a NUL byte is summarised at the end instead.
        case terminalText
        /// Server-Sent Events drawn for a terminal.
        case terminalEvents
        /// Server-Sent Events as JSON Lines.
        case jsonLines
        /// JSON Lines: each line pretty-printed.
        case terminalLines
        /// Nothing while it arrives; the whole response is written at the end.
        case atEnd
    }

    /// The longest line of a JSON Lines body held back before it is shown as it is.
    static let lineLimit = 1 << 20
    /// How much of a body streamed to stdout is kept in the response, for the history.
    static let keptBytes = Int64(ResponseSizeLimit.memoryPart)
    /// How many events are kept for the history (the history's own default limit).
    static let eventLimit = HistorySettings().eventLimit
    /// How many bytes of event data are kept for the history (the history's inline body limit).
    static let eventDataLimit = HistorySettings().inlineBodyLimit

    /// Whether stdout is a terminal.
    let toTerminal: Bool
    /// Whether the head is written first (`-i`).
    let include: Bool
    /// `--format`.
    let format: SendArguments.OutputFormat
    /// `--fail`: nothing is written for a status of 400 or more.
    let failOnErrorStatus: Bool
    /// When the request was sent, for event times.
    let started: ContinuousClock.Instant
    /// Whether a 401 is held until the end, unwritten: its token may be renewed and the request sent again.
    let holdsUnauthorized: Bool

    /// What is done with body bytes.
    private(set) var mode = Mode.none
    /// The events of an event stream, as they arrived (bounded for the history).
    private(set) var events: [TimedServerSentEvent] = []
    /// How many events arrived, kept or not.
    private(set) var eventCount = 0
    private var eventDataBytes = 0
    private var parser = ServerSentEventParser()
    /// Whether the body is an event stream, whose events are kept for the history whatever the mode.
    private var isEventStream = false
    /// Whether the history's share of events is full, so bytes written as they are need no more parsing.
    private var historyFull = false
    /// Bytes held back: an incomplete UTF-8 sequence, or an incomplete line.
    private var pending: [UInt8] = []
    private var endsWithNewline = true
    private var binary = false
    private var bodyBytes: Int64 = 0

    /// Creates a printer for the options of a send.
    init(toTerminal: Bool, include: Bool, format: SendArguments.OutputFormat, failOnErrorStatus: Bool, started: ContinuousClock.Instant,
         holdsUnauthorized: Bool = false) {
        self.holdsUnauthorized = holdsUnauthorized
        self.toTerminal = toTerminal
        self.include = include
        self.format = format
        self.failOnErrorStatus = failOnErrorStatus
        self.started = started
    }

    /// The mode for a head, given the options.
    func mode(for head: ResponseHead) -> Mode {
        if holdsUnauthorized, head.statusCode == 401 { return .atEnd }
        if failOnErrorStatus, head.statusCode >= 400 { return .none }
        let kind = StreamedMediaKind(head: head)
        if format == .json { return kind == .eventStream ? .jsonLines : .atEnd }
        guard toTerminal else { return .exact }
        switch kind {
        case .eventStream: return .terminalEvents
        case .jsonLines: return .terminalLines
        case .json, .unknown: return .atEnd
        case .other: return .terminalText
        }
    }

    /// How much of the body the response keeps: the whole of what is written at the end, the start of the rest.
    /// Event streams and JSON Lines may run forever; any other body still stops at the default size limit.
    func keeping(for head: ResponseHead) -> StreamedBodyKeeping {
        if mode(for: head) == .atEnd { return .whole }
        switch StreamedMediaKind(head: head) {
        case .eventStream, .jsonLines: return .first(Self.keptBytes)
        case .json, .unknown, .other: return .first(Self.keptBytes, limited: true)
        }
    }

    /// Takes the head or the next body chunk.
    mutating func receive(_ event: ResponseStreamEvent) {
        switch event {
        case .head(let head):
            mode = mode(for: head)
            isEventStream = StreamedMediaKind(head: head) == .eventStream
            if include, mode != .none, mode != .atEnd, mode != .jsonLines {
                let text = ResponseOutput.head(of: head, lineEnd: toTerminal ? "\n" : "\r\n", visible: toTerminal)
                StandardStreams.writeOut(text)
            }
        case .body(let chunk):
            bodyBytes += Int64(chunk.count)
            switch mode {
            case .none, .atEnd:
                if isEventStream, !historyFull { _ = collectEvents(chunk) }
            case .exact:
                StandardStreams.writeOut(chunk)
                if isEventStream, !historyFull { _ = collectEvents(chunk) }
            case .terminalText: writeText(chunk)
            case .terminalEvents, .jsonLines: writeEvents(chunk)
            case .terminalLines: writeLines(chunk)
            }
        }
    }

    /// Writes what was held back once the body has ended (or was stopped); returns whether the whole response
    /// is still to be written, as for a complete response.
    mutating func finish() -> Bool {
        switch mode {
        case .atEnd:
            return true
        case .terminalText:
            if binary {
                StandardStreams.writeOut("[binary body of \(bodyBytes) bytes not shown; write it to a file with -o FILE or pipe it]\n")
            } else {
                if !pending.isEmpty { write(ResponseOutput.visible(String(decoding: pending, as: UTF8.self))) }
                if !endsWithNewline { write("\n") }
            }
        case .terminalLines:
            if !pending.isEmpty { writeLine(pending[...]) }
        case .terminalEvents, .jsonLines:
            parser.finish()
        case .none, .exact:
            break
        }
        pending = []
        return false
    }

    private mutating func write(_ text: String) {
        guard !text.isEmpty else { return }
        endsWithNewline = text.hasSuffix("\n")
        StandardStreams.writeOut(text)
    }

    /// Sanitized text, holding back an incomplete UTF-8 sequence at the end of the chunk.
    private mutating func writeText(_ chunk: Data) {
        guard !binary else { return }
        if chunk.contains(0) {
            binary = true
            if !endsWithNewline { write("\n") }
            return
        }
        pending.append(contentsOf: chunk)
        let complete = UTF8Prefix.completeLength(of: pending)
        write(ResponseOutput.visible(String(decoding: pending[..<complete], as: UTF8.self)))
        pending.removeFirst(complete)
    }

    /// The events completed by the chunk, with their time, kept for the history up to its limits.
    private mutating func collectEvents(_ chunk: Data) -> [TimedServerSentEvent] {
        let completed = parser.feed(chunk)
        guard !completed.isEmpty else { return [] }
        let offset = (ContinuousClock.now - started) / .seconds(1)
        return completed.map { event in
            let timed = TimedServerSentEvent(offset: offset, event: event)
            eventCount += 1
            if !historyFull, events.count < Self.eventLimit, eventDataBytes + event.data.utf8.count <= Self.eventDataLimit {
                events.append(timed)
                eventDataBytes += event.data.utf8.count
            } else {
                historyFull = true
            }
            return timed
        }
    }

    /// Events completed by the chunk, drawn or as JSON Lines.
    private mutating func writeEvents(_ chunk: Data) {
        let completed = collectEvents(chunk)
        guard !completed.isEmpty else { return }
        if mode == .terminalEvents {
            write(completed.map(EventStreamFormat.terminal).joined())
            return
        }
        var lines: [UInt8] = []
        for timed in completed { lines += EventStreamFormat.jsonLine(timed) }
        if toTerminal {
            write(ResponseOutput.visible(String(decoding: lines, as: UTF8.self)))
        } else {
            StandardStreams.writeOut(Data(lines))
        }
    }

    /// Complete lines of a JSON Lines body, each pretty-printed; a line past the limit is shown as it is.
    private mutating func writeLines(_ chunk: Data) {
        pending.append(contentsOf: chunk)
        var start = 0
        while let newline = pending[start...].firstIndex(of: UInt8(ascii: "\n")) {
            writeLine(pending[start..<newline])
            start = newline + 1
        }
        pending.removeFirst(start)
        if pending.count > Self.lineLimit {
            let complete = UTF8Prefix.completeLength(of: pending)
            write(ResponseOutput.visible(String(decoding: pending[..<complete], as: UTF8.self)))
            pending.removeFirst(complete)
        }
    }

    private mutating func writeLine(_ line: ArraySlice<UInt8>) {
        var line = line
        if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
        if !endsWithNewline { write("\n") }
        guard line.contains(where: { ![0x20, 0x09].contains($0) }) else { return }
        write(EventStreamFormat.data(String(decoding: line, as: UTF8.self)))
    }
}

/// Where UTF-8 text can be cut without splitting a character.
enum UTF8Prefix {
    /// The length of the longest prefix that does not end inside a multi-byte sequence that the next bytes
    /// may complete; invalid bytes count as complete (they are shown as U+FFFD).
    static func completeLength(of bytes: [UInt8]) -> Int {
        let count = bytes.count
        var back = 1
        while back <= min(3, count) {
            let byte = bytes[count - back]
            if byte & 0xC0 != 0x80 {
                let needed = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
                return needed > back ? count - back : count
            }
            back += 1
        }
        return count
    }
}
