import RequestStore

/// Puts a saved request into a collection: in place by its id, or into a folder given by a `A/B` path.
public enum CollectionSaving {
    /// The folder paths of a collection, the top level (`""`) first, then depth first as `Parent/Child`.
    public static func folderPaths(of collection: RequestCollection) -> [String] {
        var paths = [""]
        var names: [String] = []
        FolderWalk.forEachFolder(in: collection.folders) { path, folder in
            names.removeLast(names.count - (path.count - 1))
            names.append(folder.name)
            paths.append(names.joined(separator: "/"))
            return true
        }
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
        if let found = collection.requests.first(where: { $0.id == id }) { return found }
        var found: SavedRequest?
        FolderWalk.forEachFolder(in: collection.folders) { _, folder in
            found = folder.requests.first { $0.id == id }
            return found == nil
        }
        return found
    }

    /// The id of the last request in the collection that is `request` but for its id (the one just added), if any.
    public static func id(ofLast request: SavedRequest, in collection: RequestCollection) -> String? {
        var found: String?
        var collection = collection
        FolderWalk.modifyEach(folders: &collection.folders, requests: &collection.requests) { _, _, requests in
            for candidate in requests {
                var unidentified = candidate
                unidentified.id = request.id
                if unidentified == request { found = candidate.id }
            }
            return true
        }
        return found
    }

    /// Replaces the editable parts of the request with id `request.id` (checks and captures included), keeping its
    /// place and description; false when no request has that id.
    public static func update(_ request: SavedRequest, in collection: inout RequestCollection) -> Bool {
        guard let id = request.id else { return false }
        var updated = false
        FolderWalk.modifyEach(folders: &collection.folders, requests: &collection.requests) { _, _, requests in
            guard let i = requests.firstIndex(where: { $0.id == id }) else { return true }
            requests[i].name = request.name
            requests[i].method = request.method
            requests[i].url = request.url
            requests[i].query = request.query
            requests[i].headers = request.headers
            requests[i].disabledInheritedHeaders = request.disabledInheritedHeaders
            requests[i].body = request.body
            requests[i].auth = request.auth
            requests[i].options = request.options
            requests[i].checks = request.checks
            requests[i].captures = request.captures
            updated = true
            return false
        }
        return updated
    }

    /// Appends the request to the folder at `folderPath`, creating the folders that do not exist yet.
    public static func add(_ request: SavedRequest, toFolder folderPath: String, in collection: inout RequestCollection) {
        var path: [Int] = []
        for name in components(of: folderPath) {
            let index = FolderWalk.withContainer(folders: &collection.folders, requests: &collection.requests, path: path) { folders, _ in
                if let existing = folders.firstIndex(where: { $0.name == name }) { return existing }
                folders.append(Folder(name: name))
                return folders.count - 1
            }
            guard let index else { return }
            path.append(index)
        }
        _ = FolderWalk.withContainer(folders: &collection.folders, requests: &collection.requests, path: path) { _, requests in
            requests.append(request)
        }
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
