import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where a path really leads: made absolute, `~/` expanded, and every symlink that exists followed.
enum RealPath {
    /// The real location of `path`, relative paths taken against `base` (the current folder when nil).
    ///
    /// The deepest part of the path that exists is resolved by the system, symlinks included; the rest, which
    /// names nothing yet, is appended with `.` and `..` worked out, so the result is the path that will be opened.
    static func of(_ path: String, against base: String?) -> String {
        var absolute = path
        if absolute.hasPrefix("~/") || absolute == "~" {
            absolute = NSString(string: absolute).expandingTildeInPath
        } else if !absolute.hasPrefix("/") {
            let folder = base.flatMap { $0.isEmpty ? nil : $0 } ?? FileManager.default.currentDirectoryPath
            absolute = folder + "/" + absolute
        }
        var existing = absolute
        var rest: [String] = []
        while true {
            if let real = system(existing) {
                return normalized(real, appending: rest)
            }
            let parent = (existing as NSString).deletingLastPathComponent
            if parent == existing || parent.isEmpty { return normalized("/", appending: rest) }
            rest.insert((existing as NSString).lastPathComponent, at: 0)
            existing = parent
        }
    }

    /// Whether `path` is `root` or lies under it; both are real paths.
    static func contains(_ root: String, _ path: String) -> Bool {
        if root == "/" { return true }
        return path == root || path.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }

    /// `realpath(3)`, nil when the path does not exist or cannot be resolved.
    private static func system(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// `base` followed by `components`, with `.` dropped and `..` taking one step back (never above `/`).
    private static func normalized(_ base: String, appending components: [String]) -> String {
        var parts = base.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        for component in components {
            switch component {
            case "", ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(component)
            }
        }
        return "/" + parts.joined(separator: "/")
    }
}
