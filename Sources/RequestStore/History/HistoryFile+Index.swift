import Foundation
import RequestKit

extension HistoryFile {
    /// The history read for listing: every line's summary fields and place in the file, with whole entries read on demand.
    ///
    /// Building it reads only each line's summary fields and skips its request and response by matching
    /// brackets, so listing and filtering a long history stays fast; `entry(_:)` then reads the one line
    /// a caller wants, whole and strictly. A torn or malformed line is reported as `load()` reports it,
    /// except damage inside a request or response part, which shows when that entry is read.
    public struct Index: Sendable {
        /// Summaries in file order (oldest first).
        public var summaries: [HistorySummary]
        /// Lines skipped, worded as `Contents.problems`.
        public var problems: [String]
        /// Where an unreadable history file was moved, when it was.
        public var movedAside: String?
        /// The file the summaries point into.
        let path: String
        /// The file's bytes when it was read.
        let data: Data

        /// The whole entry of a summary, read from its line; `.unreadable` names the line when its request or response part is malformed.
        public func entry(_ summary: HistorySummary) throws(StoreError) -> HistoryEntry {
            do {
                return try decodeEntry(summary)
            } catch {
                throw .unreadable(FileFormatError(
                    file: path, line: summary.lineNumber, column: 1, reason: "not a valid history entry (\(HistoryFile.reason(error)))"))
            }
        }

        /// The whole entry of a summary, or the parser's or decoder's own error.
        func decodeEntry(_ summary: HistorySummary) throws -> HistoryEntry {
            try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
                try HistoryFile.entry(in: UnsafeBufferPointer(rebasing: buffer.bindMemory(to: UInt8.self)[summary.lineRange]))
            }
        }
    }

    /// Reads the summary of every entry. Unreadable lines are skipped and reported, and a file with no
    /// readable line at all is moved aside, as `load()` does.
    public func loadIndex() throws(StoreError) -> Index {
        guard let data = try read() else { return Index(summaries: [], problems: [], movedAside: nil, path: path, data: Data()) }
        var index = HistoryFile.index(of: data, path: path)
        if index.summaries.isEmpty && HistoryFile.isUnreadable(index.problems) {
            index.movedAside = try moveAside()
        }
        return index
    }

    /// The index of JSON Lines bytes held in memory, as `loadIndex()` builds it after its checks on the file;
    /// `path` only names the file in the errors of `Index.entry(_:)`.
    public static func index(of data: Data, path: String) -> Index {
        var summaries: [HistorySummary] = []
        var problems: [String] = []
        data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            HistoryFile.forEachLine(in: buffer.bindMemory(to: UInt8.self)) { line in
                do {
                    summaries.append(try HistoryFile.summary(of: line))
                } catch {
                    problems.append(line.problem(error))
                }
            }
        }
        return Index(summaries: summaries, problems: problems, movedAside: nil, path: path, data: data)
    }

    /// The summary of one line: read straight from the tokens, or from the whole entry through `Decodable` when the line has another shape.
    private static func summary(of line: Line) throws -> HistorySummary {
        do {
            return try HistoryLineReader.summary(of: line)
        } catch is HistoryLineReader.Mismatch {
            let entry = try CanonicalDecoder.decode(HistoryEntry.self, from: try ParsedJSON.parse(line.bytes), codingPath: [])
            return HistorySummary(entry, lineRange: line.range, lineNumber: line.number)
        }
    }
}
