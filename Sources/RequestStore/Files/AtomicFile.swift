import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Replaces files so that a crash at any moment leaves either the old or the new content, never a mix.
public enum AtomicFile {
    /// The most symbolic links followed from a path to the file it names, as the kernel allows.
    static let maximumLinks = 40

    /// Writes bytes to a temporary file in the same folder, fsyncs it, renames it over `path`, and fsyncs the folder.
    ///
    /// When `path` is a symbolic link, the file it points to is replaced and the link kept, as editors do.
    /// An existing file keeps its owner and group (as far as this process may set them); `permissions`
    /// applies to the new file, and when nil an existing file's permissions are kept (0644 for a new one).
    public static func write(_ data: Data, to path: String, permissions: mode_t? = nil) throws(StoreError) {
        let target = try linkTarget(of: path)
        let directory = (target as NSString).deletingLastPathComponent.isEmpty ? "." : (target as NSString).deletingLastPathComponent
        let name = (target as NSString).lastPathComponent
        var existing = stat()
        let exists = stat(target, &existing) == 0
        let mode = permissions ?? (exists ? existing.st_mode & 0o7777 : 0o644)
        let temporary = directory + "/." + name + ".tmp-" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw .io(path: temporary, operation: "create", message: POSIXFile.errorText()) }
        var renamed = false
        defer { if !renamed { unlink(temporary) } }
        do {
            try POSIXFile.writeAll(descriptor, data, path: temporary)
            if exists { keepOwner(of: existing, on: descriptor) }
            fchmod(descriptor, mode)
            try POSIXFile.sync(descriptor, path: temporary)
        } catch {
            close(descriptor)
            throw error
        }
        close(descriptor)
        guard rename(temporary, target) == 0 else { throw .io(path: target, operation: "rename", message: POSIXFile.errorText()) }
        renamed = true
        try POSIXFile.syncDirectory(directory)
    }

    /// The file `path` names once its symbolic links are followed (itself when it is none); it need not exist.
    static func linkTarget(of path: String) throws(StoreError) -> String {
        var current = path
        for _ in 0...maximumLinks {
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(current, &buffer, buffer.count - 1)
            guard length >= 0 else { throw .io(path: current, operation: "read link", message: POSIXFile.errorText()) }
            let destination = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if destination.hasPrefix("/") {
                current = destination
            } else {
                let folder = (current as NSString).deletingLastPathComponent
                current = folder.isEmpty ? destination : folder + "/" + destination
            }
        }
        throw .io(path: path, operation: "follow links", message: "more than \(maximumLinks) symbolic links in a row")
    }

    /// Gives the new file the owner and group of the one it replaces; when the owner cannot be set (not root),
    /// the group alone, which works for any group this process belongs to.
    private static func keepOwner(of existing: stat, on descriptor: Int32) {
        var now = stat()
        guard fstat(descriptor, &now) == 0, now.st_uid != existing.st_uid || now.st_gid != existing.st_gid else { return }
        if fchown(descriptor, existing.st_uid, existing.st_gid) == 0 { return }
        _ = fchown(descriptor, uid_t.max, existing.st_gid)
    }
}
