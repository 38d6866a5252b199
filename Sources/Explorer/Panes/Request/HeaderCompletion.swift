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

    /// The names for typed text, case-insensitively: those starting with it, then those containing it; all names when it is empty.
    public static func names(matching typed: String) -> [String] {
        ranked(names, matching: typed)
    }

    /// The values of header `name` for typed text: those starting with it, then those containing it.
    public static func values(for name: String, matching typed: String) -> [String] {
        ranked(values[name.lowercased()] ?? [], matching: typed)
    }

    /// The suggestions for the cell being edited in a headers table: names in the name column, values in the value column.
    public static func suggestions(for table: KeyValueTable) -> [String] {
        guard let editor = table.editor else { return [] }
        if table.column == 0 { return names(matching: editor.text) }
        let name = table.rows.indices.contains(table.selected) ? table.rows[table.selected].name : ""
        return values(for: name, matching: editor.text)
    }

    /// The known name or value the cell's text already is, ignoring case (`content-type` gives `Content-Type`), or nil.
    public static func exactMatch(for table: KeyValueTable) -> String? {
        guard let editor = table.editor else { return nil }
        let lowered = editor.text.lowercased()
        let name = table.rows.indices.contains(table.selected) ? table.rows[table.selected].name : ""
        let known = table.column == 0 ? names : (values[name.lowercased()] ?? [])
        return known.first { $0.lowercased() == lowered }
    }

    /// Candidates that start with `typed`, then those that contain it, leaving out an exact match.
    private static func ranked(_ candidates: [String], matching typed: String) -> [String] {
        let lowered = typed.lowercased()
        let open = candidates.filter { $0.lowercased() != lowered }
        guard !lowered.isEmpty else { return open }
        let starting = open.filter { $0.lowercased().hasPrefix(lowered) }
        let containing = open.filter { !$0.lowercased().hasPrefix(lowered) && $0.lowercased().contains(lowered) }
        return starting + containing
    }
}
