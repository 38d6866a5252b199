/// Chooses the saved body kind for a text body from its Content-Type, the way a person would file it.
enum SavedBodyInference {
    /// The body for a text and the header rows left once the Content-Type it implies is taken out.
    ///
    /// `application/json` gives a JSON body; `application/x-www-form-urlencoded` gives form rows when
    /// the text splits exactly; anything else is raw text carrying its Content-Type.
    static func body(text: String, headers: [KeyValueRow]) -> (body: SavedBody, headers: [KeyValueRow]) {
        let index = headers.firstIndex { $0.enabled && $0.name.lowercased() == "content-type" }
        let contentType = index.map { headers[$0].value }
        var remaining = headers
        if let index { remaining.remove(at: index) }
        let normalized = contentType?.lowercased().trimmingSpaces
        if normalized == "application/json" {
            return (.json(text), remaining)
        }
        if normalized == "application/x-www-form-urlencoded", let rows = URLEncodedPairs.formRows(text) {
            return (.form(rows), remaining)
        }
        if text.isEmpty && contentType == nil { return (.none, headers) }
        return (.raw(text: text, contentType: contentType), remaining)
    }

    /// The Content-Type header's value, and the rows without it.
    static func takeContentType(from headers: [KeyValueRow]) -> (contentType: String?, headers: [KeyValueRow]) {
        guard let index = headers.firstIndex(where: { $0.enabled && $0.name.lowercased() == "content-type" }) else { return (nil, headers) }
        var remaining = headers
        let row = remaining.remove(at: index)
        return (row.value, remaining)
    }
}

private extension String {
    /// The text without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
