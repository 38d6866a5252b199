import Foundation
import RequestKit

/// The fields of a history entry that listing and filtering need, and where the whole entry is in the file.
public struct HistorySummary: Hashable, Sendable {
    /// The entry's identifier.
    public var id: String
    /// When the request was sent.
    public var time: Date
    /// The method.
    public var method: HTTPMethod
    /// The final URL.
    public var url: String
    /// The response status, or nil when no response came.
    public var status: Int?
    /// The reason phrase.
    public var reason: String
    /// How long the whole exchange took, in milliseconds.
    public var durationMs: Double?
    /// The response body size in bytes.
    public var size: Int
    /// The saved request this was sent from, if any.
    public var source: String?
    /// What went wrong when there is no response.
    public var error: String?
    /// The line's bytes in the history file.
    public var lineRange: Range<Int>
    /// The line number in the history file, from 1.
    public var lineNumber: Int

    /// The summary of an entry read whole.
    init(_ entry: HistoryEntry, lineRange: Range<Int>, lineNumber: Int) {
        self.init(
            id: entry.id, time: entry.time, method: entry.method, url: entry.url, status: entry.status, reason: entry.reason,
            durationMs: entry.durationMs, size: entry.size, source: entry.source, error: entry.error, lineRange: lineRange, lineNumber: lineNumber)
    }

    /// Creates a summary.
    init(
        id: String, time: Date, method: HTTPMethod, url: String, status: Int?, reason: String, durationMs: Double?, size: Int,
        source: String?, error: String?, lineRange: Range<Int>, lineNumber: Int
    ) {
        self.id = id
        self.time = time
        self.method = method
        self.url = url
        self.status = status
        self.reason = reason
        self.durationMs = durationMs
        self.size = size
        self.source = source
        self.error = error
        self.lineRange = lineRange
        self.lineNumber = lineNumber
    }
}
