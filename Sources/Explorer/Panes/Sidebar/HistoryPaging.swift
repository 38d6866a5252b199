/// How far the History sidebar has read into the history file: the newest `limit` entries that `filter`
/// matches are loaded, and whether older ones match too.
public struct HistoryPaging: Hashable, Sendable {
    /// How many entries one read adds.
    public static let pageSize = 200

    /// The filter the loaded entries were searched with.
    public var filter = ""
    /// How many matching entries are asked for.
    public var limit = HistoryPaging.pageSize
    /// Whether older entries may match too (unknown counts as yes until a read says).
    public var hasMore = true
    /// Whether a read is under way.
    public var isLoading = false

    /// The first page of a filter.
    public init(filter: String = "") {
        self.filter = filter
    }
}
