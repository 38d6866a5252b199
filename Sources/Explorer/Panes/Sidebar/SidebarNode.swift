import Foundation

/// A folder or request of the open collection, as the sidebar shows it.
///
/// The app builds these from RequestStore's collection; `id` must be unique in the tree and
/// stable across reloads (e.g. the folder path and the request name), because the sidebar
/// remembers expanded folders and the selection by id and hands ids back in its effects.
public struct SidebarNode: Hashable, Sendable {
    /// What the node is.
    public enum Kind: Hashable, Sendable {
        /// A folder and its contents, in order.
        case folder(children: [SidebarNode])
        /// A saved request with its method.
        case request(method: String)
    }

    /// A stable identifier, unique in the tree.
    public var id: String
    /// The name shown.
    public var name: String
    /// Folder or request.
    public var kind: Kind

    /// Creates a node.
    public init(id: String, name: String, kind: Kind) {
        self.id = id
        self.name = name
        self.kind = kind
    }

    /// A folder node.
    public static func folder(id: String, name: String, children: [SidebarNode]) -> SidebarNode {
        SidebarNode(id: id, name: name, kind: .folder(children: children))
    }

    /// A request node.
    public static func request(id: String, name: String, method: String) -> SidebarNode {
        SidebarNode(id: id, name: name, kind: .request(method: method))
    }
}

/// One entry of the history, as the sidebar shows it.
public struct SidebarHistoryItem: Hashable, Sendable {
    /// A stable identifier of the entry, handed back in effects.
    public var id: String
    /// The method sent.
    public var method: String
    /// The status received, or nil when the request failed before a response.
    public var statusCode: Int?
    /// The URL sent.
    public var url: String
    /// When it was sent.
    public var date: Date

    /// Creates an entry.
    public init(id: String, method: String, statusCode: Int?, url: String, date: Date) {
        self.id = id
        self.method = method
        self.statusCode = statusCode
        self.url = url
        self.date = date
    }
}

/// The two lists of the sidebar.
public enum SidebarSection: String, CaseIterable, Hashable, Sendable {
    /// The open collection as a tree.
    case collection
    /// Past exchanges, newest first.
    case history

    /// The label in the sidebar's title.
    public var title: String {
        switch self {
        case .collection: "Collection"
        case .history: "History"
        }
    }
}

/// A row of the sidebar as drawn: a folder, a request or a history entry, with its indentation.
public struct SidebarRow: Hashable, Sendable {
    /// What the row shows.
    public enum Content: Hashable, Sendable {
        /// A folder, open or closed.
        case folder(name: String, expanded: Bool)
        /// A saved request.
        case request(name: String, method: String)
        /// A history entry.
        case history(SidebarHistoryItem)
    }

    /// The id of the node or entry.
    public var id: String
    /// The nesting depth (0 at the top).
    public var depth: Int
    /// What is shown.
    public var content: Content
    /// The ids of the folders containing the row, outermost first.
    public var ancestors: [String]

    /// Creates a row.
    public init(id: String, depth: Int, content: Content, ancestors: [String] = []) {
        self.id = id
        self.depth = depth
        self.content = content
        self.ancestors = ancestors
    }
}
