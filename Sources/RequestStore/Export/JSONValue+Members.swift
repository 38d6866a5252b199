/// Shorthands for building JSON trees in exporters.
extension JSONValue {
    /// An object from key/value pairs, leaving out pairs whose value is nil.
    static func members(_ pairs: [(String, JSONValue?)]) -> JSONValue {
        .object(pairs.compactMap { key, value in value.map { JSONMember(key: key, value: $0) } })
    }
}
