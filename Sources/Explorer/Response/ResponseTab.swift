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

    /// The label in the tab bar.
    public var title: String {
        switch self {
        case .body: "Body"
        case .headers: "Headers"
        case .timing: "Timing"
        case .raw: "Raw"
        }
    }
}
