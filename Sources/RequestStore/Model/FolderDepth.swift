/// The deepest nesting of folders a collection may hold, and how deep a collection's folders go.
public enum FolderDepth {
    /// The most folders that may be nested inside one another (a request in `a/b/c` is at depth 3).
    public static let maximum = 32

    /// The deepest nesting among `folders`, found without recursion (1 for folders holding no folders).
    public static func of(_ folders: [Folder]) -> Int {
        var deepest = 0
        var pending: [(folders: [Folder], depth: Int)] = [(folders, 1)]
        while let (level, depth) = pending.popLast() {
            guard !level.isEmpty else { continue }
            deepest = max(deepest, depth)
            for folder in level where !folder.folders.isEmpty {
                pending.append((folder.folders, depth + 1))
            }
        }
        return deepest
    }

    /// The sentence that says a collection's folders are too deep.
    static func refusal(depth: Int) -> String {
        "folders are nested \(depth) deep; curlew allows at most \(maximum). Move the innermost folders up"
    }
}
