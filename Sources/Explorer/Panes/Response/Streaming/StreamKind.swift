/// How a body that arrives over time is shown while it grows.
public enum StreamKind: Hashable, Sendable {
    /// `text/event-stream`: the Events tab lists each event; Body and Raw show the stream as received.
    case serverSentEvents
    /// `application/x-ndjson`, `application/jsonl` and the like: one pretty-printed JSON value per line.
    case jsonLines
    /// Any other body: shown as received.
    case plain

    /// The kind for a `Content-Type` value.
    public init(contentType: String) {
        switch BodyClassification.essence(contentType) {
        case "text/event-stream": self = .serverSentEvents
        case "application/x-ndjson", "application/ndjson", "application/jsonl", "application/x-jsonlines",
             "application/jsonlines":
            self = .jsonLines
        default: self = .plain
        }
    }

    /// Whether the content type names a body made to be read while it arrives (events or JSON lines).
    public var isStreamType: Bool { self != .plain }
}
