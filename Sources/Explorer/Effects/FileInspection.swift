import Foundation
import RequestStore

/// Looks at a path on disk to say whether it can be attached.
public enum FileInspection {
    /// The status of `path` (`~` expanded, relative paths against `baseDirectory`).
    public static func status(of path: String, baseDirectory: String?) -> FileStatus {
        let full = resolve(path, baseDirectory: baseDirectory)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory) else { return .missing }
        if isDirectory.boolValue || !FileManager.default.isReadableFile(atPath: full) { return .unreadable }
        let size = (try? FileManager.default.attributesOfItem(atPath: full)[.size] as? NSNumber)?.int64Value ?? 0
        return .readable(size: size)
    }

    /// The absolute path for `path`.
    public static func resolve(_ path: String, baseDirectory: String?) -> String {
        let expanded = (path as NSString).expandingTildeInPath
        if expanded.hasPrefix("/") { return expanded }
        let base = baseDirectory ?? FileManager.default.currentDirectoryPath
        return FolderPath.joined(base, expanded)
    }
}
