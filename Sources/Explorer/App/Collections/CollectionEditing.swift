import RequestStore

/// Renames, duplicates and deletes folders and requests of a collection by their sidebar ids.
///
/// Ids are `f:1.0` for a folder (its indices from the top) and `r:1.0/2` for a request
/// (its folder's indices, then its index in that folder).
public enum CollectionEditing {
    /// Where an id points.
    enum Address {
        case folder(path: [Int])
        case request(folderPath: [Int], index: Int)
    }

    static func address(of id: String) -> Address? {
        func indices(_ text: Substring) -> [Int]? {
            if text.isEmpty { return [] }
            var result: [Int] = []
            for part in text.split(separator: ".", omittingEmptySubsequences: false) {
                guard let n = Int(part) else { return nil }
                result.append(n)
            }
            return result
        }
        if id.hasPrefix("f:"), let path = indices(id.dropFirst(2)), !path.isEmpty { return .folder(path: path) }
        if id.hasPrefix("r:"), let slash = id.lastIndex(of: "/"), let index = Int(id[id.index(after: slash)...]),
           let path = indices(id[id.index(id.startIndex, offsetBy: 2)..<slash]) {
            return .request(folderPath: path, index: index)
        }
        return nil
    }

    /// Runs `body` on the folders and requests of the container at `path` (empty for the collection itself).
    static func withContainer(_ collection: inout RequestCollection, path: [Int], _ body: (inout [Folder], inout [SavedRequest]) -> Bool) -> Bool {
        FolderWalk.withContainer(folders: &collection.folders, requests: &collection.requests, path: path, body) ?? false
    }

    /// Gives the item a new name; false when the id is not found.
    public static func rename(_ id: String, to name: String, in collection: inout RequestCollection) -> Bool {
        switch address(of: id) {
        case .folder(let path)?:
            return withContainer(&collection, path: Array(path.dropLast())) { folders, _ in
                guard let last = path.last, folders.indices.contains(last) else { return false }
                folders[last].name = name
                return true
            }
        case .request(let folderPath, let index)?:
            return withContainer(&collection, path: folderPath) { _, requests in
                guard requests.indices.contains(index) else { return false }
                requests[index].name = name
                return true
            }
        case nil:
            return false
        }
    }

    /// Inserts a copy named "NAME copy" after the item; false when the id is not found.
    public static func duplicate(_ id: String, in collection: inout RequestCollection) -> Bool {
        switch address(of: id) {
        case .folder(let path)?:
            return withContainer(&collection, path: Array(path.dropLast())) { folders, _ in
                guard let last = path.last, folders.indices.contains(last) else { return false }
                var copy = folders[last]
                copy.name += " copy"
                folders.insert(copy, at: last + 1)
                return true
            }
        case .request(let folderPath, let index)?:
            return withContainer(&collection, path: folderPath) { _, requests in
                guard requests.indices.contains(index) else { return false }
                var copy = requests[index]
                copy.name += " copy"
                copy.id = nil
                requests.insert(copy, at: index + 1)
                return true
            }
        case nil:
            return false
        }
    }

    /// Removes the item (a folder with everything in it); false when the id is not found.
    public static func delete(_ id: String, in collection: inout RequestCollection) -> Bool {
        switch address(of: id) {
        case .folder(let path)?:
            return withContainer(&collection, path: Array(path.dropLast())) { folders, _ in
                guard let last = path.last, folders.indices.contains(last) else { return false }
                folders.remove(at: last)
                return true
            }
        case .request(let folderPath, let index)?:
            return withContainer(&collection, path: folderPath) { _, requests in
                guard requests.indices.contains(index) else { return false }
                requests.remove(at: index)
                return true
            }
        case nil:
            return false
        }
    }
}
