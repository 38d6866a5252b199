import Foundation

/// Why a body file could not be mapped into memory.
public struct MappedFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What happened and what to do.
    public var message: String

    /// The message.
    public var description: String { message }
}

/// Maps a file into memory read-only, so its bytes are read by the kernel as they are touched and never
/// copied into the process's own memory.
public enum MappedFile {
    /// The whole file at `path` as `Data` backed by a private read-only mapping, unmapped when the last copy
    /// of the data goes away; an empty file gives empty data.
    public static func data(atPath path: String) throws(MappedFileError) -> Data {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw MappedFileError(message: "cannot open the body file '\(path)': \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw MappedFileError(message: "cannot read the size of the body file '\(path)': \(String(cString: strerror(errno)))")
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            throw MappedFileError(message: "the body file '\(path)' is not a regular file")
        }
        guard status.st_size > 0 else { return Data() }
        guard let size = Int(exactly: status.st_size) else {
            throw MappedFileError(message: "the body file '\(path)' is too large to map")
        }
        guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED else {
            throw MappedFileError(message: "cannot map the body file '\(path)' into memory: \(String(cString: strerror(errno)))")
        }
        return Data(bytesNoCopy: address, count: size, deallocator: .custom { pointer, count in _ = munmap(pointer, count) })
    }
}

extension Response {
    /// The whole body: `body` when it was kept in memory, else the file at `bodyPath` mapped read-only (see
    /// `MappedFile`). The mapping stays readable after a temporary body file is removed.
    public func mappedBody() throws(MappedFileError) -> Data {
        guard body.isEmpty, let bodyPath else { return body }
        return try MappedFile.data(atPath: bodyPath)
    }
}
