import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Thin wrappers over the POSIX calls the store needs, turning failures into `StoreError.io`.
enum POSIXFile {
    /// The text of the current `errno`.
    static func errorText(_ code: Int32 = errno) -> String {
        String(cString: strerror(code))
    }

    /// Writes every byte to a descriptor, retrying after short writes and interruptions.
    static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer, path: String) throws(StoreError) {
        var offset = 0
        while offset < bytes.count {
            guard let base = bytes.baseAddress else { return }
            let written = write(descriptor, base + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw .io(path: path, operation: "write", message: errorText())
            }
            offset += written
        }
    }

    /// Writes Data to a descriptor.
    static func writeAll(_ descriptor: Int32, _ data: Data, path: String) throws(StoreError) {
        do {
            try data.withUnsafeBytes { buffer in try writeAll(descriptor, buffer, path: path) }
        } catch let error as StoreError {
            throw error
        } catch {
            throw .io(path: path, operation: "write", message: String(describing: error))
        }
    }

    /// Writes a byte array to a descriptor.
    static func writeAll(_ descriptor: Int32, _ bytes: [UInt8], path: String) throws(StoreError) {
        try bytes.withUnsafeBufferPointer { (buffer) throws(StoreError) in try writeAll(descriptor, UnsafeRawBufferPointer(buffer), path: path) }
    }

    /// Flushes a descriptor's data to the disk.
    static func sync(_ descriptor: Int32, path: String) throws(StoreError) {
        if fsync(descriptor) != 0 { throw .io(path: path, operation: "fsync", message: errorText()) }
    }

    /// Flushes a directory, so that a rename inside it survives a crash.
    static func syncDirectory(_ path: String) throws(StoreError) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY)
        guard descriptor >= 0 else { throw .io(path: path, operation: "open directory", message: errorText()) }
        defer { close(descriptor) }
        try sync(descriptor, path: path)
    }

    /// Reads a whole file, or nil when it does not exist.
    static func read(_ path: String) throws(StoreError) -> Data? {
        let descriptor = open(path, O_RDONLY)
        if descriptor < 0 {
            if errno == ENOENT { return nil }
            throw .io(path: path, operation: "open", message: errorText())
        }
        defer { close(descriptor) }
        return try readAll(descriptor, path: path)
    }

    /// Reads everything from a descriptor's current position to its end.
    ///
    /// The bytes are read straight into one buffer sized from `fstat` (grown if the file grows meanwhile)
    /// which the returned Data then owns, so a large file is neither copied nor zero-filled first.
    static func readAll(_ descriptor: Int32, path: String) throws(StoreError) -> Data {
        var info = stat()
        var capacity = 64 * 1024
        if fstat(descriptor, &info) == 0, info.st_size > 0 { capacity = Int(info.st_size) + 1 }
        guard var buffer = malloc(capacity) else { throw .io(path: path, operation: "read", message: "out of memory for \(capacity) bytes") }
        var count = 0
        while true {
            if count == capacity {
                capacity *= 2
                guard let grown = realloc(buffer, capacity) else {
                    free(buffer)
                    throw .io(path: path, operation: "read", message: "out of memory for \(capacity) bytes")
                }
                buffer = grown
            }
            let received = Glibc.read(descriptor, buffer + count, capacity - count)
            if received < 0 {
                if errno == EINTR { continue }
                let message = errorText()
                free(buffer)
                throw .io(path: path, operation: "read", message: message)
            }
            if received == 0 { break }
            count += received
        }
        if count == 0 {
            free(buffer)
            return Data()
        }
        return Data(bytesNoCopy: buffer, count: count, deallocator: .free)
    }

    /// Whether a path exists.
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// Whether a path is a directory.
    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// The permission bits of a file, or nil when it does not exist.
    static func permissions(_ path: String) -> mode_t? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return info.st_mode & 0o7777
    }

    /// Creates a directory and its parents; new directories get `mode`.
    ///
    /// The missing folders are found walking up and made walking down, without recursion.
    static func makeDirectory(_ path: String, mode: mode_t) throws(StoreError) {
        var missing: [String] = []
        var current = path
        while !current.isEmpty, !isDirectory(current) {
            missing.append(current)
            let parent = (current as NSString).deletingLastPathComponent
            if parent == current { break }
            current = parent
        }
        for folder in missing.reversed() {
            if mkdir(folder, mode) != 0 && errno != EEXIST {
                throw .io(path: folder, operation: "create directory", message: errorText())
            }
            chmod(folder, mode)
        }
    }
}
