import Foundation

/// Reads the request a browser makes to the code grant's loopback redirect: anything on this machine can send one,
/// so the head is hostile, and only the request line's target is read.
public enum OAuth2CallbackRequest {
    /// The most query fields read from one request.
    public static let maximumFields = 64

    /// The query fields of a `GET` of `path`, or nil for any other request.
    public static func fields(ofHead head: String, path: String) -> [String: String]? {
        let line = head.prefix { !$0.isNewline }
        let parts = line.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "GET", parts[2].hasPrefix("HTTP/1.") else { return nil }
        let target = parts[1]
        let targetPath = target.prefix { $0 != "?" }
        guard targetPath == path else { return nil }
        return fields(ofQuery: target.dropFirst(targetPath.count + 1))
    }

    /// A query's `name=value` fields decoded; a name given more than once is left out.
    public static func fields(ofQuery query: Substring) -> [String: String] {
        var fields: [String: String] = [:]
        var repeated: Set<String> = []
        for pair in query.split(separator: "&").prefix(maximumFields) {
            let name = pair.prefix { $0 != "=" }
            let value = pair.dropFirst(name.count + 1)
            guard let decodedName = decode(name), let decodedValue = decode(value) else { continue }
            if fields[decodedName] != nil { repeated.insert(decodedName) }
            fields[decodedName] = decodedValue
        }
        for name in repeated { fields[name] = nil }
        return fields
    }

    /// `+` as a space, then percent escapes; nil for a broken escape.
    private static func decode(_ text: Substring) -> String? {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
