/// One event of a `text/event-stream` body, as the EventSource parsing rules dispatch it.
public struct ServerSentEvent: Hashable, Sendable {
    /// The event type: the last `event:` field of the event, or "message".
    public var event: String
    /// The `data:` fields joined with line feeds.
    public var data: String
    /// The last event id in force when the event was dispatched (ids carry over to later events);
    /// nil when none was set or it was reset with an empty `id:`.
    public var id: String?
    /// The reconnection time in milliseconds from a valid `retry:` field seen since the previous event; nil when none.
    public var retry: Int?
    /// Whether a line or the data of this event was cut at the parser's limits.
    public var truncated: Bool

    /// Creates an event.
    public init(event: String = "message", data: String, id: String? = nil, retry: Int? = nil, truncated: Bool = false) {
        self.event = event
        self.data = data
        self.id = id
        self.retry = retry
        self.truncated = truncated
    }
}
