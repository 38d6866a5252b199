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

    /// The sidebar tree of a collection, and the requests behind its ids.
    public static func tree(of collection: RequestCollection) -> (nodes: [SidebarNode], requests: [String: SavedRequest]) {
        var requests: [String: SavedRequest] = [:]
        func visit(folders: [Folder], saved: [SavedRequest], path: [Int]) -> [SidebarNode] {
            let prefix = path.map(String.init).joined(separator: ".")
            var nodes: [SidebarNode] = []
            for (index, folder) in folders.enumerated() {
                let children = visit(folders: folder.folders, saved: folder.requests, path: path + [index])
                nodes.append(.folder(id: "f:" + (path + [index]).map(String.init).joined(separator: "."), name: folder.name, children: children))
            }
            for (index, request) in saved.enumerated() {
                let id = "r:\(prefix)/\(index)"
                requests[id] = request
                nodes.append(.request(id: id, name: request.name, method: request.method.rawValue))
            }
            return nodes
        }
        let nodes = visit(folders: collection.folders, saved: collection.requests, path: [])
        return (nodes, requests)
    }

    /// The sidebar row of a history entry.
    public static func item(for entry: HistoryEntry) -> SidebarHistoryItem {
        SidebarHistoryItem(id: entry.id, method: entry.method.rawValue, statusCode: entry.status, url: entry.url, date: entry.time)
    }

    /// A saved request rebuilt from a history entry: method, URL, headers and the text body.
    public static func savedRequest(from entry: HistoryEntry) -> SavedRequest {
        var saved = SavedRequest(name: "History \(entry.id)", method: entry.method, url: entry.url)
        var headers = entry.request.headers.map { KeyValueRow(name: $0.name, value: $0.value) }
        if let body = entry.request.body, !body.isEmpty {
            let type = entry.request.headers["Content-Type"]?.lowercased() ?? ""
            if type.contains("json") {
                saved.body = .json(body)
                headers.removeAll { $0.name.lowercased() == "content-type" }
            } else {
                saved.body = .raw(text: body, contentType: nil)
            }
        }
        headers.removeAll { ["content-length", "host"].contains($0.name.lowercased()) }
        saved.headers = headers
        saved.auth = .none
        return saved
    }
}
