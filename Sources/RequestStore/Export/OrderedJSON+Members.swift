import RequestKit
/// Shorthands for building JSON trees in exporters.
extension OrderedJSON {
    /// An object from key/value pairs, leaving out pairs whose value is nil.
    static func members(_ pairs: [(String, OrderedJSON?)]) -> OrderedJSON {
        .object(pairs.compactMap { key, value in value.map { JSONMember(key: key, value: $0) } })
    }
}
