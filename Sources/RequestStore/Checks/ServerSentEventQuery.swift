/// What the `sse` query reads from the Server-Sent Events of a `text/event-stream` body.
public enum ServerSentEventQuery: Hashable, Sendable {
    /// `sse count`: how many events the body holds, an integer.
    case count
    /// `sse events`: the data of every event, a list of strings.
    case events
    /// `sse event N [data|type|id]`: one event's data (the default), type or id; N counts from 0, and from the
    /// end when negative; nothing when there is no such event (or it has no id).
    case event(Int, ServerSentEventField)

    /// The query after `sse `, as written in a check line.
    public var written: String {
        switch self {
        case .count: return "count"
        case .events: return "events"
        case .event(let index, .data): return "event \(index)"
        case .event(let index, let field): return "event \(index) \(field.rawValue)"
        }
    }
}

/// A part of one Server-Sent Event.
public enum ServerSentEventField: String, Hashable, Sendable, CaseIterable {
    /// The data lines joined with line feeds.
    case data
    /// The event type ("message" unless the server named one).
    case type
    /// The last event id in force.
    case id
}
