import RequestStore
import Replay

/// Turns what the sidebar has selected into the requests of a run, in collection order.
public enum RunTargets {
    /// The steps of the whole collection.
    public static func steps(of collection: RequestCollection, file: CollectionFile?, baseDirectory: String?) -> [RunStep] {
        HurlSourceLines.attach(to: collection.allRequests.map { RunStep(located: $0, in: collection, file: file?.path, baseDirectory: baseDirectory) })
    }

    /// The steps under a sidebar id: a folder (`f:0.1`) gives every request inside it, a request (`r:0.1/2`) itself;
    /// nil when the id names nothing in the collection (or a history entry).
    public static func steps(forSidebarID id: String, in collection: RequestCollection, file: CollectionFile?, baseDirectory: String?)
        -> (steps: [RunStep], title: String)? {
        let all = collection.allRequests
        if id.hasPrefix("f:") {
            guard let indices = indices(String(id.dropFirst(2))), !indices.isEmpty else { return nil }
            let picked = all.filter { $0.location.folderIndices.starts(with: indices) }
            guard let name = folderPath(indices, in: collection) else { return nil }
            return (HurlSourceLines.attach(to: picked.map { RunStep(located: $0, in: collection, file: file?.path, baseDirectory: baseDirectory) }),
                    collection.name + "/" + name)
        }
        if id.hasPrefix("r:") {
            let rest = id.dropFirst(2)
            guard let slash = rest.lastIndex(of: "/"), let folders = indices(String(rest[..<slash])),
                  let index = Int(rest[rest.index(after: slash)...]) else { return nil }
            guard let located = all.first(where: { $0.location.folderIndices == folders && $0.location.requestIndex == index }) else { return nil }
            return (HurlSourceLines.attach(to: [RunStep(located: located, in: collection, file: file?.path, baseDirectory: baseDirectory)]),
                    collection.name + "/" + located.path)
        }
        return nil
    }

    /// "0.1" → [0, 1]; "" → []; nil when a part is not a number.
    private static func indices(_ text: String) -> [Int]? {
        guard !text.isEmpty else { return [] }
        var result: [Int] = []
        for part in text.split(separator: ".", omittingEmptySubsequences: false) {
            guard let value = Int(part), value >= 0 else { return nil }
            result.append(value)
        }
        return result
    }

    /// The folder names along the indices, joined by `/`.
    private static func folderPath(_ indices: [Int], in collection: RequestCollection) -> String? {
        var folders = collection.folders
        var names: [String] = []
        for index in indices {
            guard folders.indices.contains(index) else { return nil }
            names.append(folders[index].name)
            folders = folders[index].folders
        }
        return names.joined(separator: "/")
    }
}
