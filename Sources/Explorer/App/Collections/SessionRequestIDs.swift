import RequestStore

/// Ids the app gives requests that have none in their file, so a draft can find its request again, and that are
/// never written: a collection keeps exactly the ids its author gave it.
///
/// An id is made from the request's folder names and its name (`~Users/Get user`, `~Users/Get user#2` for the
/// second of that name there), so it is the same after a save, a reload or a restart, and never points at
/// another request when the file changes underneath.
public enum SessionRequestIDs {
    /// The first character of every session id.
    static let marker: Character = "~"

    /// True when `id` was made by the app rather than read from a file.
    public static func isSessionID(_ id: String?) -> Bool {
        id?.first == marker
    }

    /// Gives every request without an id its session id.
    public static func assign(to collection: inout RequestCollection) {
        var names: [[Int]: String] = [[]: ""]
        FolderWalk.forEachFolder(in: collection.folders) { path, folder in
            let parent = names[Array(path.dropLast())] ?? ""
            names[path] = parent + folder.name + "/"
            return true
        }
        FolderWalk.modifyEach(folders: &collection.folders, requests: &collection.requests) { path, _, requests in
            let prefix = String(marker) + (names[path] ?? "")
            var seen: [String: Int] = [:]
            for index in requests.indices {
                let name = requests[index].name
                seen[name, default: 0] += 1
                guard requests[index].id == nil else { continue }
                let count = seen[name] ?? 1
                requests[index].id = prefix + name + (count > 1 ? "#\(count)" : "")
            }
            return true
        }
    }

    /// The request that session id `id` of `old` became in `new` when only its name changed (a rename moves its session
    /// id): the request in the same place that is the same but for its name. Nil when the id is still there, is not a
    /// session id, or the request in its place is another one.
    public static func renamed(_ id: String, from old: RequestCollection, to new: RequestCollection) -> SavedRequest? {
        guard isSessionID(id), CollectionSaving.request(id: id, in: new) == nil,
              let before = old.allRequests.first(where: { $0.request.id == id }),
              let after = new.allRequests.first(where: { $0.location == before.location }) else { return nil }
        var expected = before.request
        expected.name = after.request.name
        expected.id = after.request.id
        return expected == after.request ? after.request : nil
    }

    /// The request that session id `id` of `old` became in `new` when it was renamed in place (see `renamed`) or moved
    /// unchanged to another place (the first request of `new` that is the same but for its id); nil when the id is still
    /// there, is not a session id, or neither is found.
    public static func followed(_ id: String, from old: RequestCollection, to new: RequestCollection) -> SavedRequest? {
        if let renamed = renamed(id, from: old, to: new) { return renamed }
        guard isSessionID(id), CollectionSaving.request(id: id, in: new) == nil,
              let before = old.allRequests.first(where: { $0.request.id == id })?.request else { return nil }
        var expected = before
        expected.id = nil
        return new.allRequests.first { candidate in
            var plain = candidate.request
            plain.id = nil
            return plain == expected
        }?.request
    }

    /// The collection as it is written: session ids taken out again.
    public static func removed(from collection: RequestCollection) -> RequestCollection {
        var stored = collection
        FolderWalk.modifyEach(folders: &stored.folders, requests: &stored.requests) { _, _, requests in
            for index in requests.indices where isSessionID(requests[index].id) { requests[index].id = nil }
            return true
        }
        return stored
    }

    /// The request as it is written: without a session id.
    public static func removed(from request: SavedRequest) -> SavedRequest {
        var stored = request
        if isSessionID(stored.id) { stored.id = nil }
        return stored
    }
}
