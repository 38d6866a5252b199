import Foundation
import RequestKit
import RequestStore

/// Keeps the Params table and the query of the URL text in step, in both directions.
///
/// The URL text holds the enabled parameters in its query, escaped; the table shows them
/// unescaped. Disabled rows live only in the table. `{{variables}}` are never escaped.
public enum QuerySync {
    /// The URL text without its query (and fragment), and the query text after `?` if any.
    public static func split(_ url: String) -> (base: String, query: String?, fragment: String?) {
        var rest = Substring(url)
        var fragment: String?
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        guard let mark = rest.firstIndex(of: "?") else { return (String(rest), nil, fragment) }
        return (String(rest[..<mark]), String(rest[rest.index(after: mark)...]), fragment)
    }

    /// The query of `url` as rows, unescaped; a pair without `=` has an empty value.
    public static func rows(fromURL url: String) -> [KeyValueRow] {
        guard let query = split(url).query, !query.isEmpty else { return [] }
        return query.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            if let eq = pair.firstIndex(of: "=") {
                return KeyValueRow(name: decode(String(pair[..<eq])), value: decode(String(pair[pair.index(after: eq)...])))
            }
            return KeyValueRow(name: decode(String(pair)), value: "")
        }
    }

    /// The URL text with its query replaced by the enabled rows, escaped.
    public static func url(_ url: String, withRows rows: [KeyValueRow]) -> String {
        let parts = split(url)
        let pairs = rows.filter { $0.enabled && !$0.name.isEmpty }.map { row in
            row.value.isEmpty ? encode(row.name) : encode(row.name) + "=" + encode(row.value)
        }
        var result = parts.base
        if !pairs.isEmpty { result += "?" + pairs.joined(separator: "&") }
        if let fragment = parts.fragment { result += "#" + fragment }
        return result
    }

    /// The table after the URL text changed: the URL's pairs, then the disabled rows kept from before.
    public static func merge(urlRows: [KeyValueRow], previous: [KeyValueRow]) -> [KeyValueRow] {
        urlRows + previous.filter { !$0.enabled }
    }

    /// Escapes the characters that would change the meaning of a query; leaves `{{…}}` alone.
    static func encode(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "&": out += "%26"
            case "=": out += "%3D"
            case "#": out += "%23"
            case "+": out += "%2B"
            case " ": out += "%20"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Unescapes `%XX` sequences (and `+` as a space, as forms write it).
    static func decode(_ text: String) -> String {
        PercentEncoding.decode(text.replacingOccurrences(of: "+", with: " "))
    }
}
