import Foundation
import RequestKit

/// A filter over the history; results come newest first.
public struct HistoryQuery: Hashable, Sendable {
    /// Only this method.
    public var method: HTTPMethod?
    /// Only statuses of this class: 2 for 2xx, 4 for 4xx; 0 for exchanges that got no response.
    public var statusClass: Int?
    /// Only URLs containing this text (case-insensitive).
    public var urlContains: String?
    /// Only entries at or after this time.
    public var since: Date?
    /// Only entries before this time.
    public var until: Date?
    /// At most this many entries.
    public var limit: Int?

    /// Creates a query; every filter left nil matches everything.
    public init(method: HTTPMethod? = nil, statusClass: Int? = nil, urlContains: String? = nil, since: Date? = nil, until: Date? = nil, limit: Int? = nil) {
        self.method = method
        self.statusClass = statusClass
        self.urlContains = urlContains
        self.since = since
        self.until = until
        self.limit = limit
    }

    /// Whether an entry passes every filter.
    public func matches(_ entry: HistoryEntry) -> Bool {
        matches(method: entry.method, status: entry.status, url: entry.url, time: entry.time)
    }

    /// Whether the entry a summary stands for passes every filter.
    public func matches(_ summary: HistorySummary) -> Bool {
        matches(method: summary.method, status: summary.status, url: summary.url, time: summary.time)
    }

    private func matches(method entryMethod: HTTPMethod, status: Int?, url: String, time: Date) -> Bool {
        if let method, entryMethod != method { return false }
        if let statusClass {
            if statusClass == 0 { if status != nil { return false } } else if (status ?? 0) / 100 != statusClass { return false }
        }
        if let urlContains, !urlContains.isEmpty, url.range(of: urlContains, options: .caseInsensitive) == nil { return false }
        if let since, time < since { return false }
        if let until, time >= until { return false }
        return true
    }

    /// The matching entries of a list kept oldest first, newest first.
    public func apply(to entries: [HistoryEntry]) -> [HistoryEntry] {
        var result: [HistoryEntry] = []
        for entry in entries.reversed() where matches(entry) {
            result.append(entry)
            if let limit, result.count >= limit { break }
        }
        return result
    }
}
