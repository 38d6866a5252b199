import RequestKit

/// A Server-Sent Event of a streamed response as the history keeps it, with its arrival time.
public struct HistoryEvent: Hashable, Sendable, Codable {
    /// Seconds from the start of the request to the event's arrival.
    public var offset: Double
    /// The event type ("message" unless the server named one).
    public var event: String
    /// The last event id in force, if any.
    public var id: String?
    /// The data (redacted like a body when redaction is on).
    public var data: String
    /// The reconnection time the event's block set, in milliseconds.
    public var retry: Int?
    /// True when the event was cut at the parser's limits.
    public var truncated: Bool?

    private enum CodingKeys: String, CodingKey {
        case offset = "t", event, id, data, retry, truncated
    }

    /// Creates a stored event.
    public init(offset: Double, event: String = "message", id: String? = nil, data: String, retry: Int? = nil, truncated: Bool? = nil) {
        self.offset = offset
        self.event = event
        self.id = id
        self.data = data
        self.retry = retry
        self.truncated = truncated
    }

    /// The stored form of a received event, its offset rounded to microseconds.
    public init(_ timed: TimedServerSentEvent) {
        self.init(
            offset: (timed.offset * 1_000_000).rounded() / 1_000_000, event: timed.event.event, id: timed.event.id,
            data: timed.event.data, retry: timed.event.retry, truncated: timed.event.truncated ? true : nil)
    }

    /// The event as RequestKit models it.
    public var timed: TimedServerSentEvent {
        TimedServerSentEvent(offset: offset, event: ServerSentEvent(event: event, data: data, id: id, retry: retry, truncated: truncated ?? false))
    }
}
