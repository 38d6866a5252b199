import RequestStore

/// A folder a request or folder can be moved into, as the "Move to" picker lists it.
public struct MoveDestination: Hashable, Sendable {
    /// The container id: `f:1.0`, or empty for the collection's top level.
    public var id: String
    /// The folder's path of names, `Users / Admin`, or "(top level)".
    public var title: String

    /// Creates a destination.
    public init(id: String, title: String) {
        self.id = id
        self.title = title
    }
}

/// Moves folders and requests of a collection to another folder, or up and down among their siblings.
extension CollectionEditing {
    /// The title of the collection's top level among the destinations.
    public static let topLevelTitle = "(top level)"

    /// Where the item may be moved: the top level and every folder, except the one it is in, itself and the folders
    /// inside it, and (for a folder) those nested so deep that it would pass `FolderDepth.maximum`.
    public static func destinations(for id: String, in collection: RequestCollection) -> [MoveDestination] {
        guard let item = address(of: id) else { return [] }
        let current: [Int]
        var moved: [Int]? = nil
        var movedDepth = 0
        switch item {
        case .folder(let path):
            current = Array(path.dropLast())
            moved = path
            if let folder = folder(at: path, in: collection) { movedDepth = 1 + FolderDepth.of(folder.folders) }
        case .request(let folderPath, _):
            current = folderPath
        }
        var names: [[Int]: String] = [:]
        var found: [MoveDestination] = []
        if !current.isEmpty { found.append(MoveDestination(id: "", title: topLevelTitle)) }
        _ = FolderWalk.forEachFolder(in: collection.folders) { path, folder in
            let title = (names[Array(path.dropLast())].map { $0 + " / " } ?? "") + folder.name
            names[path] = title
            let inside = moved.map { path.starts(with: $0) } ?? false
            if !inside, path != current, path.count + movedDepth <= FolderDepth.maximum {
                found.append(MoveDestination(id: containerID(of: path), title: title))
            }
            return true
        }
        return found
    }

    /// Moves the item to the end of the container's folders or requests; its new id, or nil when either is not found
    /// or the move would put a folder inside itself.
    public static func move(_ id: String, toFolder containerID: String, in collection: inout RequestCollection) -> String? {
        guard var destination = containerPath(of: containerID), let item = address(of: id) else { return nil }
        switch item {
        case .folder(let path):
            guard !destination.starts(with: path), let index = path.last else { return nil }
            let parent = Array(path.dropLast())
            var taken: Folder?
            _ = withContainer(&collection, path: parent) { folders, _ in
                guard folders.indices.contains(index) else { return false }
                taken = folders.remove(at: index)
                return true
            }
            guard let folder = taken else { return nil }
            if destination.count > parent.count, destination.starts(with: parent), destination[parent.count] > index {
                destination[parent.count] -= 1
            }
            var moved: String?
            _ = withContainer(&collection, path: destination) { folders, _ in
                folders.append(folder)
                moved = Self.containerID(of: destination + [folders.count - 1])
                return true
            }
            return moved
        case .request(let folderPath, let index):
            var taken: SavedRequest?
            _ = withContainer(&collection, path: folderPath) { _, requests in
                guard requests.indices.contains(index) else { return false }
                taken = requests.remove(at: index)
                return true
            }
            guard let request = taken else { return nil }
            var moved: String?
            _ = withContainer(&collection, path: destination) { _, requests in
                requests.append(request)
                moved = requestID(in: destination, at: requests.count - 1)
                return true
            }
            return moved
        }
    }

    /// Swaps the item with its neighbour of the same kind `offset` places away (-1 up, 1 down); its new id, or nil
    /// when it is not found or has no neighbour there.
    public static func reorder(_ id: String, by offset: Int, in collection: inout RequestCollection) -> String? {
        guard let item = address(of: id) else { return nil }
        switch item {
        case .folder(let path):
            guard let index = path.last else { return nil }
            let parent = Array(path.dropLast())
            let swapped = withContainer(&collection, path: parent) { folders, _ in
                guard folders.indices.contains(index), folders.indices.contains(index + offset) else { return false }
                folders.swapAt(index, index + offset)
                return true
            }
            return swapped ? containerID(of: parent + [index + offset]) : nil
        case .request(let folderPath, let index):
            let swapped = withContainer(&collection, path: folderPath) { _, requests in
                guard requests.indices.contains(index), requests.indices.contains(index + offset) else { return false }
                requests.swapAt(index, index + offset)
                return true
            }
            return swapped ? requestID(in: folderPath, at: index + offset) : nil
        }
    }

    /// The folder at a non-empty `path`, if there is one.
    static func folder(at path: [Int], in collection: RequestCollection) -> Folder? {
        var level = collection.folders
        var found: Folder?
        for index in path {
            guard level.indices.contains(index) else { return nil }
            found = level[index]
            level = level[index].folders
        }
        return found
    }
}
