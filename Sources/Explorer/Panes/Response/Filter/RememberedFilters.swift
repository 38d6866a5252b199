/// The response filter last applied to each request, by request key; past `limit`, the least recently used is forgotten.
public struct RememberedFilters: Hashable, Sendable {
    /// The most requests whose filter is remembered.
    public static let limit = 200
    /// The filters, by request key.
    private var filters: [String: String] = [:]
    /// The keys, least recently used first.
    private var order: [String] = []

    /// Nothing remembered.
    public init() {}

    /// The filter remembered for `key`, if any.
    public subscript(key: String) -> String? { filters[key] }

    /// How many requests have a filter remembered.
    public var count: Int { filters.count }

    /// Remembers `filter` for `key` as the most recently used, forgetting the least recently used one past the limit.
    public mutating func remember(_ filter: String, for key: String) {
        if filters[key] != nil {
            order.removeAll { $0 == key }
        } else if order.count >= Self.limit {
            filters[order.removeFirst()] = nil
        }
        order.append(key)
        filters[key] = filter
    }

    /// The filter remembered for `key`, which becomes the most recently used.
    public mutating func use(_ key: String) -> String? {
        guard let filter = filters[key] else { return nil }
        order.removeAll { $0 == key }
        order.append(key)
        return filter
    }

    /// Forgets the filter of `key`.
    public mutating func forget(_ key: String) {
        guard filters.removeValue(forKey: key) != nil else { return }
        order.removeAll { $0 == key }
    }
}
