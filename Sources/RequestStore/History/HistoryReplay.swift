import Foundation
import RequestKit

/// A history entry turned back into a request to send again: the request as written when the entry keeps it
/// (its secrets as `{{variables}}`, resolved anew when it is sent), and the places where a secret typed
/// directly was stored as `[redacted]`, which must be given again before sending.
public enum HistoryReplay {
    /// A place in a request that holds `[redacted]`.
    public enum Place: Hashable, Sendable, CustomStringConvertible {
        /// The URL.
        case url
        /// The header of this name.
        case header(String)
        /// The bearer token of the Auth tab.
        case bearerToken
        /// The password of the Auth tab's basic credentials.
        case basicPassword
        /// The body.
        case body

        /// The place in words, e.g. "the header Authorization".
        public var description: String {
            switch self {
            case .url: "the URL"
            case .header(let name): "the header \(name)"
            case .bearerToken: "the bearer token"
            case .basicPassword: "the basic auth password"
            case .body: "the body"
            }
        }
    }

    /// The request to send again: method, URL, headers and text body, from the entry's template when it has
    /// one. An `Authorization` header written with a variable becomes the Auth tab's bearer token or basic
    /// credentials, so that the credential is encoded again after the variable is resolved.
    public static func savedRequest(from entry: HistoryEntry) -> SavedRequest {
        let template = entry.request.template
        let sentHeaders = template?.headers ?? entry.request.headers
        var saved = SavedRequest(name: "History \(entry.id)", method: entry.method, url: template?.url ?? entry.url)
        var headers = sentHeaders.map { KeyValueRow(name: $0.name, value: $0.value) }
        if let body = template?.body ?? entry.request.body, !body.isEmpty {
            let type = sentHeaders["Content-Type"]?.lowercased() ?? ""
            if type.contains("json") {
                saved.body = .json(body)
                headers.removeAll { $0.name.lowercased() == "content-type" }
            } else {
                saved.body = .raw(text: body, contentType: nil)
            }
        }
        headers.removeAll { ["content-length", "host"].contains($0.name.lowercased()) }
        saved.auth = .none
        if let index = headers.firstIndex(where: { $0.name.lowercased() == "authorization" && $0.value.contains("{{") }) {
            let parts = headers[index].value.split(separator: " ", maxSplits: 1).map(String.init)
            if parts.count == 2, parts[0].lowercased() == "bearer" {
                saved.auth = .bearer(token: parts[1])
                headers.remove(at: index)
            } else if parts.count == 2, parts[0].lowercased() == "basic", let colon = parts[1].firstIndex(of: ":") {
                saved.auth = .basic(user: String(parts[1][..<colon]), password: String(parts[1][parts[1].index(after: colon)...]))
                headers.remove(at: index)
            }
        }
        saved.headers = headers
        return saved
    }

    /// The places of a request that hold `[redacted]`, in the order they are sent: URL, headers, auth, body.
    public static func literalSecrets(in request: SavedRequest) -> [Place] {
        var places: [Place] = []
        if request.url.contains(Redaction.marker) { places.append(.url) }
        for row in request.headers where row.enabled && row.value.contains(Redaction.marker) {
            if !places.contains(.header(row.name)) { places.append(.header(row.name)) }
        }
        switch request.auth {
        case .bearer(let token) where token.contains(Redaction.marker): places.append(.bearerToken)
        case .basic(_, let password) where password.contains(Redaction.marker): places.append(.basicPassword)
        default: break
        }
        switch request.body {
        case .json(let text) where text.contains(Redaction.marker): places.append(.body)
        case .raw(let text, _) where text.contains(Redaction.marker): places.append(.body)
        default: break
        }
        return places
    }

    /// Gives a place its value: a header's, a token's or a password's whole value; in the URL and the body,
    /// every `[redacted]`.
    public static func fill(_ place: Place, with value: String, in request: inout SavedRequest) {
        switch place {
        case .url:
            request.url = request.url.replacingOccurrences(of: Redaction.marker, with: value)
        case .header(let name):
            for index in request.headers.indices where request.headers[index].name.lowercased() == name.lowercased()
                && request.headers[index].value.contains(Redaction.marker) {
                request.headers[index].value = value
            }
        case .bearerToken:
            request.auth = .bearer(token: value)
        case .basicPassword:
            if case .basic(let user, _) = request.auth { request.auth = .basic(user: user, password: value) }
        case .body:
            switch request.body {
            case .json(let text): request.body = .json(text.replacingOccurrences(of: Redaction.marker, with: value))
            case .raw(let text, let type): request.body = .raw(text: text.replacingOccurrences(of: Redaction.marker, with: value), contentType: type)
            default: break
            }
        }
    }

    /// The names of the variables a request refers to, e.g. `token` for `Bearer {{token}}`: secret on the
    /// way back into the history, since the entry's template writes only secrets as variables.
    public static func variableNames(in entry: HistoryEntry) -> Set<String> {
        guard let template = entry.request.template else { return [] }
        var names: Set<String> = []
        for text in [template.url, template.body ?? ""] + template.headers.map(\.value) {
            var rest = Substring(text)
            while let open = rest.range(of: "{{"), let close = rest[open.upperBound...].range(of: "}}") {
                names.insert(rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces))
                rest = rest[close.upperBound...]
            }
        }
        return names
    }
}
