import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Replaces files so that a crash at any moment leaves either the old or the new content, never a mix.
public enum AtomicFile {
    /// Writes bytes to a temporary file in the same folder, fsyncs it, renames it over `path`, and fsyncs the folder.
    ///
    /// `permissions` applies to the new file; when nil, an existing file's permissions are kept (0644 for a new one).
    public static func write(_ data: Data, to path: String, permissions: mode_t? = nil) throws(StoreError) {
        let directory = (path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let mode = permissions ?? POSIXFile.permissions(path) ?? 0o644
        let temporary = directory + "/." + name + ".tmp-" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw .io(path: temporary, operation: "create", message: POSIXFile.errorText()) }
        var renamed = false
        defer { if !renamed { unlink(temporary) } }
        do {
            try POSIXFile.writeAll(descriptor, data, path: temporary)
            fchmod(descriptor, mode)
            try POSIXFile.sync(descriptor, path: temporary)
        } catch {
            close(descriptor)
            throw error
        }
        close(descriptor)
        guard rename(temporary, path) == 0 else { throw .io(path: path, operation: "rename", message: POSIXFile.errorText()) }
        renamed = true
        try POSIXFile.syncDirectory(directory)
    }
}
