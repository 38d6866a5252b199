import Foundation

/// The `{{$oauth2.…}}` placeholders a request may hold where an API wants the token somewhere else than
/// `Authorization`; they pass variable resolution as they are and are filled in once the token is got.
public enum OAuth2Placeholder {
    /// The placeholder for the access token.
    public static let accessToken = "{{$oauth2.access_token}}"
    /// The placeholder for the token type.
    public static let tokenType = "{{$oauth2.token_type}}"
    /// The names (inside the braces) variable resolution leaves in place.
    public static let names = ["$oauth2.access_token", "$oauth2.token_type"]

    /// Whether a text holds one of the placeholders.
    static func occurs(in text: String) -> Bool { text.contains("{{$oauth2.") }

    /// Whether any of the request's URL, query, headers or text body holds one of the placeholders.
    public static func occurs(in request: Request) -> Bool {
        if occurs(in: request.url) { return true }
        if request.query.contains(where: { occurs(in: $0.name) || occurs(in: $0.value ?? "") }) { return true }
        if request.headers.contains(where: { occurs(in: $0.value) }) { return true }
        switch request.body {
        case .json(let text): return occurs(in: text)
        case .form(let fields): return fields.contains { occurs(in: $0.value) }
        case .raw(let data, _): return data.count <= 16 << 20 && occurs(in: String(decoding: data, as: UTF8.self))
        default: return false
        }
    }

    /// The request with the placeholders replaced by the token's values.
    static func filling(_ request: Request, with token: OAuth2Token) -> Request {
        func fill(_ text: String) -> String {
            guard occurs(in: text) else { return text }
            return text.replacingOccurrences(of: accessToken, with: token.accessToken).replacingOccurrences(of: tokenType, with: token.tokenType)
        }
        var request = request
        request.url = fill(request.url)
        request.query = request.query.map { QueryItem(name: fill($0.name), value: $0.value.map(fill)) }
        var headers = HTTPHeaders()
        for header in request.headers { headers.add(name: header.name, value: fill(header.value)) }
        request.headers = headers
        switch request.body {
        case .json(let text): request.body = .json(fill(text))
        case .form(let fields): request.body = .form(fields.map { FormField(name: $0.name, value: fill($0.value)) })
        case .raw(let data, let type) where data.count <= 16 << 20:
            let text = String(decoding: data, as: UTF8.self)
            if occurs(in: text) { request.body = .raw(Data(fill(text).utf8), contentType: type) }
        default: break
        }
        return request
    }
}
