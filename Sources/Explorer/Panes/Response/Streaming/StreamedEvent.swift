/// One Server-Sent Event as the viewer lists it: when it came, its type, id and data.
public struct StreamedEvent: Hashable, Sendable {
    /// Seconds from the start of the request to the arrival of the bytes that ended the event; nil when not known
    /// (an event read back from a stored body).
    public var offset: Double?
    /// The `event` field, or "message" when the event named none.
    public var name: String
    /// The `id` field, or nil when the event had none.
    public var id: String?
    /// The `data` field's lines joined with line feeds.
    public var data: String

    /// Creates an event.
    public init(offset: Double?, name: String = "message", id: String? = nil, data: String) {
        self.offset = offset
        self.name = name
        self.id = id
        self.data = data
    }

    /// The size of the data in bytes, as the Events table shows it.
    public var size: Int { data.utf8.count }
}
