import Foundation

/// A body segment whose size is known, checked before anything is sent.
struct SizedSegment: Sendable {
    /// Where the bytes come from.
    enum Source: Sendable {
        /// Bytes held in memory.
        case bytes(Data)
        /// A regular file read in chunks at send time.
        case file(path: String)
    }

    /// Where the bytes come from.
    var source: Source
    /// How many bytes the segment contributes.
    var size: Int64
}

/// Measures body segments: every file must exist, be a regular file and be readable.
enum BodyMeasurer {
    /// Returns the segments with their sizes, or `.unreadableFile` for the first file that cannot be sent.
    static func measure(_ segments: [BodySegment]) throws(NetworkError) -> [SizedSegment] {
        var sized: [SizedSegment] = []
        sized.reserveCapacity(segments.count)
        for segment in segments {
            switch segment {
            case .bytes(let data):
                sized.append(SizedSegment(source: .bytes(data), size: Int64(data.count)))
            case .file(let path):
                sized.append(SizedSegment(source: .file(path: path), size: try fileSize(path)))
            }
        }
        return sized
    }

    /// The size of a readable regular file.
    private static func fileSize(_ path: String) throws(NetworkError) -> Int64 {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw .unreadableFile(path: path, reason: String(cString: strerror(errno)))
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw .unreadableFile(path: path, reason: "it is not a regular file")
        }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            throw .unreadableFile(path: path, reason: String(cString: strerror(errno)))
        }
        close(descriptor)
        return Int64(info.st_size)
    }
}

/// Streams sized segments in order, opening each file only while it is being read.
final class BodyReader {
    private let segments: [SizedSegment]
    private var index = 0
    private var offsetInSegment: Int64 = 0
    private var descriptor: Int32 = -1
    /// The first failure while reading, reported when the transfer ends.
    private(set) var failure: NetworkError?

    /// The total number of bytes the body holds.
    let totalSize: Int64

    /// Creates a reader positioned at the start of the body.
    init(segments: [SizedSegment]) {
        self.segments = segments
        self.totalSize = segments.reduce(0) { $0 + $1.size }
    }

    deinit { closeFile() }

    /// Copies up to `capacity` bytes into `buffer`; returns 0 at the end, nil on a read failure.
    func read(into buffer: UnsafeMutableRawPointer, capacity: Int) -> Int? {
        var written = 0
        while written < capacity, index < segments.count {
            let segment = segments[index]
            let remaining = segment.size - offsetInSegment
            if remaining <= 0 {
                advance()
                continue
            }
            let wanted = Int(min(Int64(capacity - written), remaining))
            switch segment.source {
            case .bytes(let data):
                let start = data.startIndex + Int(offsetInSegment)
                data.withUnsafeBytes { raw in
                    guard let base = raw.baseAddress else { return }
                    (buffer + written).copyMemory(from: base + (start - data.startIndex), byteCount: wanted)
                }
                written += wanted
                offsetInSegment += Int64(wanted)
            case .file(let path):
                if descriptor < 0 {
                    descriptor = open(path, O_RDONLY)
                    guard descriptor >= 0 else {
                        return fail(path: path, reason: String(cString: strerror(errno)))
                    }
                    if offsetInSegment > 0, lseek(descriptor, off_t(offsetInSegment), SEEK_SET) < 0 {
                        return fail(path: path, reason: String(cString: strerror(errno)))
                    }
                }
                let count = Foundation.read(descriptor, buffer + written, wanted)
                if count < 0 {
                    return fail(path: path, reason: String(cString: strerror(errno)))
                }
                if count == 0 {
                    return fail(path: path, reason: "the file became shorter while it was being sent")
                }
                written += count
                offsetInSegment += Int64(count)
            }
        }
        return written
    }

    /// Moves to an absolute body offset, as a rewind for a redirect or authentication retry needs.
    func seek(to offset: Int64) -> Bool {
        guard offset >= 0, offset <= totalSize else { return false }
        closeFile()
        var start: Int64 = 0
        index = 0
        while index < segments.count, offset >= start + segments[index].size {
            start += segments[index].size
            index += 1
        }
        offsetInSegment = offset - start
        return true
    }

    private func advance() {
        closeFile()
        index += 1
        offsetInSegment = 0
    }

    private func fail(path: String, reason: String) -> Int? {
        failure = .unreadableFile(path: path, reason: reason)
        closeFile()
        return nil
    }

    private func closeFile() {
        if descriptor >= 0 {
            close(descriptor)
            descriptor = -1
        }
    }
}
