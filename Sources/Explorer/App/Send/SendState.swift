import RequestKit

/// The request in flight, if any; what each tab sent last is its own (`TabState.lastRequest`).
public struct SendState: Hashable, Sendable {
    /// The number of the send in flight, so late messages of an older send are ignored.
    public var inFlight: Int?
    /// How many requests were sent (the id of the last one).
    public var count: Int
    /// The secrets typed for the send in flight, so that it can start again once the user allows a file outside the root.
    public var secrets: [SecretValue] = []
    /// The id of the request tab that sent the request in flight (or last sent).
    public var tab: Int?

    /// Nothing sent yet.
    public init() {
        inFlight = nil
        count = 0
        tab = nil
    }

    /// True while a request is in flight.
    public var isSending: Bool { inFlight != nil }
}
