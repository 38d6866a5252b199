/// Where a request sits in a collection: the folder indices from the top, then the request's index.
public struct RequestLocation: Hashable, Sendable {
    /// Indices of the folders to descend, outermost first; empty for a top-level request.
    public var folderIndices: [Int]
    /// The request's index in its container.
    public var requestIndex: Int

    /// Creates a location.
    public init(folderIndices: [Int] = [], requestIndex: Int) {
        self.folderIndices = folderIndices
        self.requestIndex = requestIndex
    }
}

/// A request found in a collection, with the folders that contain it.
public struct LocatedRequest: Hashable, Sendable {
    /// The request.
    public var request: SavedRequest
    /// The folders that contain it, outermost first.
    public var folders: [Folder]
    /// Its position.
    public var location: RequestLocation

    /// Places a request among its folders.
    public init(request: SavedRequest, folders: [Folder], location: RequestLocation) {
        self.request = request
        self.folders = folders
        self.location = location
    }

    /// The folder names and the request name joined by `/`, e.g. `Users/Admin/Delete user`.
    public var path: String {
        (folders.map(\.name) + [request.name]).joined(separator: "/")
    }
}

/// Why a request named on the command line could not be picked.
public enum RequestLookupError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No request has this name or path.
    case notFound(name: String, collection: String)
    /// Several requests have this name; their paths are listed.
    case ambiguous(name: String, paths: [String])

    /// A sentence that says what happened and what to do.
    public var description: String {
        switch self {
        case .notFound(let name, let collection):
            return "No request named '\(name)' in the collection '\(collection)'. Run 'curlew export curl' on it to list its requests, or give the path as Folder/Name."
        case .ambiguous(let name, let paths):
            return "Several requests are named '\(name)': \(paths.joined(separator: ", ")). Give the path as Folder/Name."
        }
    }
}

extension RequestCollection {
    /// Every request, depth first: a container's folders before its own requests.
    public var allRequests: [LocatedRequest] {
        /// A container being walked: its folders, its requests, where it is, and the next folder to enter.
        struct Frame {
            var folders: [Folder]
            var requests: [SavedRequest]
            var ancestors: [Folder]
            var indices: [Int]
            var nextFolder = 0
        }
        var result: [LocatedRequest] = []
        var stack = [Frame(folders: folders, requests: requests, ancestors: [], indices: [])]
        while let top = stack.last {
            if top.nextFolder < top.folders.count {
                let folder = top.folders[top.nextFolder]
                stack[stack.count - 1].nextFolder += 1
                stack.append(Frame(folders: folder.folders, requests: folder.requests, ancestors: top.ancestors + [folder], indices: top.indices + [top.nextFolder]))
                continue
            }
            for (index, request) in top.requests.enumerated() {
                result.append(LocatedRequest(request: request, folders: top.ancestors, location: RequestLocation(folderIndices: top.indices, requestIndex: index)))
            }
            stack.removeLast()
        }
        return result
    }

    /// Finds a request by its path (`Folder/Sub/Name`) or, when unique, by its name or id.
    public func findRequest(_ reference: String) throws(RequestLookupError) -> LocatedRequest {
        let all = allRequests
        if let exact = all.first(where: { $0.path == reference }) { return exact }
        let matches = all.filter { $0.request.name == reference || ($0.request.id != nil && $0.request.id == reference) }
        if matches.count == 1 { return matches[0] }
        if matches.isEmpty { throw .notFound(name: reference, collection: name) }
        throw .ambiguous(name: reference, paths: matches.map(\.path))
    }

    /// The request at a location, or nil when the location is out of range; setting replaces it.
    public subscript(location: RequestLocation) -> SavedRequest? {
        get {
            var currentFolders = folders
            var currentRequests = requests
            for index in location.folderIndices {
                guard currentFolders.indices.contains(index) else { return nil }
                let folder = currentFolders[index]
                currentFolders = folder.folders
                currentRequests = folder.requests
            }
            return currentRequests.indices.contains(location.requestIndex) ? currentRequests[location.requestIndex] : nil
        }
        set {
            guard let newValue else { return }
            guard let last = location.folderIndices.last else {
                if requests.indices.contains(location.requestIndex) { requests[location.requestIndex] = newValue }
                return
            }
            // Walk down keeping each level, change the innermost folder, then put the levels back bottom up.
            var levels: [[Folder]] = []
            var current = folders
            for index in location.folderIndices {
                guard current.indices.contains(index) else { return }
                levels.append(current)
                current = current[index].folders
            }
            guard var innermost = levels.popLast(), innermost[last].requests.indices.contains(location.requestIndex) else { return }
            innermost[last].requests[location.requestIndex] = newValue
            var rebuilt = innermost
            for (depth, level) in levels.enumerated().reversed() {
                var level = level
                level[location.folderIndices[depth]].folders = rebuilt
                rebuilt = level
            }
            folders = rebuilt
        }
    }
}
