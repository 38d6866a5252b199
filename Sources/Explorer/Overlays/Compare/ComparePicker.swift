import Foundation
import RequestStore

/// The picker `d` opens: the earlier responses of the same request from the history, newest first, then the
/// request's saved examples, then a row for comparing with a file.
public struct ComparePicker: Hashable, Sendable {
    /// The response shown now, the second side of the comparison.
    public var current: ComparedResponse
    /// The history entries offered (with a response), newest first.
    public var entries: [HistoryEntry]
    /// The saved examples of the request shown, in the collection's order.
    public var examples: [SavedExample]
    /// Whether the history is still being read.
    public var loading: Bool
    /// Why no entries could be offered, if so.
    public var problem: String?
    /// The selected row: the entries, then the examples, then the file row.
    public var selected: Int
    /// The first row shown, kept by `AppState.keepListsInView` so the selected row shows.
    public var offset = 0

    /// A picker waiting for the history (or with nothing to read when `loading` is false).
    public init(current: ComparedResponse, loading: Bool, problem: String? = nil, examples: [SavedExample] = []) {
        self.current = current
        self.entries = []
        self.examples = examples
        self.loading = loading
        self.problem = problem
        self.selected = 0
    }

    /// The number of rows: the entries, the examples and the file row.
    public var rowCount: Int { entries.count + examples.count + 1 }

    /// Whether the file row is selected.
    public var fileRowSelected: Bool { selected >= entries.count + examples.count }

    /// The saved example selected, if an example's row is.
    public var selectedExample: SavedExample? {
        let index = selected - entries.count
        return examples.indices.contains(index) ? examples[index] : nil
    }

    /// A time as `2026-11-30 18:02:11` in the local time zone.
    public static func timestamp(_ time: Date) -> String {
        let parts = Calendar.current.dateComponents([.year, .month, .day, .hour, .minute, .second], from: time)
        func two(_ value: Int?) -> String { let v = value ?? 0; return v < 10 ? "0\(v)" : "\(v)" }
        return "\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day)) \(two(parts.hour)):\(two(parts.minute)):\(two(parts.second))"
    }
}
