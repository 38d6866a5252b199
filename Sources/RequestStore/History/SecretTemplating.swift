import Foundation
import RequestKit

/// Writes the secrets of a stored request as the variables they came from (`{{token}}`), so that sending the
/// entry again resolves them anew; secrets that came from no variable are masked as `Redaction` masks them.
struct SecretTemplating {
    /// Secret values with the variable each came from, longest value first.
    let variables: [(value: String, name: String)]
    /// The masking of every other secret and credential.
    let redaction: Redaction

    /// Creates the templating for secret values (value to variable name) over a redaction.
    init(secretVariables: [String: String], redaction: Redaction) {
        variables = secretVariables.filter { !$0.key.isEmpty }.map { ($0.key, $0.value) }.sorted { $0.value.count > $1.value.count }
        self.redaction = redaction
    }

    /// A text with each variable's value written `{{name}}`, and what is left of other secrets masked.
    func text(_ value: String) -> String {
        redaction.text(placeholders(value))
    }

    /// Headers as `text` writes them, except that a credential header holding no variable's value is
    /// masked whole, and a basic credential is written decoded (`Basic alice:{{password}}`).
    func headers(_ headers: HTTPHeaders) -> HTTPHeaders {
        HTTPHeaders(headers.map { field in
            guard Redaction.sensitiveHeaders.contains(field.name.lowercased()) else {
                return HTTPHeader(name: field.name, value: text(field.value))
            }
            let value = field.value.trimmingCharacters(in: .whitespaces)
            let parts = value.split(separator: " ", maxSplits: 1).map(String.init)
            if parts.count == 2, parts[0].lowercased() == "basic",
               let decoded = Data(base64Encoded: parts[1]).flatMap({ String(data: $0, encoding: .utf8) }), decoded.contains(":") {
                let written = placeholders(decoded)
                let masked = redaction.text(written)
                let usable = written != decoded && !masked.contains(Redaction.marker)
                return HTTPHeader(name: field.name, value: usable ? parts[0] + " " + masked : Redaction.marker)
            }
            let written = placeholders(value)
            return HTTPHeader(name: field.name, value: written == value ? Redaction.marker : redaction.text(written))
        })
    }

    /// A text with each variable's value written `{{name}}`.
    private func placeholders(_ value: String) -> String {
        var result = value
        for variable in variables where result.contains(variable.value) {
            result = result.replacingOccurrences(of: variable.value, with: "{{" + variable.name + "}}")
        }
        return result
    }
}
