import Foundation

/// A device authorization endpoint's answer (RFC 8628 §3.2), every field checked.
struct OAuth2DeviceAuthorization: Hashable, Sendable {
    /// The code polled with; a secret.
    var deviceCode: String
    /// The code the person enters.
    var userCode: String
    /// Where the person enters it.
    var verificationURI: String
    /// The verification URI with the code in it, when the provider gives one.
    var verificationURIComplete: String?
    /// Seconds until the codes expire, when the provider says.
    var expiresIn: Double?
    /// Seconds between polls (5 when the provider does not say, at least 1).
    var interval: Double

    /// Reads the answer; throws `malformedAnswer` for a missing or unusable field.
    init(_ json: OrderedJSON, endpoint: String) throws(OAuth2Error) {
        func text(_ field: String, limit: Int) throws(OAuth2Error) -> String {
            guard let value = json[field]?.stringValue, !value.isEmpty else { throw .malformedAnswer(endpoint: endpoint, "it has no \"\(field)\"") }
            guard value.utf8.count <= limit, value.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
                throw .malformedAnswer(endpoint: endpoint, "its \(field) is longer than \(limit) bytes or holds spaces or control characters")
            }
            return value
        }
        func url(_ value: String, field: String) throws(OAuth2Error) -> String {
            let lower = value.lowercased()
            guard lower.hasPrefix("https://") || lower.hasPrefix("http://") else { throw .malformedAnswer(endpoint: endpoint, "its \(field) is not an http(s) URL") }
            return value
        }
        deviceCode = try text("device_code", limit: 4096)
        userCode = try text("user_code", limit: 100)
        let uriField = json["verification_uri"] != nil ? "verification_uri" : "verification_url"
        verificationURI = try url(try text(uriField, limit: 2048), field: uriField)
        verificationURIComplete = json["verification_uri_complete"] == nil ? nil
            : try url(try text("verification_uri_complete", limit: 2048), field: "verification_uri_complete")
        expiresIn = try json["expires_in"].map { value throws(OAuth2Error) in try OAuth2Answer.seconds(value, field: "expires_in", endpoint: endpoint) }
        let interval = try json["interval"].map { value throws(OAuth2Error) in try OAuth2Answer.seconds(value, field: "interval", endpoint: endpoint) } ?? 5
        self.interval = max(interval, 1)
    }
}
