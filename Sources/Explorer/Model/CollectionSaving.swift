import RequestStore

/// Puts a saved request into a collection: in place by its id, or into a folder given by a `A/B` path.
public enum CollectionSaving {
    /// The folder paths of a collection, the top level (`""`) first, then depth first as `Parent/Child`.
    public static func folderPaths(of collection: RequestCollection) -> [String] {
        var paths = [""]
        func visit(_ folders: [Folder], prefix: String) {
            for folder in folders {
                let path = prefix.isEmpty ? folder.name : prefix + "/" + folder.name
                paths.append(path)
                visit(folder.folders, prefix: path)
            }
        }
        visit(collection.folders, prefix: "")
        return paths
    }

    /// The parts of a typed folder path: `" A / B/"` is `["A", "B"]`, empty for the top level.
    public static func components(of folderPath: String) -> [String] {
        folderPath.split(separator: "/").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// True when a request with this id is somewhere in the collection.
    public static func contains(id: String, in collection: RequestCollection) -> Bool {
        request(id: id, in: collection) != nil
    }

    /// The request with this id, wherever it is in the collection.
    public static func request(id: String, in collection: RequestCollection) -> SavedRequest? {
        func search(_ folders: [Folder], _ requests: [SavedRequest]) -> SavedRequest? {
            if let found = requests.first(where: { $0.id == id }) { return found }
            for folder in folders {
                if let found = search(folder.folders, folder.requests) { return found }
            }
            return nil
        }
        return search(collection.folders, collection.requests)
    }

    /// Replaces the editable parts of the request with id `request.id` (checks and captures included), keeping its
    /// place and description; false when no request has that id.
    public static func update(_ request: SavedRequest, in collection: inout RequestCollection) -> Bool {
        guard let id = request.id else { return false }
        func apply(_ folders: inout [Folder], _ requests: inout [SavedRequest]) -> Bool {
            if let i = requests.firstIndex(where: { $0.id == id }) {
                var updated = requests[i]
                updated.name = request.name
                updated.method = request.method
                updated.url = request.url
                updated.query = request.query
                updated.headers = request.headers
                updated.body = request.body
                updated.auth = request.auth
                updated.options = request.options
                updated.checks = request.checks
                updated.captures = request.captures
                requests[i] = updated
                return true
            }
            for f in folders.indices {
                var folder = folders[f]
                if apply(&folder.folders, &folder.requests) {
                    folders[f] = folder
                    return true
                }
            }
            return false
        }
        return apply(&collection.folders, &collection.requests)
    }

    /// Appends the request to the folder at `folderPath`, creating the folders that do not exist yet.
    public static func add(_ request: SavedRequest, toFolder folderPath: String, in collection: inout RequestCollection) {
        func descend(_ folders: inout [Folder], _ requests: inout [SavedRequest], _ rest: ArraySlice<String>) {
            guard let first = rest.first else {
                requests.append(request)
                return
            }
            let index: Int
            if let existing = folders.firstIndex(where: { $0.name == first }) {
                index = existing
            } else {
                folders.append(Folder(name: first))
                index = folders.count - 1
            }
            var folder = folders[index]
            descend(&folder.folders, &folder.requests, rest.dropFirst())
            folders[index] = folder
        }
        descend(&collection.folders, &collection.requests, components(of: folderPath)[...])
    }

    /// Gives the request at a sidebar id (`r:0.1/2`) an id if it has none; returns its id, or nil when not found.
    public static func ensureID(atSidebarID sidebarID: String, in collection: inout RequestCollection, newID: String) -> String? {
        guard case .request(let folderPath, let index)? = CollectionEditing.address(of: sidebarID) else { return nil }
        var found: String?
        _ = CollectionEditing.withContainer(&collection, path: folderPath) { _, requests in
            guard requests.indices.contains(index) else { return false }
            if let id = requests[index].id {
                found = id
                return false
            }
            requests[index].id = newID
            found = newID
            return true
        }
        return found
    }

    /// A name for an unnamed request: the method and the URL's path, e.g. `GET /users/42`.
    public static func suggestedName(method: String, url: String) -> String {
        var rest = Substring(url)
        if let scheme = rest.range(of: "://") { rest = rest[scheme.upperBound...] }
        if let query = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<query] }
        let path = rest.firstIndex(of: "/").map { String(rest[$0...]) } ?? "/"
        return method + " " + path
    }
}
