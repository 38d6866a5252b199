import Foundation
import RequestKit

/// Replaces credentials and secret values with `[redacted]` before anything reaches the history.
public struct Redaction: Sendable {
    /// The text stored in place of a secret.
    public static let marker = "[redacted]"
    /// Headers whose values are always redacted.
    public static let sensitiveHeaders: Set<String> = ["authorization", "proxy-authorization", "cookie", "set-cookie"]

    /// Secret values to replace wherever they appear, longest first.
    public var secrets: [String]

    /// Creates a redaction for some secret values, each also in the forms it takes on the wire (`forms(of:)`).
    public init(secrets: [String]) {
        self.secrets = Array(Set(secrets.filter { !$0.isEmpty }.flatMap(Redaction.forms(of:)))).sorted { $0.count > $1.count }
    }

    /// A secret as written in a URL, a query or form value, and a JSON string (an echoed body): the value
    /// itself, then each escaped form that differs from it.
    public static func forms(of secret: String) -> [String] {
        let json = secret.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        let candidates = urlForms(of: secret) + [json, json.replacingOccurrences(of: "/", with: "\\/")]
        var forms = [secret]
        for form in candidates where !forms.contains(form) { forms.append(form) }
        return forms
    }

    /// A secret as percent-encoding writes it: in a URL typed whole, and in a query or form value.
    public static func urlForms(of secret: String) -> [String] {
        var forms = [secret]
        for form in [PercentEncoding.encode(secret, allowed: urlAllowed), PercentEncoding.encodeComponent(secret)] where !forms.contains(form) {
            forms.append(form)
        }
        return forms
    }

    /// The bytes left as they are in a URL typed whole (a query value's, plus the separators `& = + ; [ ]`).
    private static let urlAllowed: Set<UInt8> = PercentEncoding.queryAllowed.union("&=+;[]".utf8)

    /// Headers with sensitive values and secrets replaced.
    public func headers(_ headers: HTTPHeaders) -> HTTPHeaders {
        HTTPHeaders(headers.map { field in
            if Redaction.sensitiveHeaders.contains(field.name.lowercased()) {
                return HTTPHeader(name: field.name, value: Redaction.marker)
            }
            return HTTPHeader(name: field.name, value: text(field.value))
        })
    }

    /// The credentials carried in sensitive headers, to mask wherever else they appear (an echoed body):
    /// the whole value, a bearer token, a basic credential in base64 and its password, and cookie values.
    /// Values shorter than six characters are left out, so that masking cannot blank ordinary text.
    public static func credentials(in headers: HTTPHeaders) -> [String] {
        var found: [String] = []
        for field in headers where sensitiveHeaders.contains(field.name.lowercased()) {
            let value = field.value.trimmingCharacters(in: .whitespaces)
            found.append(value)
            let parts = value.split(separator: " ", maxSplits: 1).map(String.init)
            if parts.count == 2 {
                let scheme = parts[0].lowercased()
                found.append(parts[1])
                if scheme == "basic", let decoded = Data(base64Encoded: parts[1]).flatMap({ String(data: $0, encoding: .utf8) }),
                   let colon = decoded.firstIndex(of: ":") {
                    found.append(String(decoded[decoded.index(after: colon)...]))
                }
            }
            let name = field.name.lowercased()
            if name == "cookie" || name == "set-cookie" {
                let pairs = name == "cookie" ? value.split(separator: ";") : Array(value.split(separator: ";").prefix(1))
                for pair in pairs {
                    if let equals = pair.firstIndex(of: "=") { found.append(String(pair[pair.index(after: equals)...]).trimmingCharacters(in: .whitespaces)) }
                }
            }
        }
        return found.filter { $0.count >= 6 }
    }

    /// The credentials a prepared request carries, in its sensitive headers, as the password of a scheme libcurl
    /// carries out (Digest, NTLM, AWS SigV4), which never appears in a header but is as secret, and as its masked
    /// values (API keys, session tokens); the same six-character floor applies.
    public static func credentials(of prepared: PreparedRequest) -> [String] {
        let password = prepared.credentials.map { [$0.password] } ?? []
        return credentials(in: prepared.headers) + (password + prepared.maskedValues).filter { $0.count >= 6 }
    }

    /// A text with every secret value replaced.
    public func text(_ value: String) -> String {
        var result = value
        for secret in secrets where result.contains(secret) {
            result = result.replacingOccurrences(of: secret, with: Redaction.marker)
        }
        return result
    }
}
