#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An open file held under an exclusive or shared `flock`, reopened if the file was replaced while waiting.
struct LockedFile: ~Copyable {
    /// The open descriptor.
    let descriptor: Int32
    /// The path it was opened from.
    let path: String

    /// Opens (creating with `permissions` if needed) and locks a file.
    ///
    /// When another process replaced the file by renaming (a compaction) while this one waited for the lock,
    /// the lock is on the old file; the new file is opened and locked instead, so no write goes to a dead file.
    init(path: String, flags: Int32, permissions: mode_t, exclusive: Bool) throws(StoreError) {
        while true {
            let descriptor = open(path, flags | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, permissions)
            guard descriptor >= 0 else {
                if errno == ELOOP { throw .io(path: path, operation: "open", message: Self.notRegular("a symbolic link")) }
                throw .io(path: path, operation: "open", message: POSIXFile.errorText())
            }
            var kind = stat()
            guard fstat(descriptor, &kind) == 0, kind.st_mode & S_IFMT == S_IFREG else {
                close(descriptor)
                throw .io(path: path, operation: "open", message: Self.notRegular("not a regular file (a FIFO, a device or a folder)"))
            }
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
            var result: Int32
            repeat { result = flock(descriptor, exclusive ? LOCK_EX : LOCK_SH) } while result != 0 && errno == EINTR
            guard result == 0 else {
                let message = POSIXFile.errorText()
                close(descriptor)
                throw .io(path: path, operation: "lock", message: message)
            }
            var opened = stat()
            var current = stat()
            if fstat(descriptor, &opened) == 0, stat(path, &current) == 0, opened.st_ino == current.st_ino, opened.st_dev == current.st_dev {
                self.descriptor = descriptor
                self.path = path
                return
            }
            flock(descriptor, LOCK_UN)
            close(descriptor)
        }
    }

    /// The message for a path that is not a regular file curlew may write.
    private static func notRegular(_ what: String) -> String {
        "it is \(what); curlew reads and writes only a regular file here. Move it away and run again"
    }

    /// The file's size now.
    var size: Int {
        var info = stat()
        return fstat(descriptor, &info) == 0 ? Int(info.st_size) : 0
    }

    /// The last byte of the file, or nil when it is empty.
    func lastByte() -> UInt8? {
        let size = self.size
        guard size > 0 else { return nil }
        var byte: UInt8 = 0
        return pread(descriptor, &byte, 1, off_t(size - 1)) == 1 ? byte : nil
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
