/// Turns the bytes of a `text/event-stream` body into events, chunk by chunk, following the WHATWG
/// EventSource parsing rules (HTML Living Standard, "Parsing an event stream").
///
/// Lines end with CR LF, LF or CR, also when the CR and the LF arrive in different chunks; one UTF-8 byte
/// order mark at the very start is skipped; lines starting with `:` are comments; `event`, `data`, `id` and
/// `retry` are read and other fields ignored; an empty line dispatches the event when it has data. Bytes are
/// decoded as UTF-8 with invalid sequences replaced. Memory is bounded: a line longer than `limits.line`
/// bytes and data longer than `limits.eventData` bytes are cut there and the event is marked `truncated`.
public struct ServerSentEventParser: Sendable {
    /// How much one line and one event's data may hold.
    public struct Limits: Hashable, Sendable {
        /// The longest line kept, in bytes; the rest of a longer line is dropped.
        public var line: Int
        /// The most data one event keeps, in bytes; further data lines of the event are dropped.
        public var eventData: Int

        /// Creates limits; the defaults are 1 MiB per line and 4 MiB of data per event.
        public init(line: Int = 1 << 20, eventData: Int = 4 << 20) {
            self.line = max(1, line)
            self.eventData = max(1, eventData)
        }
    }

    /// The limits this parser enforces.
    public let limits: Limits
    /// The reconnection time in milliseconds last set by a `retry:` field; nil until one arrives.
    public private(set) var reconnectionTime: Int?
    /// The last event id, carried from event to event.
    public private(set) var lastEventID = ""
    /// How many events were dispatched with `truncated` set.
    public private(set) var truncatedEvents = 0

    private var line: [UInt8] = []
    private var lineTruncated = false
    private var lastByteWasCR = false
    private var atStreamStart = true
    private var bomBytesSeen = 0
    private var eventType = ""
    private var data: [UInt8] = []
    private var hasData = false
    private var eventTruncated = false
    private var eventRetry: Int?

    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
    private static let cr = UInt8(ascii: "\r")
    private static let lf = UInt8(ascii: "\n")

    /// Creates a parser at the start of a stream.
    public init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// Takes the next bytes of the stream and returns the events they complete, in order.
    public mutating func feed(_ bytes: some Collection<UInt8>) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        for byte in bytes {
            if atStreamStart, skipByteOrderMark(byte) { continue }
            if byte == Self.lf {
                if lastByteWasCR {
                    lastByteWasCR = false
                    continue
                }
                endLine(into: &events)
            } else if byte == Self.cr {
                lastByteWasCR = true
                endLine(into: &events)
            } else {
                lastByteWasCR = false
                if line.count < limits.line {
                    line.append(byte)
                } else {
                    lineTruncated = true
                }
            }
        }
        return events
    }

    /// Ends the stream: per the rules, an event not closed by an empty line is not dispatched, and an
    /// unterminated last line is dropped. The parser is then ready for a new stream (the last event id and
    /// reconnection time are kept, as a reconnecting client keeps them).
    public mutating func finish() {
        line.removeAll(keepingCapacity: false)
        lineTruncated = false
        lastByteWasCR = false
        atStreamStart = true
        bomBytesSeen = 0
        resetEvent()
    }

    /// Skips the bytes of a leading byte order mark; returns whether `byte` was one of them.
    private mutating func skipByteOrderMark(_ byte: UInt8) -> Bool {
        if bomBytesSeen < Self.byteOrderMark.count, byte == Self.byteOrderMark[bomBytesSeen] {
            bomBytesSeen += 1
            if bomBytesSeen == Self.byteOrderMark.count { atStreamStart = false }
            return true
        }
        atStreamStart = false
        if bomBytesSeen > 0 {
            // A partial mark was not one after all: its bytes are ordinary line bytes.
            line.append(contentsOf: Self.byteOrderMark.prefix(bomBytesSeen))
            bomBytesSeen = 0
        }
        return false
    }

    /// Handles one complete line.
    private mutating func endLine(into events: inout [ServerSentEvent]) {
        atStreamStart = false
        if lineTruncated { eventTruncated = true }
        defer {
            line.removeAll(keepingCapacity: line.count <= 4096)
            lineTruncated = false
        }
        guard !line.isEmpty else {
            dispatch(into: &events)
            return
        }
        if line[0] == UInt8(ascii: ":") { return }
        let colon = line.firstIndex(of: UInt8(ascii: ":"))
        let name = line[..<(colon ?? line.endIndex)]
        var valueStart = colon.map { $0 + 1 } ?? line.endIndex
        if valueStart < line.endIndex, line[valueStart] == UInt8(ascii: " ") { valueStart += 1 }
        let value = line[valueStart...]
        process(field: name, value: value)
    }

    /// Applies one field to the event being built.
    private mutating func process(field name: ArraySlice<UInt8>, value: ArraySlice<UInt8>) {
        if name.elementsEqual("data".utf8) {
            if hasData { appendData(CollectionOfOne(Self.lf)) }
            hasData = true
            appendData(value)
        } else if name.elementsEqual("event".utf8) {
            eventType = String(decoding: value, as: UTF8.self)
        } else if name.elementsEqual("id".utf8) {
            if !value.contains(0) { lastEventID = String(decoding: value, as: UTF8.self) }
        } else if name.elementsEqual("retry".utf8) {
            if let milliseconds = Self.digits(value) {
                reconnectionTime = milliseconds
                eventRetry = milliseconds
            }
        }
    }

    /// Appends to the event's data up to the limit.
    private mutating func appendData(_ bytes: some Collection<UInt8>) {
        let room = limits.eventData - data.count
        if bytes.count > room {
            eventTruncated = true
            data.append(contentsOf: bytes.prefix(max(0, room)))
        } else {
            data.append(contentsOf: bytes)
        }
    }

    /// Dispatches the event built so far when it has data, then starts a new one.
    private mutating func dispatch(into events: inout [ServerSentEvent]) {
        defer { resetEvent() }
        guard hasData else { return }
        let event = ServerSentEvent(
            event: eventType.isEmpty ? "message" : eventType,
            data: String(decoding: data, as: UTF8.self),
            id: lastEventID.isEmpty ? nil : lastEventID,
            retry: eventRetry,
            truncated: eventTruncated
        )
        if eventTruncated { truncatedEvents += 1 }
        events.append(event)
    }

    private mutating func resetEvent() {
        eventType = ""
        data.removeAll(keepingCapacity: data.count <= 4096)
        hasData = false
        eventTruncated = false
        eventRetry = nil
    }

    /// A `retry:` value: ASCII digits only, at most nine of them (about 11 days), else nil.
    private static func digits(_ value: ArraySlice<UInt8>) -> Int? {
        guard !value.isEmpty, value.count <= 9 else { return nil }
        var number = 0
        for byte in value {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            number = number * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return number
    }
}
