/// The panes that can hold the keyboard focus, in Tab order.
public enum Pane: String, CaseIterable, Hashable, Sendable {
    /// The method and URL bar at the top.
    case url
    /// The request tabs.
    case request
    /// The response viewer.
    case response
    /// The collection and history sidebar.
    case sidebar
    /// The results of a collection run, shown where the response is.
    case results
}

/// The tabs of the request area.
public enum RequestTab: Int, CaseIterable, Hashable, Sendable {
    /// Query parameters.
    case params
    /// Header fields.
    case headers
    /// The body.
    case body
    /// Multipart file attachments.
    case files
    /// Credentials.
    case auth
    /// Transfer options.
    case options
    /// Checks and captures, with the results of the last send.
    case checks

    /// The title shown in the tab bar.
    public var title: String {
        switch self {
        case .params: return "Params"
        case .headers: return "Headers"
        case .body: return "Body"
        case .files: return "Files"
        case .auth: return "Auth"
        case .options: return "Options"
        case .checks: return "Checks"
        }
    }

    /// The key-binding context of the tab.
    public var context: String { "request." + title.lowercased() }
}
