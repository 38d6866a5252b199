import Foundation
import RequestStore

/// The picker `d` opens: the earlier responses of the same request from the history, newest first, then a row
/// for comparing with a file.
public struct ComparePicker: Hashable, Sendable {
    /// The response shown now, the second side of the comparison.
    public var current: ComparedResponse
    /// The history entries offered (with a response), newest first.
    public var entries: [HistoryEntry]
    /// Whether the history is still being read.
    public var loading: Bool
    /// Why no entries could be offered, if so.
    public var problem: String?
    /// The selected row; `entries.count` is the file row.
    public var selected: Int

    /// A picker waiting for the history (or with nothing to read when `loading` is false).
    public init(current: ComparedResponse, loading: Bool, problem: String? = nil) {
        self.current = current
        self.entries = []
        self.loading = loading
        self.problem = problem
        self.selected = 0
    }

    /// The number of rows: the entries and the file row.
    public var rowCount: Int { entries.count + 1 }

    /// Whether the file row is selected.
    public var fileRowSelected: Bool { selected >= entries.count }

    /// An entry's row: its time, status and size.
    public static func row(for entry: HistoryEntry) -> String {
        let status = entry.status.map { "\($0)" } ?? "ERR"
        let reason = entry.reason.isEmpty ? "" : " " + entry.reason
        return "\(timestamp(entry.time))  \(status)\(reason)  \(ResponseFormatting.size(Int64(entry.size)))"
    }

    /// A time as `2026-11-30 18:02:11` in the local time zone.
    public static func timestamp(_ time: Date) -> String {
        let parts = Calendar.current.dateComponents([.year, .month, .day, .hour, .minute, .second], from: time)
        func two(_ value: Int?) -> String { let v = value ?? 0; return v < 10 ? "0\(v)" : "\(v)" }
        return "\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day)) \(two(parts.hour)):\(two(parts.minute)):\(two(parts.second))"
    }
}
