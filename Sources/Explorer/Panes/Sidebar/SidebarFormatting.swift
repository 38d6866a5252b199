import Foundation

/// Short forms for sidebar rows: ages, methods, fuzzy matching.
public enum SidebarFormatting {
    /// How long ago `date` was, e.g. `12s`, `3m`, `2h`, `5d`, `1y` (`now` for the future).
    public static func age(of date: Date, now: Date) -> String {
        let seconds = Int(now.timeIntervalSince(date))
        if seconds < 1 { return "now" }
        if seconds < 60 { return "\(seconds)s" }
        if seconds < 3600 { return "\(seconds / 60)m" }
        if seconds < 86_400 { return "\(seconds / 3600)h" }
        if seconds < 365 * 86_400 { return "\(seconds / 86_400)d" }
        return "\(seconds / (365 * 86_400))y"
    }

    /// Column width of the method label.
    public static let methodWidth = 6

    /// The method as shown in a row: upper-case, at most six letters, `OPTIONS` as `OPT`.
    public static func methodLabel(_ method: String) -> String {
        let upper = method.uppercased()
        if upper == "OPTIONS" { return "OPT" }
        return String(upper.prefix(methodWidth))
    }

    /// A request's name as its row shows it beside the method column: without a leading copy of its own method, so
    /// a request named `GET /uuid` (the name Ctrl+S proposes) reads `GET    /uuid`, not `GET    GET /uuid`. The
    /// method must be written as the method is (`Delete user` of a DELETE request keeps its first word).
    public static func requestLabel(name: String, method: String) -> String {
        let words = name.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
        guard words.count == 2, !method.isEmpty, words[0] == method else { return name }
        let rest = words[1].drop { $0 == " " }
        return rest.isEmpty ? name : String(rest)
    }

    /// A history entry's URL as its row shows it: the path with its query (`/` when there is none), and the host
    /// without scheme, user info or a leading `www.`, which the row shortens to the room left after the path.
    public static func historyTarget(_ url: String) -> (path: String, host: String) {
        var rest = Substring(url)
        if let scheme = rest.range(of: "://") { rest = rest[scheme.upperBound...] }
        let hostEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        var host = rest[..<hostEnd]
        if let at = host.lastIndex(of: "@") { host = host[host.index(after: at)...] }
        if host.lowercased().hasPrefix("www.") { host = host.dropFirst(4) }
        var path = rest[hostEnd...]
        if let fragment = path.firstIndex(of: "#") { path = path[..<fragment] }
        let shownPath = path.isEmpty ? "/" : (path.hasPrefix("/") ? String(path) : "/" + path)
        return (shownPath, String(host))
    }

    /// The narrowest room, in columns, in which a history row still shows part of the host after the path.
    public static let minimumHostColumns = 5

    /// Whether the letters of `pattern` occur in `text` in order (case-insensitive); an empty pattern matches all.
    public static func fuzzyMatches(_ pattern: String, _ text: String) -> Bool {
        guard !pattern.isEmpty else { return true }
        let needle = Array(pattern.lowercased().filter { $0 != " " })
        var index = 0
        for character in text.lowercased() where index < needle.count && character == needle[index] {
            index += 1
        }
        return index == needle.count
    }
}
