/// The tabs of the response viewer.
public enum ResponseTab: String, CaseIterable, Hashable, Sendable {
    /// The body, pretty-printed when it is JSON.
    case body
    /// The header fields.
    case headers
    /// The phases of the transfer as a waterfall.
    case timing
    /// Status line, headers and body as received.
    case raw
    /// The Server-Sent Events of a `text/event-stream` body, one row each (shown only for such bodies).
    case events
    /// The difference from an earlier response or a file (shown only while comparing).
    case diff

    /// The label in the tab bar.
    public var title: String {
        switch self {
        case .body: "Body"
        case .headers: "Headers"
        case .timing: "Timing"
        case .raw: "Raw"
        case .events: "Events"
        case .diff: "Diff"
        }
    }
}

extension ResponseTab {
    /// The tabs shown for a document, in tab-bar order: Events only for a stream of Server-Sent Events, Diff only while comparing.
    static func visible(for document: ResponseDocument?, comparing: Bool = false) -> [ResponseTab] {
        var tabs: [ResponseTab] = [.body, .headers, .timing, .raw]
        if document?.stream?.kind == .serverSentEvents { tabs.append(.events) }
        if comparing { tabs.append(.diff) }
        return tabs
    }
}
