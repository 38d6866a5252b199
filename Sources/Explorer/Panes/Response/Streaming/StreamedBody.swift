import BodyIndex

/// A response body shown while it arrives: the bytes as received and, by kind, its events or pretty JSON lines,
/// each kept in a bounded window with exact counts of everything that came.
public struct StreamedBody: Equatable, Sendable {
    /// How the body is shown.
    public let kind: StreamKind
    /// The most bytes of text (as received, and pretty-printed for JSON lines) kept.
    public static let textLimit = 8 << 20
    /// The most events kept for the Events tab.
    public static let eventLimit = 10_000
    /// The most bytes of event data kept for the Events tab.
    public static let eventDataLimit = 8 << 20
    /// The longest JSON line held back waiting for its end; a longer one is shown as text.
    public static let pendingLineLimit = 1 << 20

    /// The body as received, for the Raw tab (and the Body tab of events and plain text).
    private(set) var received: SegmentedText
    /// JSON lines pretty-printed, for the Body tab of a JSON lines stream.
    private(set) var pretty: SegmentedText
    /// The start of a JSON line whose line break has not arrived yet.
    private(set) var pendingLine: [UInt8] = []
    /// The newest events, oldest first.
    public private(set) var events: [StreamedEvent] = []
    /// Every event that arrived, kept or not.
    public private(set) var eventCount = 0
    /// Every JSON value (line) that arrived.
    public private(set) var valueCount = 0
    /// Every body byte that arrived.
    public private(set) var totalBytes: Int64 = 0
    /// Bytes that arrived while the screen was too busy to take them, counted but never shown.
    public private(set) var skippedBytes: Int64 = 0
    /// Bytes of data of the kept events.
    private var eventBytes = 0
    /// The most bytes of a JSON body formatted (and so held) while they arrive by default: the app's default large-body
    /// threshold, past which the transport writes the body to a file and the viewer maps it once it has all come.
    public static let defaultJSONLimit = 100 << 20
    /// A JSON body pretty-printed as it arrives, when the body is declared JSON and not of a streaming type.
    private(set) var json: StreamedJSON?

    /// The bytes a body that may turn out to be JSON may hold while it arrives; nil once its first batch has said
    /// whether it starts like JSON (or when it is not looked at).
    private var jsonSniffLimit: Int?

    /// An empty body of a kind; with `formatsJSON` (a plain body declared JSON) its Body tab is pretty-printed as it
    /// arrives, up to `jsonLimit` bytes (past it, once it has all come). With `sniffsJSON` (a plain body of another
    /// type), it is pretty-printed the same way when its first batch starts like JSON, and shown as text, with no
    /// warning, should it turn out not to be JSON.
    public init(kind: StreamKind, formatsJSON: Bool = false, sniffsJSON: Bool = false, jsonLimit: Int = StreamedBody.defaultJSONLimit) {
        self.kind = kind
        received = SegmentedText(limit: Self.textLimit)
        pretty = SegmentedText(limit: Self.textLimit)
        if formatsJSON, kind == .plain {
            json = StreamedJSON(limit: jsonLimit)
        } else if sniffsJSON, kind == .plain {
            jsonSniffLimit = jsonLimit
        }
    }

    /// Whether the Body tab shows the body as pretty-printed JSON lines indexed as they come (not the text as received).
    var showsFormattedJSON: Bool {
        guard let json else { return false }
        if case .invalid = json.state { return false }
        return true
    }

    /// Events that arrived but are no longer kept.
    public var droppedEvents: Int { eventCount - events.count }

    /// Bytes received that are no longer kept (or were never shown).
    public var droppedBytes: Int64 { received.droppedBytes + skippedBytes }

    /// The kept bytes as received (every byte from the first while a JSON body is being formatted).
    public var keptBytes: BodyBytes { showsFormattedJSON ? json?.bytes ?? BodyBytes(received.bytes) : BodyBytes(received.bytes) }

    /// What one append dropped from the front of each view, so scroll positions can follow.
    struct Dropped: Equatable, Sendable {
        /// Lines of the text as received.
        var receivedLines = 0
        /// Lines of the Body tab's text (the same as `receivedLines` unless the body is JSON lines).
        var bodyLines = 0
        /// Events.
        var events = 0
    }

    /// Takes the next bytes and the events parsed from them; `eventTotal` is the count of every event so far and
    /// `skipped` the bytes that never reached the screen. Returns what fell out of the windows.
    mutating func append(_ bytes: [UInt8], events newEvents: [StreamedEvent] = [], eventTotal: Int? = nil, skipped: Int64 = 0) -> Dropped {
        var dropped = Dropped()
        guard !finished else { return dropped }
        totalBytes += Int64(bytes.count) + skipped
        skippedBytes += skipped
        dropped.receivedLines = received.append(bytes)
        dropped.bodyLines = dropped.receivedLines
        if kind == .jsonLines { dropped.bodyLines = appendJSONLines(bytes) }
        if let limit = jsonSniffLimit, !bytes.isEmpty || skipped > 0 {
            jsonSniffLimit = nil
            if skipped == 0, totalBytes == Int64(bytes.count), BodyClassification.startsLikeJSON(bytes) {
                json = StreamedJSON(limit: limit, declared: false)
            }
        }
        if json != nil {
            let wasFormatted = showsFormattedJSON
            json?.append(bytes, skipped: skipped)
            if showsFormattedJSON {
                dropped.bodyLines = 0
            } else if wasFormatted {
                dropped.bodyLines = Int.max
            }
        }
        events.append(contentsOf: newEvents)
        eventBytes += newEvents.reduce(0) { $0 + $1.size }
        eventCount = max(eventCount + newEvents.count, eventTotal ?? 0)
        var drop = max(0, events.count - Self.eventLimit)
        var bytesAfter = eventBytes
        for event in events[..<drop] { bytesAfter -= event.size }
        while bytesAfter > Self.eventDataLimit, drop < events.count - 1 {
            bytesAfter -= events[drop].size
            drop += 1
        }
        if drop > 0 {
            events.removeFirst(drop)
            eventBytes = bytesAfter
        }
        dropped.events = drop
        return dropped
    }

    /// Whether the stream was stopped before its end (Esc), rather than ending by itself.
    public private(set) var stopped = false
    /// Whether the stream has ended.
    public private(set) var finished = false

    /// Ends the stream: shows whatever JSON line still waits for its line break; returns the Body lines dropped.
    mutating func finish(stopped: Bool) -> Int {
        self.stopped = stopped
        finished = true
        if json != nil {
            let wasFormatted = showsFormattedJSON
            json?.finish(stopped: stopped)
            if wasFormatted, !showsFormattedJSON { return Int.max }
        }
        guard !pendingLine.isEmpty else { return 0 }
        let line = pendingLine
        pendingLine = []
        return appendValue(line)
    }

    /// Splits new bytes into lines and pretty-prints each complete one; returns the Body lines dropped.
    private mutating func appendJSONLines(_ bytes: [UInt8]) -> Int {
        var dropped = 0
        var start = 0
        for index in bytes.indices where bytes[index] == 0x0A {
            pendingLine.append(contentsOf: bytes[start..<index])
            start = index + 1
            let line = pendingLine
            pendingLine = []
            dropped += appendValue(line)
        }
        pendingLine.append(contentsOf: bytes[start...])
        if pendingLine.count > Self.pendingLineLimit {
            let line = pendingLine
            pendingLine = []
            dropped += appendValue(line)
        }
        return dropped
    }

    /// Pretty-prints one line of JSON (as it is when it is not JSON) onto the Body text.
    private mutating func appendValue(_ rawLine: [UInt8]) -> Int {
        var line = rawLine[...]
        while let last = line.last, last == 0x0D || last == 0x20 || last == 0x09 { line = line.dropLast() }
        while let first = line.first, first == 0x20 || first == 0x09 { line = line.dropFirst() }
        guard !line.isEmpty else { return 0 }
        valueCount += 1
        switch JSONBodyLayout.format(Array(line)) {
        case .success(var formatted):
            if formatted.last != 0x0A { formatted.append(0x0A) }
            return pretty.append(formatted)
        case .failure:
            return pretty.append(Array(line) + [0x0A])
        }
    }

    /// The Body tab's parts: the pretty values and the waiting line of JSON lines, else the text as received.
    func bodyParts() -> [PanePart] {
        if let json { return json.parts(asReceived: received.parts(coloring: .plain)) }
        guard kind == .jsonLines else { return received.parts(coloring: .plain) }
        var parts = pretty.parts(coloring: .json(continuationStates: [:]))
        if !pendingLine.isEmpty { parts.append(PanePart(lines: TextLines(pendingLine), coloring: .plain)) }
        return parts
    }

    /// The parts of the text as received, for the Raw tab.
    func receivedParts() -> [PanePart] {
        received.parts(coloring: .plain)
    }
}
