/// Completion of common header names and values in the Headers table.
public enum HeaderCompletion {
    /// Header names offered, in the order they are tried.
    public static let names = [
        "Accept", "Accept-Encoding", "Accept-Language", "Authorization", "Cache-Control", "Connection",
        "Content-Disposition", "Content-Encoding", "Content-Length", "Content-Type", "Cookie", "DNT", "ETag",
        "Host", "If-Match", "If-Modified-Since", "If-None-Match", "Origin", "Pragma", "Range", "Referer",
        "User-Agent", "X-API-Key", "X-Correlation-ID", "X-Forwarded-For", "X-Request-ID", "X-Requested-With",
    ]

    /// Values offered for some headers, by lower-cased name.
    public static let values: [String: [String]] = [
        "accept": ["application/json", "application/xml", "text/html", "text/plain", "*/*"],
        "content-type": ["application/json", "application/x-www-form-urlencoded", "multipart/form-data", "text/plain", "application/xml", "application/octet-stream"],
        "accept-encoding": ["gzip, deflate, br", "gzip", "identity"],
        "cache-control": ["no-cache", "no-store", "max-age=0"],
        "connection": ["keep-alive", "close"],
        "authorization": ["Bearer ", "Basic "],
    ]

    /// The candidates for a name prefix, case-insensitively; all names when the prefix is empty.
    public static func names(matching prefix: String) -> [String] {
        let lowered = prefix.lowercased()
        return names.filter { $0.lowercased().hasPrefix(lowered) && $0.count > prefix.count }
    }

    /// The candidates for a value prefix of header `name`.
    public static func values(for name: String, matching prefix: String) -> [String] {
        let lowered = prefix.lowercased()
        return (values[name.lowercased()] ?? []).filter { $0.lowercased().hasPrefix(lowered) && $0.count > prefix.count }
    }
}
