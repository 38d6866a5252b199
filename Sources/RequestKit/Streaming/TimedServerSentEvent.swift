/// A Server-Sent Event with the time it arrived, counted from when the request was sent.
public struct TimedServerSentEvent: Hashable, Sendable {
    /// Seconds from the start of the request to the arrival of the bytes that completed the event.
    public var offset: Double
    /// The event.
    public var event: ServerSentEvent

    /// Creates a timed event.
    public init(offset: Double, event: ServerSentEvent) {
        self.offset = offset
        self.event = event
    }
}
