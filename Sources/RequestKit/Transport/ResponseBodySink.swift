import CCurl
import Foundation

/// Where the decoded bytes of a response body go: memory up to `ResponseSizeLimit.memoryPart` (or a
/// `BodySpill`'s threshold), then a temporary file (in the spill's folder), or the caller's output file from
/// the start; past the limit it refuses more.
///
/// The bytes counted are those libcurl hands over after undoing any Content-Encoding, so a small
/// compressed body that inflates past the limit is stopped while it inflates.
struct ResponseBodySink {
    /// The largest body accepted, or nil for none.
    private(set) var limit: Int64?
    /// The body held in memory.
    private(set) var memory = Data()
    /// Decoded bytes received so far.
    private(set) var receivedBytes: Int64 = 0
    /// Decoded bytes received but not kept, past `keepAtMost`.
    private(set) var droppedBytes: Int64 = 0
    /// Decoded bytes kept, in memory or in a file.
    private var keptBytes: Int64 = 0
    /// How many bytes are kept at most; nil keeps them all.
    private var keepAtMost: Int64?
    /// The temporary file the body continued in, once it outgrew memory.
    private(set) var temporaryFile: TemporaryBodyFile?
    private var descriptor: Int32 = -1
    private let outputPath: String?
    private let memoryPart: Int
    /// The folder the temporary file is made in; nil for the system's temporary folder.
    private let spillDirectory: String?
    /// The body size the server announced (Content-Length), once known.
    private var announcedBytes: Int64?

    /// Creates a sink that writes to `outputPath` when given, else to memory and then a temporary file;
    /// past `keepAtMost` bytes it only counts them. A `spill` sets how much memory holds and where the file goes.
    init(limit: Int64?, outputPath: String?, memoryPart: Int = ResponseSizeLimit.memoryPart, keepAtMost: Int64? = nil, spill: BodySpill? = nil) {
        self.limit = limit
        self.outputPath = outputPath
        self.memoryPart = spill.map { Int(clamping: $0.threshold) } ?? memoryPart
        self.spillDirectory = spill?.directory
        self.keepAtMost = keepAtMost.map { max(0, $0) }
    }

    /// Notes the size the server announced for the body, before its first byte: a body announced larger than
    /// memory holds goes to the file from its first byte; one that fits is given its room at once, so the memory
    /// part never grows by copying (which would hold the body about twice at the moment of each copy).
    mutating func announce(bytes: Int64) {
        guard receivedBytes == 0, bytes >= 0 else { return }
        announcedBytes = bytes
        var room = min(bytes, Int64(memoryPart))
        if let limit { room = min(room, limit) }
        if let keepAtMost { room = min(room, keepAtMost) }
        if descriptor < 0, outputPath == nil, memory.isEmpty, room > 0 { memory.reserveCapacity(Int(room)) }
    }

    /// Changes the limit and how much is kept, before the first body byte.
    mutating func change(limit: Int64?, keepAtMost: Int64?) {
        self.limit = limit
        self.keepAtMost = keepAtMost.map { max(0, $0) }
    }

    /// Opens the caller's output file, truncating it.
    mutating func openOutput() throws(NetworkError) {
        guard let outputPath else { return }
        let opened = open(outputPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard opened >= 0 else {
            throw .transport(code: Int(CURLE_WRITE_ERROR.rawValue), message: "cannot create the output file '\(outputPath)': \(String(cString: strerror(errno)))")
        }
        descriptor = opened
    }

    /// Takes a chunk; the error says why it cannot (over the limit, or a write failed).
    mutating func append(_ bytes: UnsafeRawBufferPointer) -> NetworkError? {
        if let limit, receivedBytes + Int64(bytes.count) > limit {
            return .responseTooLarge(limit: limit)
        }
        receivedBytes += Int64(bytes.count)
        var bytes = bytes
        if let keepAtMost {
            let room = Int(min(Int64(bytes.count), max(0, keepAtMost - keptBytes)))
            droppedBytes += Int64(bytes.count - room)
            bytes = UnsafeRawBufferPointer(rebasing: bytes[0..<room])
            if room == 0 { return nil }
        }
        keptBytes += Int64(bytes.count)
        let announcedTooLarge = (announcedBytes ?? 0) > Int64(memoryPart) && keepAtMost.map { $0 > Int64(memoryPart) } ?? true
        if descriptor < 0, memory.count + bytes.count <= memoryPart, !announcedTooLarge {
            memory.append(contentsOf: bytes)
            return nil
        }
        if descriptor < 0, let failure = spill() { return failure }
        return writeAll(bytes)
    }

    /// Hands over the temporary file to the response, so the sink no longer keeps it (and the file goes with the response).
    mutating func takeTemporaryFile() -> TemporaryBodyFile? {
        defer { temporaryFile = nil }
        return temporaryFile
    }

    /// Closes the file the body went to.
    mutating func close() {
        if descriptor >= 0 {
            _ = Foundation.close(descriptor)
            descriptor = -1
        }
    }

    /// Moves the memory part to a new temporary file (mode 0600) and continues there.
    private mutating func spill() -> NetworkError? {
        let folder = spillDirectory ?? NSTemporaryDirectory()
        // A spill folder is made when first needed (its parent must exist); a failure shows in the file's error.
        if let spillDirectory { _ = mkdir(spillDirectory, 0o700) }
        guard let (opened, path) = Self.createExclusively(in: folder, prefix: BodySpill.filePrefix + "\(getpid())-") else {
            return .transport(code: Int(CURLE_WRITE_ERROR.rawValue), message: "cannot create a file in '\(folder)' for a body larger than \(memoryPart) bytes: \(String(cString: strerror(errno))); check that the folder exists and is writable")
        }
        descriptor = opened
        temporaryFile = TemporaryBodyFile(path: path)
        let held = memory
        memory = Data()
        return held.withUnsafeBytes { writeAll($0) }
    }

    /// Creates a new file `prefix` + a random name in `folder`, mode 0600 and close-on-exec from the start (a process
    /// spawned at the same moment never inherits it); nil with `errno` set when it cannot.
    private static func createExclusively(in folder: String, prefix: String) -> (descriptor: Int32, path: String)? {
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<16 {
            let name = String((0..<10).map { _ in letters[Int(generator.next(upperBound: UInt(letters.count)))] })
            let path = (folder.hasSuffix("/") ? folder : folder + "/") + prefix + name
            let opened = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if opened >= 0 { return (opened, path) }
            if errno != EEXIST { return nil }
        }
        return nil
    }

    private func writeAll(_ bytes: UnsafeRawBufferPointer) -> NetworkError? {
        guard let base = bytes.baseAddress else { return nil }
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, base + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                let path = outputPath ?? temporaryFile?.path ?? ""
                return .transport(code: Int(CURLE_WRITE_ERROR.rawValue), message: "cannot write the body to '\(path)': \(String(cString: strerror(errno))); check the free disk space and the folder's permissions")
            }
            offset += written
        }
        return nil
    }
}
