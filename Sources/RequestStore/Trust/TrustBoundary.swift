import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The one gate every path a collection names passes: files are read and written only under the file root.
///
/// A boundary belongs to one untrusted file (a collection, an environment, a `.hurl` file): relative paths are
/// taken against that file's folder, and every path, symlinks followed, must land under the file root — the
/// file's own folder, and the user's `--file-root` when given. The process environment goes through the same
/// policy (`TrustPolicy.visibleEnvironment`) into the variable scope.
public struct TrustBoundary: Sendable {
    /// What the user allows.
    public var policy: TrustPolicy
    /// The folder relative paths are taken against: the untrusted file's own folder.
    public var baseDirectory: String?
    /// The untrusted file, named in refusals (e.g. `shop.json: Users/Upload` or `api.hurl:12`).
    public var source: String?
    /// The files this run wrote already, which it may write again; nil for a boundary that writes nothing.
    public var writes: FileWrites?

    /// Creates the boundary of a file kept in `baseDirectory`.
    public init(policy: TrustPolicy, baseDirectory: String?, source: String? = nil, writes: FileWrites? = nil) {
        self.policy = policy
        self.baseDirectory = baseDirectory
        self.source = source
        self.writes = writes
    }

    /// No boundary: for a request the user typed, whose paths are the user's own.
    public static func userTyped(baseDirectory: String? = nil) -> TrustBoundary {
        TrustBoundary(policy: TrustPolicy(fileRoot: "/"), baseDirectory: baseDirectory)
    }

    /// The folders of the file root as real paths: the file's own folder (the current folder when it has none),
    /// then the user's `--file-root`.
    public var roots: [String] {
        let own = baseDirectory.flatMap { $0.isEmpty ? nil : $0 } ?? FileManager.default.currentDirectoryPath
        return [RealPath.of(own, against: nil)] + (policy.fileRoot.map { [RealPath.of($0, against: nil)] } ?? [])
    }

    /// The file root as named in messages: its folders joined with "and".
    public var root: String {
        var seen: [String] = []
        for folder in roots where !seen.contains(folder) { seen.append(folder) }
        return seen.joined(separator: " and ")
    }

    /// Whether a real path lies under one of the root's folders.
    private func isUnderRoot(_ resolved: String) -> Bool {
        roots.contains { RealPath.contains($0, resolved) }
    }

    /// The real path of a file to read, when it lies under the root (or the user allowed it), else a refusal.
    ///
    /// Whether it is a regular file is checked where it is read (bodies when sent, TLS files by the transport).
    public func readable(_ path: String, for use: String) throws(TrustRefusal) -> String {
        let resolved = RealPath.of(path, against: baseDirectory)
        guard isUnderRoot(resolved) || allows(resolved) else {
            throw refusal(.readOutsideRoot, path: path, resolved: resolved, use: use, root: root)
        }
        return resolved
    }

    /// The real path of a file to write, when it lies under the root and replaces nothing the run did not write.
    public func writable(_ path: String, for use: String) throws(TrustRefusal) -> String {
        let resolved = RealPath.of(path, against: baseDirectory)
        guard isUnderRoot(resolved) || allows(resolved) else {
            throw refusal(.writeOutsideRoot, path: path, resolved: resolved, use: use, root: root)
        }
        var info = stat()
        if lstat(resolved, &info) == 0 {
            if (info.st_mode & S_IFMT) != S_IFREG {
                throw refusal(.notRegularFile, path: path, resolved: resolved, use: use, root: root)
            }
            if !policy.mayReplaceFiles, writes?.contains(resolved) != true {
                throw refusal(.wouldReplace, path: path, resolved: resolved, use: use, root: root)
            }
        }
        return resolved
    }

    /// Writes `data` to a path the collection names, after `writable` lets it through.
    ///
    /// The file is opened without following a symlink and, unless replacing is allowed, only when it does not
    /// exist yet, so nothing can be swapped in between the check and the write. Returns the real path written.
    @discardableResult
    public func write(_ data: Data, to path: String, for use: String) throws(TrustRefusal) -> String {
        let resolved = try writable(path, for: use)
        let replacing = policy.mayReplaceFiles || writes?.contains(resolved) == true
        let flags = O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC | (replacing ? O_TRUNC : O_EXCL)
        let descriptor = open(resolved, flags, 0o644)
        guard descriptor >= 0 else {
            let code = errno
            if code == EEXIST { throw refusal(.wouldReplace, path: path, resolved: resolved, use: use, root: root) }
            throw refusal(.writeFailed(reason: String(cString: strerror(code))), path: path, resolved: resolved, use: use, root: root)
        }
        defer { close(descriptor) }
        do {
            try POSIXFile.writeAll(descriptor, data, path: resolved)
        } catch {
            throw refusal(.writeFailed(reason: Self.reason(of: error)), path: path, resolved: resolved, use: use, root: root)
        }
        writes?.insert(resolved)
        return resolved
    }

    /// Whether the user allowed this real path one at a time (the app records the path the user chose).
    private func allows(_ resolved: String) -> Bool {
        policy.allowedFiles.contains(resolved) || policy.allowedFiles.contains { RealPath.of($0, against: nil) == resolved }
    }

    /// The system's words for a failed write, without the path (the refusal names it).
    private static func reason(of error: StoreError) -> String {
        if case .io(_, _, let message) = error { return message }
        return error.description
    }

    private func refusal(_ kind: TrustRefusal.Kind, path: String, resolved: String, use: String, root: String) -> TrustRefusal {
        TrustRefusal(kind: kind, path: path, resolved: resolved, use: use, root: root, source: source)
    }
}
