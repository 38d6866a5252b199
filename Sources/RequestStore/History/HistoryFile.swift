import Foundation
import RequestKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The history as a JSON Lines file: appended under an exclusive lock, read whole, compacted atomically.
public struct HistoryFile: Sendable {
    /// The file's path.
    public let path: String

    /// Creates access to a history file; nothing is touched until used.
    public init(path: String) { self.path = path }

    /// What loading found: the entries, oldest first, and the lines that could not be read.
    public struct Contents: Sendable {
        /// Entries in file order (oldest first).
        public var entries: [HistoryEntry]
        /// Lines skipped, e.g. "line 12: torn last line (a crash during a write?), skipped".
        public var problems: [String]
        /// Where an unreadable history file was moved, when it was.
        public var movedAside: String?
    }

    /// Appends one line, in one write, under an exclusive lock, then fsyncs. Safe with other processes appending.
    ///
    /// If the file does not end with a newline (a torn write from a crash), a newline is written first so
    /// the new entry stays on a line of its own. A write that fails or stops part way (a full disk) is cut
    /// off again, so the file ends where it ended before and no torn line is left behind.
    public func append(line: [UInt8]) throws(StoreError) {
        let file = try LockedFile(path: path, flags: O_RDWR | O_APPEND | O_CREAT, permissions: 0o600, exclusive: true)
        let end = file.size
        var bytes: [UInt8] = []
        bytes.reserveCapacity(line.count + 2)
        if let last = file.lastByte(), last != 0x0A { bytes.append(0x0A) }
        bytes.append(contentsOf: line)
        bytes.append(0x0A)
        do {
            try POSIXFile.writeAll(file.descriptor, bytes, path: path)
            try POSIXFile.sync(file.descriptor, path: path)
        } catch {
            if file.size != end, ftruncate(file.descriptor, off_t(end)) == 0 { _ = fsync(file.descriptor) }
            throw error
        }
    }

    /// Appends an entry as one canonical line.
    public func append(_ entry: HistoryEntry) throws(StoreError) {
        let line: [UInt8]
        do { line = try CanonicalJSON.encodeLine(entry) } catch {
            throw .io(path: path, operation: "encode", message: String(describing: error))
        }
        try append(line: line)
    }

    /// The file's size in bytes, or zero when it does not exist.
    public var size: Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }

    /// Reads every entry. Unreadable lines are skipped and reported; a file with no readable line at all
    /// is moved aside as `history.jsonl.corrupt-<time>` and a fresh history starts.
    public func load() throws(StoreError) -> Contents {
        guard let data = try read() else { return Contents(entries: [], problems: [], movedAside: nil) }
        var contents = HistoryFile.parse(data)
        if contents.entries.isEmpty && HistoryFile.isUnreadable(contents.problems) {
            contents.movedAside = try moveAside()
        }
        return contents
    }

    /// The file's bytes, read under a shared lock; nil when there is no file.
    func read() throws(StoreError) -> Data? {
        do {
            let file = try LockedFile(path: path, flags: O_RDONLY, permissions: 0, exclusive: false)
            return try POSIXFile.readAll(file.descriptor, path: path)
        } catch {
            if case .io = error, !POSIXFile.exists(path) { return nil }
            throw error
        }
    }

    /// Whether problems found in a file without a single readable entry mean it should be moved aside (a torn last line alone does not).
    static func isUnreadable(_ problems: [String]) -> Bool {
        problems.contains { !$0.contains("torn last line") }
    }

    /// Parses JSON Lines bytes held in memory into entries and problems; what `load()` does after its checks on the file.
    public static func parse(_ data: Data) -> Contents {
        var entries: [HistoryEntry] = []
        var problems: [String] = []
        data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            HistoryFile.forEachLine(in: buffer.bindMemory(to: UInt8.self)) { line in
                do {
                    entries.append(try HistoryFile.entry(in: line.bytes))
                } catch {
                    problems.append(line.problem(error))
                }
            }
        }
        return Contents(entries: entries, problems: problems, movedAside: nil)
    }

    /// One non-empty line of a history file.
    struct Line {
        /// The line's bytes, without the line feed.
        var bytes: UnsafeBufferPointer<UInt8>
        /// Where they are in the file.
        var range: Range<Int>
        /// The line number, from 1.
        var number: Int
        /// Whether a line feed ends the line (the last line of a torn write does not).
        var isComplete: Bool

        /// The report for a line that could not be read, e.g. "line 3: not a valid history entry (…), skipped".
        func problem(_ error: Error) -> String {
            isComplete
                ? "line \(number): not a valid history entry (\(HistoryFile.reason(error))), skipped"
                : "line \(number): torn last line (a crash during a write?), skipped"
        }
    }

    /// Calls `body` with each non-empty line of JSON Lines bytes.
    static func forEachLine(in bytes: UnsafeBufferPointer<UInt8>, _ body: (Line) -> Void) {
        var lineStart = 0
        var lineNumber = 0
        while lineStart < bytes.count {
            lineNumber += 1
            let lineEnd = HistoryFile.lineEnd(in: bytes, from: lineStart)
            if lineEnd > lineStart {
                body(Line(
                    bytes: UnsafeBufferPointer(rebasing: bytes[lineStart..<lineEnd]), range: lineStart..<lineEnd,
                    number: lineNumber, isComplete: lineEnd < bytes.count))
            }
            lineStart = lineEnd + 1
        }
    }

    /// The offset of the next line feed at or after `start`, or the end of the bytes.
    private static func lineEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = bytes.baseAddress, start < bytes.count,
              let found = memchr(base + start, 0x0A, bytes.count - start) else { return bytes.count }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// The entry on one line: read straight from the tokens, or through `Decodable` when the line has another shape.
    static func entry(in line: UnsafeBufferPointer<UInt8>) throws -> HistoryEntry {
        do {
            return try HistoryLineReader.entry(in: line)
        } catch is HistoryLineReader.Mismatch {
            return try CanonicalDecoder.decode(HistoryEntry.self, from: try ParsedJSON.parse(line), codingPath: [])
        }
    }

    /// What was wrong with a line, without the JSON parser's byte offset.
    static func reason(_ error: Error) -> String {
        if let syntax = error as? JSONSyntaxError { return syntax.reason }
        return String(describing: error)
    }

    /// Moves the file aside with a timestamp and returns the new path.
    func moveAside() throws(StoreError) -> String {
        let stamp = Int(Date().timeIntervalSince1970)
        var target = "\(path).corrupt-\(stamp)"
        var attempt = 1
        while POSIXFile.exists(target) {
            attempt += 1
            target = "\(path).corrupt-\(stamp)-\(attempt)"
        }
        guard rename(path, target) == 0 else { throw .io(path: path, operation: "rename", message: POSIXFile.errorText()) }
        return target
    }

    /// Rewrites the file under the exclusive lock keeping only the newest `maximum` readable entries; returns the ids removed.
    ///
    /// The new file is written beside the old one, fsynced, and renamed over it, so a crash keeps one or the other.
    @discardableResult
    public func compact(keeping maximum: Int) throws(StoreError) -> [String] {
        try rewrite { ids in ids.count > maximum ? Set(ids.indices.prefix(ids.count - maximum)) : [] }
    }

    /// Removes the entries with these ids (and unreadable lines), under the exclusive lock; returns the ids removed.
    @discardableResult
    public func remove(ids: Set<String>) throws(StoreError) -> [String] {
        try rewrite { entries in Set(entries.indices.filter { ids.contains(entries[$0]) }) }
    }

    /// Empties the file, unreadable lines included, under the exclusive lock; returns the ids removed.
    @discardableResult
    public func removeAll() throws(StoreError) -> [String] {
        try rewrite(evenIfNothingIsDropped: true) { Set($0.indices) }
    }

    /// Rewrites the file without the entries at the positions `dropping` picks from the readable entries' ids
    /// (oldest first), and without unreadable lines; returns the ids dropped. Unless told otherwise, nothing is
    /// written when no entry is dropped.
    private func rewrite(evenIfNothingIsDropped: Bool = false, dropping: ([String]) -> Set<Int>) throws(StoreError) -> [String] {
        let file = try LockedFile(path: path, flags: O_RDWR | O_CREAT, permissions: 0o600, exclusive: true)
        let data = try POSIXFile.readAll(file.descriptor, path: path)
        let lines = HistoryFile.validLines(data)
        let dropped = dropping(lines.map(\.id))
        guard !dropped.isEmpty || evenIfNothingIsDropped else { return [] }
        var output: [UInt8] = []
        output.reserveCapacity(data.count)
        for (position, line) in lines.enumerated() where !dropped.contains(position) {
            output.append(contentsOf: line.bytes)
            output.append(0x0A)
        }
        try AtomicFile.write(Data(output), to: path, permissions: 0o600)
        return dropped.sorted().map { lines[$0].id }
    }

    /// The complete, readable lines of a history file with their ids.
    private static func validLines(_ data: Data) -> [(id: String, bytes: ArraySlice<UInt8>)] {
        let bytes = Array(data)
        var result: [(id: String, bytes: ArraySlice<UInt8>)] = []
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            if end < bytes.count, end > start {
                let line = bytes[start..<end]
                if let id = line.withUnsafeBufferPointer({ try? HistoryLineReader.id(in: $0) }) {
                    result.append((id, line))
                }
            }
            start = end + 1
        }
        return result
    }
}
