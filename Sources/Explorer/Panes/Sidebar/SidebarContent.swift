import Foundation
import RequestKit
import RequestStore

/// What the sidebar lists, kept beside it so its ids lead back to requests and history entries.
public struct SidebarContent: Sendable {
    /// Saved requests by sidebar id (`r:` and the indices of their folders and position).
    public var requests: [String: SavedRequest]
    /// History entries by id.
    public var history: [String: HistoryEntry]

    /// Nothing listed.
    public init() {
        requests = [:]
        history = [:]
    }

    /// The sidebar tree of a collection, and the requests behind its ids (each id after `idPrefix`).
    public static func tree(of collection: RequestCollection, idPrefix: String = "") -> (nodes: [SidebarNode], requests: [String: SavedRequest]) {
        var requests: [String: SavedRequest] = [:]
        let root = FolderWalk.build(
            folders: collection.folders, requests: collection.requests, root: (),
            enter: { _, _, _ in () },
            finish: { (_: Void, folder: Folder?, saved: [SavedRequest], path: [Int], children: [SidebarNode]) -> SidebarNode in
                let prefix = path.map(String.init).joined(separator: ".")
                var nodes = children
                for (index, request) in saved.enumerated() {
                    let id = idPrefix + "r:\(prefix)/\(index)"
                    requests[id] = request
                    nodes.append(.request(id: id, name: request.name, method: request.method.rawValue))
                }
                return .folder(id: idPrefix + "f:" + prefix, name: folder?.name ?? "", children: nodes)
            })
        guard case .folder(let nodes) = root.kind else { return ([], requests) }
        return (nodes, requests)
    }

    /// The sidebar row of a history entry.
    public static func item(for entry: HistoryEntry) -> SidebarHistoryItem {
        SidebarHistoryItem(id: entry.id, method: entry.method.rawValue, statusCode: entry.status, url: entry.url, date: entry.time)
    }

    /// A saved request rebuilt from a history entry: method, URL, headers and the text body, with secrets
    /// that came from variables written as `{{variables}}` again (`HistoryReplay`).
    public static func savedRequest(from entry: HistoryEntry) -> SavedRequest {
        HistoryReplay.savedRequest(from: entry)
    }
}
