/// Why a value from a collection was not let through the trust boundary; raised before anything is sent or written.
public struct TrustRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was refused.
    public enum Kind: Hashable, Sendable {
        /// A file to read that lies outside the file root.
        case readOutsideRoot
        /// A file to write that lies outside the file root.
        case writeOutsideRoot
        /// A file to write that exists already.
        case wouldReplace
        /// A path that is not a regular file (a FIFO, a device, a folder).
        case notRegularFile
        /// A file that could not be written.
        case writeFailed(reason: String)
    }

    /// What was refused.
    public var kind: Kind
    /// The path as the collection wrote it.
    public var path: String
    /// The path after resolving it and following symlinks.
    public var resolved: String
    /// What the path is for, e.g. "the body file" or "the output option".
    public var use: String
    /// The file root it was compared with: its folders, joined with "and".
    public var root: String
    /// The collection, environment or `.hurl` file the path came from, when known.
    public var source: String?

    /// Creates a refusal.
    public init(kind: Kind, path: String, resolved: String, use: String, root: String, source: String?) {
        self.kind = kind
        self.path = path
        self.resolved = resolved
        self.use = use
        self.root = root
        self.source = source
    }

    /// A sentence that names the file, what was refused and how to allow it.
    public var description: String {
        let from = source.map { " in \($0)" } ?? ""
        let shown = path == resolved ? "'\(path)'" : "'\(path)' (\(resolved))"
        switch kind {
        case .readOutsideRoot:
            return "\(use)\(from) is \(shown), which is outside the file root (\(root)); curlew reads only files under the root for a collection. Move the file there, or allow its folder with --file-root DIR (fileRoot in settings.json for the app)."
        case .writeOutsideRoot:
            return "\(use)\(from) is \(shown), which is outside the file root (\(root)); curlew writes only under the root for a collection. Write there, or allow the folder with --file-root DIR."
        case .wouldReplace:
            return "\(use)\(from) is \(shown), which exists already; a collection never replaces a file. Remove it, or pass --overwrite-output to let this run replace it."
        case .notRegularFile:
            return "\(use)\(from) is \(shown), which is not a regular file (a pipe, device or folder); give the path of a file."
        case .writeFailed(let reason):
            return "\(use)\(from) could not be written to \(shown): \(reason)."
        }
    }
}
