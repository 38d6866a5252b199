import TUICore

/// The tabs of the response viewer.
public enum ResponseTab: Int, CaseIterable, Hashable, Sendable {
    /// The body.
    case body
    /// The response headers.
    case headers
    /// Phase timings.
    case timing
    /// Status line, headers and body as received.
    case raw

    /// The title in the tab bar.
    public var title: String {
        switch self {
        case .body: return "Body"
        case .headers: return "Headers"
        case .timing: return "Timing"
        case .raw: return "Raw"
        }
    }
}

/// The response viewer's tab and scroll position.
public struct ResponseViewState: Hashable, Sendable {
    /// The tab shown.
    public var tab: ResponseTab
    /// Scroll position and wrapping.
    public var scroll: TextViewerState

    /// The Body tab at the top.
    public init() {
        tab = .body
        scroll = TextViewerState()
    }
}
