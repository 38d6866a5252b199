import RequestKit
/// Writes Postman's URL object: `raw` with the query, plus the split into protocol, host, port, path and query.
enum PostmanURLWriter {
    /// The URL object for a URL text and its query rows.
    ///
    /// The query rows go into `raw` where curlew sends them, before any fragment. A URL with a query or fragment of
    /// its own keeps them in `raw` only, without a `query` list (which would stand for the whole query).
    static func url(_ url: String, query: [KeyValueRow]) -> OrderedJSON {
        let raw = URLQueryPlacement.appending(PlaceholderPreservingEncoding.pairs(query.filter(\.enabled)), to: url)
        let listed = URLQueryPlacement.hasQueryOrFragment(url) ? [] : query
        var rest = Substring(url)
        var scheme: String?
        if let range = rest.range(of: "://") {
            scheme = String(rest[..<range.lowerBound])
            rest = rest[range.upperBound...]
        }
        if let mark = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<mark] }
        let authority = rest.prefix { $0 != "/" }
        let path = rest.dropFirst(authority.count).split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        var host = String(authority)
        var port: String?
        if let colon = authority.lastIndex(of: ":"), !authority[authority.index(after: colon)...].contains("}") {
            host = String(authority[..<colon])
            port = String(authority[authority.index(after: colon)...])
        }
        let hostParts = host.hasPrefix("{{") ? [host] : host.split(separator: ".").map(String.init)
        return .members([
            ("raw", .string(raw)),
            ("protocol", scheme.map(OrderedJSON.string)),
            ("host", .array(hostParts.map(OrderedJSON.string))),
            ("port", port.map(OrderedJSON.string)),
            ("path", .array(path.map(OrderedJSON.string))),
            ("query", listed.isEmpty ? nil : .array(listed.map { row in
                .members([
                    ("key", .string(PlaceholderPreservingEncoding.encode(row.name))),
                    ("value", .string(PlaceholderPreservingEncoding.encode(row.value))),
                    ("disabled", row.enabled ? nil : .bool(true)),
                ])
            })),
        ])
    }
}
