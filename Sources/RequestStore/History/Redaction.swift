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

    /// Creates a redaction for some secret values.
    public init(secrets: [String]) {
        self.secrets = secrets.filter { !$0.isEmpty }.sorted { $0.count > $1.count }
    }

    /// Headers with sensitive values and secrets replaced.
    public func headers(_ headers: HTTPHeaders) -> HTTPHeaders {
        HTTPHeaders(headers.map { field in
            if Redaction.sensitiveHeaders.contains(field.name.lowercased()) {
                return HTTPHeader(name: field.name, value: Redaction.marker)
            }
            return HTTPHeader(name: field.name, value: text(field.value))
        })
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
