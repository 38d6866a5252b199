/// The kinds of body the Body tab edits.
public enum BodyMode: String, CaseIterable, Hashable, Sendable, Codable {
    /// No body.
    case none
    /// JSON text.
    case json
    /// URL-encoded form fields.
    case form
    /// Multipart fields (in the Body tab) and files (in the Files tab).
    case multipart
    /// Text sent as it is.
    case raw
    /// A file streamed from disk.
    case file
    /// A GraphQL query and its variables (JSON), edited side by side and sent as the JSON envelope.
    case graphQL = "graphql"

    /// The label shown in the Body tab.
    public var title: String {
        switch self {
        case .none: return "none"
        case .json: return "JSON"
        case .form: return "form"
        case .multipart: return "multipart"
        case .raw: return "raw"
        case .file: return "file"
        case .graphQL: return "GraphQL"
        }
    }

    /// The next mode in the cycle.
    public var next: BodyMode {
        let all = BodyMode.allCases
        let i = all.firstIndex(of: self) ?? 0
        return all[(i + 1) % all.count]
    }
}

/// The kinds of credentials the Auth tab edits.
public enum AuthMode: String, CaseIterable, Hashable, Sendable {
    /// No credentials.
    case none
    /// The collection's or folder's credentials.
    case inherit
    /// A bearer token.
    case bearer
    /// A user and password.
    case basic

    /// The next mode in the cycle.
    public var next: AuthMode {
        let all = AuthMode.allCases
        let i = all.firstIndex(of: self) ?? 0
        return all[(i + 1) % all.count]
    }
}
