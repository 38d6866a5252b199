import Foundation

/// The files a Unix glob pattern matches, as Hurl's `--glob` reads it: `*`, `?` and `[…]` within a name (a
/// leading dot matched only by a dot), and `**` for any number of folders. Folders are walked without recursion,
/// symlinked folders are not entered, and the matches come sorted.
enum FileGlob {
    /// The most files one pattern may match.
    static let maximumMatches = 100_000

    /// Why a pattern cannot be used.
    struct Failure: Error {
        var message: String
    }

    /// The regular files (or links to them) matching `pattern`, relative ones as the pattern writes them.
    static func files(matching pattern: String) throws(Failure) -> [String] {
        let absolute = pattern.hasPrefix("/")
        let parts = pattern.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard !parts.isEmpty else { throw Failure(message: "'\(pattern)' names no file") }
        var matches = Set<String>()
        // (folder as written, index of the next part to match)
        var pending: [(String, Int)] = [(absolute ? "/" : "", 0)]
        var visited = Set<String>()
        while let (folder, index) = pending.popLast() {
            guard visited.insert("\(index)\u{0}\(folder)").inserted else { continue }
            let part = parts[index]
            let last = index == parts.count - 1
            let onDisk = folder.isEmpty ? "." : folder
            if part == "**" {
                if last {
                    pending.append((folder, index))
                    for name in entries(of: onDisk) where !name.hasPrefix(".") {
                        let path = join(folder, name)
                        if isFolder(path) { pending.append((path, index)) } else if isFile(path) { matches.insert(path) }
                    }
                    continue
                }
                pending.append((folder, index + 1))
                for name in entries(of: onDisk) where !name.hasPrefix(".") {
                    let path = join(folder, name)
                    if isFolder(path) { pending.append((path, index)) }
                }
                continue
            }
            let names = hasWildcard(part) ? entries(of: onDisk).filter { fnmatch(part, $0, FNM_PERIOD) == 0 } : [part]
            for name in names {
                let path = join(folder, name)
                if last {
                    if isFile(path) { matches.insert(path) }
                } else if isFolder(path) || (!hasWildcard(part) && isDirectory(path)) {
                    pending.append((path, index + 1))
                }
            }
            if matches.count > maximumMatches {
                throw Failure(message: "'\(pattern)' matches more than \(maximumMatches) files")
            }
        }
        return matches.sorted()
    }

    private static func hasWildcard(_ part: String) -> Bool {
        part.contains("*") || part.contains("?") || part.contains("[")
    }

    private static func join(_ folder: String, _ name: String) -> String {
        folder.isEmpty ? name : (folder.hasSuffix("/") ? folder + name : folder + "/" + name)
    }

    private static func entries(of folder: String) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    }

    /// A real folder, not a link to one (so that walking cannot loop).
    private static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// A folder or a link to one, for a part written without wildcards.
    private static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// A regular file, or a link to one.
    private static func isFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }
}
