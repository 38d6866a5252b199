import RequestKit

/// What a request tab's title says: the method, and the saved request's name or, for one never saved, the URL's path.
public struct TabTitle: Hashable, Sendable {
    /// The method, e.g. `GET`.
    public var method: String
    /// The saved request's name, the URL's path (or host), or "new request" for an empty URL.
    public var label: String
    /// Whether the tab's draft differs from what it was saved as or opened from.
    public var modified: Bool

    /// The longest label drawn, in columns; longer ones end in `…`.
    public static let maximumLabelWidth = 24

    /// A title of these parts.
    public init(method: String, label: String, modified: Bool) {
        self.method = method
        self.label = label
        self.modified = modified
    }

    /// The title of a draft.
    public init(draft: RequestDraft, modified: Bool) {
        method = draft.method.rawValue
        label = draft.savedID != nil && !draft.name.isEmpty ? draft.name : TabTitle.path(of: draft.url.text)
        self.modified = modified
    }

    /// The path of a URL as typed, without scheme, host, query and fragment; the host when the path is empty.
    public static func path(of url: String) -> String {
        var text = Substring(url.trimmingCharacters(in: .whitespaces))
        if let end = text.firstIndex(where: { $0 == "?" || $0 == "#" }) { text = text[..<end] }
        if let scheme = text.range(of: "://") { text = text[scheme.upperBound...] }
        guard !text.isEmpty else { return "new request" }
        guard let slash = text.firstIndex(of: "/") else { return String(text) }
        let path = text[slash...]
        return path == "/" ? String(text) : String(path)
    }
}
