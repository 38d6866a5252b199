import RequestStore

/// Where a sidebar node sits in a `RequestCollection`: a folder or a request, by indices.
public enum SidebarLocation: Hashable, Sendable {
    /// A folder: the folder indices to descend, outermost first.
    case folder([Int])
    /// A request.
    case request(RequestLocation)

    /// The sidebar id of this location: `folder:0.2` or `request:0.2/3` (`request:/3` at the top level).
    public var id: String {
        switch self {
        case .folder(let indices): "folder:" + indices.map(String.init).joined(separator: ".")
        case .request(let location): "request:" + location.folderIndices.map(String.init).joined(separator: ".") + "/\(location.requestIndex)"
        }
    }

    /// Reads a sidebar id made by `SidebarNode.tree(of:)`; nil for other ids.
    public init?(id: String) {
        func indices(_ text: Substring) -> [Int]? {
            if text.isEmpty { return [] }
            let parts = text.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
            guard parts.allSatisfy({ $0 != nil }) else { return nil }
            return parts.compactMap { $0 }
        }
        if id.hasPrefix("folder:"), let path = indices(id.dropFirst("folder:".count)), !path.isEmpty {
            self = .folder(path)
        } else if id.hasPrefix("request:") {
            let rest = id.dropFirst("request:".count)
            guard let slash = rest.lastIndex(of: "/"), let folders = indices(rest[..<slash]),
                  let index = Int(rest[rest.index(after: slash)...]) else { return nil }
            self = .request(RequestLocation(folderIndices: folders, requestIndex: index))
        } else {
            return nil
        }
    }
}

extension SidebarNode {
    /// The tree of a collection: in each container its folders, then its requests, as in the file.
    ///
    /// Ids are `SidebarLocation` ids, so `SidebarLocation(id:)` turns an effect's id back into
    /// the folder or request location in the same collection.
    public static func tree(of collection: RequestCollection) -> [SidebarNode] {
        let root = FolderWalk.build(
            folders: collection.folders, requests: collection.requests, root: (),
            enter: { _, _, _ in () },
            finish: { (_: Void, folder: Folder?, requests: [SavedRequest], path: [Int], children: [SidebarNode]) -> SidebarNode in
                var nodes = children
                for (index, request) in requests.enumerated() {
                    let id = SidebarLocation.request(RequestLocation(folderIndices: path, requestIndex: index)).id
                    nodes.append(.request(id: id, name: request.name, method: request.method.rawValue))
                }
                return .folder(id: SidebarLocation.folder(path).id, name: folder?.name ?? "", children: nodes)
            })
        guard case .folder(let nodes) = root.kind else { return [] }
        return nodes
    }
}

extension SidebarHistoryItem {
    /// The sidebar's view of a history entry; its id is the entry's id.
    public init(_ entry: HistoryEntry) {
        self.init(id: entry.id, method: entry.method.rawValue, statusCode: entry.status, url: entry.url, date: entry.time)
    }
}
