import Foundation

/// Reads what an OAuth 2.0 endpoint answered: a JSON object of bounded size, an error object, or a token.
enum OAuth2Answer {
    /// The most bytes an endpoint's answer may have; tokens and discovery documents are far smaller.
    static let maximumBytes: Int64 = 256 * 1024
    /// The longest lifetime taken from `expires_in` or a device code's `expires_in`: a year.
    static let maximumLifetime = NumberReading.maximumSeconds

    /// The answer's JSON object; throws `refused` for an OAuth error object and `malformedAnswer` for anything else.
    static func object(of response: Response, endpoint: String) throws(OAuth2Error) -> OrderedJSON {
        let json: OrderedJSON
        do {
            json = try OrderedJSON.parse(response.body)
        } catch {
            let kind = response.headers.value(for: "Content-Type").map { " (\(OneLineText.visible($0)))" } ?? ""
            throw .malformedAnswer(endpoint: endpoint, "status \(response.statusCode), and its body\(kind) is not JSON")
        }
        guard case .object = json else {
            throw .malformedAnswer(endpoint: endpoint, "status \(response.statusCode), and its body is not a JSON object")
        }
        if let code = json["error"]?.stringValue {
            throw .refused(endpoint: endpoint, code: OneLineText.visible(String(code.prefix(100))),
                           description: json["error_description"]?.stringValue.map { OneLineText.visible(String($0.prefix(300))) })
        }
        guard (200..<300).contains(response.statusCode) else {
            throw .malformedAnswer(endpoint: endpoint, "status \(response.statusCode) without an OAuth error code")
        }
        return json
    }

    /// The token in a token endpoint's answer, its lifetime counted from `now`; `previous` lends a refresh token the
    /// answer leaves out.
    static func token(of response: Response, endpoint: String, now: Date, previous: OAuth2Token? = nil) throws(OAuth2Error) -> OAuth2Token {
        let json = try object(of: response, endpoint: endpoint)
        guard let access = json["access_token"]?.stringValue, !access.isEmpty else {
            throw .malformedAnswer(endpoint: endpoint, "it has no \"access_token\"")
        }
        guard access.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw .malformedAnswer(endpoint: endpoint, "its access_token holds spaces or characters a header cannot carry")
        }
        let type = json["token_type"]?.stringValue ?? "Bearer"
        guard !type.isEmpty, type.utf8.count <= 40, type.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw .malformedAnswer(endpoint: endpoint, "its token_type is not a single word")
        }
        var expiresAt: Date?
        if let lifetime = json["expires_in"] {
            let seconds = try self.seconds(lifetime, field: "expires_in", endpoint: endpoint)
            expiresAt = now.addingTimeInterval(seconds)
        }
        let refresh = json["refresh_token"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 } ?? previous?.refreshToken
        return OAuth2Token(accessToken: access, tokenType: type, refreshToken: refresh, expiresAt: expiresAt,
                           scope: json["scope"]?.stringValue ?? previous?.scope)
    }

    /// A count of seconds from a number (or a numeric string, as some providers send), between 0 and a year.
    static func seconds(_ value: OrderedJSON, field: String, endpoint: String) throws(OAuth2Error) -> Double {
        let number: Double? = switch value {
        case .number(let text): Double(text)
        case .string(let text): Double(text)
        default: nil
        }
        guard let number, number.isFinite else { throw .malformedAnswer(endpoint: endpoint, "its \(field) is not a number") }
        guard number >= 0, number <= maximumLifetime else {
            throw .malformedAnswer(endpoint: endpoint, "its \(field) of \(number) s is outside 0 to \(Int(maximumLifetime)) s")
        }
        return number
    }
}
