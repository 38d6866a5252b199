import Foundation
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
    /// the new entry stays on a line of its own.
    public func append(line: [UInt8]) throws(StoreError) {
        let file = try LockedFile(path: path, flags: O_RDWR | O_APPEND | O_CREAT, permissions: 0o600, exclusive: true)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(line.count + 2)
        if let last = file.lastByte(), last != 0x0A { bytes.append(0x0A) }
        bytes.append(contentsOf: line)
        bytes.append(0x0A)
        try POSIXFile.writeAll(file.descriptor, bytes, path: path)
        try POSIXFile.sync(file.descriptor, path: path)
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
        let data: Data
        do {
            let file = try LockedFile(path: path, flags: O_RDONLY, permissions: 0, exclusive: false)
            data = try POSIXFile.readAll(file.descriptor, path: path)
        } catch {
            if case .io = error, !POSIXFile.exists(path) { return Contents(entries: [], problems: [], movedAside: nil) }
            throw error
        }
        var contents = HistoryFile.parse(data)
        if contents.entries.isEmpty && contents.problems.contains(where: { !$0.contains("torn last line") }) {
            contents.movedAside = try moveAside()
        }
        return contents
    }

    /// Parses JSON Lines text into entries and problems.
    static func parse(_ data: Data) -> Contents {
        var entries: [HistoryEntry] = []
        var problems: [String] = []
        data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            let bytes = buffer.bindMemory(to: UInt8.self)
            var lineStart = 0
            var lineNumber = 0
            while lineStart < bytes.count {
                lineNumber += 1
                var lineEnd = lineStart
                while lineEnd < bytes.count, bytes[lineEnd] != 0x0A { lineEnd += 1 }
                let complete = lineEnd < bytes.count
                if lineEnd > lineStart {
                    do {
                        let tree = try JSONParser.parse(bytes.part(lineStart, lineEnd))
                        if let entry = HistoryEntry(parsed: tree) {
                            entries.append(entry)
                        } else {
                            entries.append(try CanonicalDecoder.decode(HistoryEntry.self, from: tree, codingPath: []))
                        }
                    } catch {
                        if complete {
                            problems.append("line \(lineNumber): not a valid history entry (\(HistoryFile.reason(error))), skipped")
                        } else {
                            problems.append("line \(lineNumber): torn last line (a crash during a write?), skipped")
                        }
                    }
                }
                lineStart = lineEnd + 1
            }
        }
        return Contents(entries: entries, problems: problems, movedAside: nil)
    }

    private static func reason(_ error: Error) -> String {
        if let syntax = error as? JSONSyntaxError { return syntax.reason }
        return String(describing: error)
    }

    /// Moves the file aside with a timestamp and returns the new path.
    private func moveAside() throws(StoreError) -> String {
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
        let file = try LockedFile(path: path, flags: O_RDWR | O_CREAT, permissions: 0o600, exclusive: true)
        let data = try POSIXFile.readAll(file.descriptor, path: path)
        let lines = HistoryFile.validLines(data)
        guard lines.count > maximum else { return [] }
        let kept = lines.suffix(maximum)
        var output: [UInt8] = []
        output.reserveCapacity(data.count)
        for line in kept {
            output.append(contentsOf: line.bytes)
            output.append(0x0A)
        }
        try AtomicFile.write(Data(output), to: path, permissions: 0o600)
        return lines.prefix(lines.count - maximum).map(\.id)
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
                if let tree = try? JSONParser.parse(Array(line)), case .object(let members) = tree.kind,
                   let id = members.first(where: { $0.key == "id" }), case .string(let text) = id.value.kind {
                    result.append((text, line))
                }
            }
            start = end + 1
        }
        return result
    }
}
