import RequestStore

/// Adds new folders and requests to a collection, inside a folder given by its sidebar id.
///
/// A container id is `f:1.0` for a folder, or empty for the collection's top level.
extension CollectionEditing {
    /// The folder indices of a container id; nil when it names no folder.
    static func containerPath(of containerID: String) -> [Int]? {
        if containerID.isEmpty { return [] }
        if case .folder(let path)? = address(of: containerID) { return path }
        return nil
    }

    /// The sidebar id of the folder at `path`, or the top level's empty id.
    static func containerID(of path: [Int]) -> String {
        path.isEmpty ? "" : "f:" + path.map(String.init).joined(separator: ".")
    }

    /// The sidebar id of the request at `index` of the container at `path`.
    static func requestID(in path: [Int], at index: Int) -> String {
        "r:" + path.map(String.init).joined(separator: ".") + "/\(index)"
    }

    /// `base`, or `base 2`, `base 3`… when a sibling already has that name.
    static func uniqueName(_ base: String, among names: [String]) -> String {
        let taken = Set(names)
        guard taken.contains(base) else { return base }
        var number = 2
        while taken.contains("\(base) \(number)") { number += 1 }
        return "\(base) \(number)"
    }

    /// Appends an empty GET request named "New request" (made unique) to the container; its id, or nil when the
    /// container is not found.
    public static func addRequest(inFolder containerID: String, to collection: inout RequestCollection) -> String? {
        guard let path = containerPath(of: containerID) else { return nil }
        var added: String?
        _ = withContainer(&collection, path: path) { _, requests in
            let name = uniqueName("New request", among: requests.map(\.name))
            requests.append(SavedRequest(name: name, method: .get, url: ""))
            added = requestID(in: path, at: requests.count - 1)
            return true
        }
        return added
    }

    /// Appends an empty folder named "New folder" (made unique) to the container; its id, or nil when the container
    /// is not found or is already nested `FolderDepth.maximum` deep.
    public static func addFolder(inFolder containerID: String, to collection: inout RequestCollection) -> String? {
        guard let path = containerPath(of: containerID), path.count < FolderDepth.maximum else { return nil }
        var added: String?
        _ = withContainer(&collection, path: path) { folders, _ in
            let name = uniqueName("New folder", among: folders.map(\.name))
            folders.append(Folder(name: name))
            added = Self.containerID(of: path + [folders.count - 1])
            return true
        }
        return added
    }
}
