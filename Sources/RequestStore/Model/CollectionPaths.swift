import Foundation

/// How file paths inside a collection are stored: relative to the collection file's folder when inside it.
public enum CollectionPaths {
    /// The form of `path` to store in a collection kept in `baseDirectory`: relative when it lies inside, else as given.
    public static func stored(_ path: String, baseDirectory: String) -> String {
        guard path.hasPrefix("/") else { return path }
        let base = URL(fileURLWithPath: baseDirectory).standardizedFileURL.path
        let full = URL(fileURLWithPath: path).standardizedFileURL.path
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return full.hasPrefix(prefix) ? String(full.dropFirst(prefix.count)) : path
    }

    /// The absolute path of a stored path: relative paths resolve against `baseDirectory`, `~/` against the home folder.
    public static func resolved(_ path: String, baseDirectory: String?) -> String {
        RequestConversion.absolute(path, against: baseDirectory)
    }
}
