import Foundation
import RequestKit
import RequestStore

/// Reads the cookies a response set from its `Set-Cookie` headers, for the `cookie` query.
enum SetCookieReader {
    /// The value of a cookie, or of one of its attributes, from the last `Set-Cookie` that names it.
    static func value(of name: String, attribute: CookieAttribute?, in headers: HTTPHeaders) -> CheckValue? {
        var found: [(String, String)]?
        for header in headers.values(for: "Set-Cookie") {
            let pieces = header.split(separator: ";", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard let first = pieces.first, let equals = first.firstIndex(of: "=") else { continue }
            guard first[..<equals].trimmingCharacters(in: .whitespaces) == name else { continue }
            var attributes = [("Value", String(first[first.index(after: equals)...]))]
            for piece in pieces.dropFirst() where !piece.isEmpty {
                if let separator = piece.firstIndex(of: "=") {
                    attributes.append((piece[..<separator].trimmingCharacters(in: .whitespaces), piece[piece.index(after: separator)...].trimmingCharacters(in: .whitespaces)))
                } else {
                    attributes.append((piece, ""))
                }
            }
            found = attributes
        }
        guard let found else { return nil }
        let wanted = attribute ?? .value
        guard let raw = found.last(where: { $0.0.lowercased() == wanted.rawValue.lowercased() })?.1 else { return nil }
        switch wanted {
        case .value: return .string(unquoted(raw))
        case .maxAge:
            guard let seconds = Int64(raw) else { return .string(raw) }
            return .integer(seconds)
        case .expires:
            return httpDate(raw).map(CheckValue.date) ?? .string(raw)
        case .secure, .httpOnly:
            return .boolean(true)
        case .domain, .path, .sameSite:
            return .string(raw)
        }
    }

    /// A cookie value without the double quotes RFC 6265 allows around it.
    private static func unquoted(_ value: String) -> String {
        guard value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") else { return value }
        return String(value.dropFirst().dropLast())
    }

    /// An HTTP date in the forms servers send (`Wed, 21 Oct 2015 07:28:00 GMT`, `Wednesday, 21-Oct-15 07:28:00 GMT`).
    static func httpDate(_ text: String) -> Date? {
        for pattern in ["%a, %d %b %Y %H:%M:%S %Z", "%a, %d-%b-%Y %H:%M:%S %Z", "%A, %d-%b-%y %H:%M:%S %Z", "%a %b %e %H:%M:%S %Y"] {
            if let date = StrftimeFormat.parse(text, pattern: pattern) { return date }
        }
        return nil
    }
}
