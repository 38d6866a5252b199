/// Where exported query text goes in a URL that keeps `{{variables}}`: where curlew puts the query when it sends.
enum URLQueryPlacement {
    /// The URL with encoded `name=value` text appended: trailing white space dropped (curlew drops it when sending),
    /// after the URL's own query, before its fragment.
    static func appending(_ query: String, to url: String) -> String {
        guard !query.isEmpty else { return url }
        var url = url
        while let last = url.unicodeScalars.last, last == " " || last == "\t" || last == "\r" || last == "\n" { url.unicodeScalars.removeLast() }
        let fragment = fragmentStart(in: url)
        let base = String(url[..<fragment])
        let separator = !base.contains("?") ? "?" : base.hasSuffix("?") || base.hasSuffix("&") ? "" : "&"
        return base + separator + query + url[fragment...]
    }

    /// Where the fragment starts: the first `#` outside a `{{placeholder}}`, or the end.
    static func fragmentStart(in url: String) -> String.Index {
        let placeholders = VariableResolver.references(in: url, scope: VariableScope()).map(\.range)
        var from = url.startIndex
        while let found = url[from...].firstIndex(of: "#") {
            if !placeholders.contains(where: { $0.contains(found) }) { return found }
            from = url.index(after: found)
        }
        return url.endIndex
    }

    /// Whether the URL has a fragment or a query of its own, before which query rows cannot simply be added at the end.
    static func hasQueryOrFragment(_ url: String) -> Bool {
        let fragment = fragmentStart(in: url)
        return fragment != url.endIndex || url[..<fragment].contains("?")
    }
}
