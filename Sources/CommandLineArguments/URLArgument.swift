import RequestKit

/// The URL of `curlew send` as typed: `http://` is added to a bare host, never to something that already
/// starts like a scheme, and a scheme curlew cannot send is refused with the nearest one it can.
package enum URLArgument {
    /// The schemes `curlew send` sends.
    package static let schemes = ["http", "https", "ws", "wss"]

    /// The URL to send for `text`, or a usage error saying why it is not one.
    package static func url(_ text: String) throws(UsageError) -> String {
        guard !text.isEmpty else { throw UsageError(message: "the URL is empty: give one such as https://example.com/") }
        guard let scheme = schemePrefix(of: text) else { return "http://" + text }
        let rest = text.dropFirst(scheme.count + 1)
        if schemes.contains(scheme.lowercased()), rest.hasPrefix("//") { return text }
        if schemes.contains(scheme.lowercased()) {
            throw UsageError(message: "'\(text)' is not a valid URL: '\(scheme):' must be followed by '//' and a host, as in \(scheme)://example.com/")
        }
        let suggestion = NearestWord.suggestion(for: scheme, among: schemes).map { "did you mean '\($0):'?" }
            ?? "curlew sends http:, https:, ws: and wss: URLs"
        throw UsageError(message: "'\(text)' is not a valid URL: '\(scheme):' is not a scheme curlew sends (\(suggestion))")
    }

    /// The http:// or https:// form of a ws:// or wss:// URL, which is how the handshake's request is built; nil for
    /// any other URL.
    package static func httpForm(ofWebSocketURL url: String) -> String? {
        guard let scheme = schemePrefix(of: url)?.lowercased() else { return nil }
        switch scheme {
        case "ws": return "http" + url.dropFirst(2)
        case "wss": return "https" + url.dropFirst(3)
        default: return nil
        }
    }

    /// The word before the first `:` when the text starts like a scheme (a letter, then letters, digits, `+`, `-`
    /// or `.`), and what follows the colon is not a port number (`localhost:8080` is a host and a port).
    static func schemePrefix(of text: String) -> String? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let word = text[..<colon]
        guard let first = word.first, first.isASCII, first.isLetter,
              word.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }) else { return nil }
        let after = text[text.index(after: colon)...]
        if let next = after.first, next.isASCII, next.isNumber { return nil }
        if after.isEmpty { return nil }
        return String(word)
    }

    /// Whether a lone argument names a method rather than a URL (`curlew send GET`).
    package static func isMethodWithoutURL(_ text: String) -> Bool {
        HTTPMethod.common.map(\.rawValue).contains(text)
    }
}
