/// Reading JSON text into an `OrderedJSON` tree.
extension OrderedJSON {
    /// Parses a JSON document with `JSONScanner`, keeping members in their written order.
    public static func parse(_ bytes: some Sequence<UInt8>) throws(NetworkError) -> OrderedJSON {
        throw NetworkError.invalidJSON("not available yet")
    }
}
