/// A URL checked for sending: http or https, a host, a valid port; illegal bytes escaped.
///
/// The text is split by hand rather than with Foundation's `URL`, which accepts URLs libcurl
/// rejects and rejects text people paste (spaces, Unicode paths). Spaces, non-ASCII text and
/// bytes that may not appear in a URL are percent-encoded in the path and query; escapes
/// already present are kept; the fragment is dropped, since it is never sent.
public struct RequestURL: Hashable, Sendable {
    /// The scheme in lower case: `http` or `https`.
    public let scheme: String
    /// Everything between `//` and the path: optional user info, host and port.
    public let authority: String
    /// The host name or address (IPv6 addresses without brackets).
    public let host: String
    /// The port, when the URL names one.
    public let port: Int?
    /// The path, escaped; `/` when the URL has none.
    public let path: String
    /// The query without `?`, escaped; nil when the URL has no `?`.
    public let query: String?

    /// Parses and validates URL text, failing with `.invalidURL` and a reason.
    public init(_ text: String) throws(NetworkError) {
        if let parsed = try RequestURL.parsedASCII(text) {
            self = parsed
        } else {
            self = try RequestURL.parsedByCharacters(text)
        }
    }

    /// Parses URL text character by character (any text; `parsedASCII` is the quicker way for ASCII text).
    static func parsedByCharacters(_ text: String) throws(NetworkError) -> RequestURL {
        let trimmed = text.trimmingASCIIWhitespace()
        guard !trimmed.isEmpty else { throw .invalidURL(text, reason: "it is empty") }
        guard let schemeEnd = RequestURL.schemeSeparator(in: trimmed) else {
            throw .invalidURL(text, reason: "it has no scheme; start it with http:// or https://")
        }
        let scheme = trimmed[..<schemeEnd.lowerBound].lowercased()
        guard scheme == "http" || scheme == "https" else {
            throw .invalidURL(text, reason: "the scheme '\(scheme)' is not supported; use http or https")
        }
        var rest = trimmed[schemeEnd.upperBound...]
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) ?? rest.endIndex
        let authority = String(rest[..<authorityEnd])
        let (host, port) = try RequestURL.splitAuthority(authority, in: text)
        var pathAndQuery = rest[authorityEnd...]
        var query: String?
        if let questionMark = pathAndQuery.firstIndex(of: "?") {
            query = RequestURL.escapeIllegal(String(pathAndQuery[pathAndQuery.index(after: questionMark)...]))
            pathAndQuery = pathAndQuery[..<questionMark]
        }
        let path = RequestURL.escapeIllegal(String(pathAndQuery))
        return RequestURL(scheme: scheme, authority: authority, host: host, port: port, path: path.isEmpty ? "/" : path, query: query)
    }

    /// The URL to send, without fragment.
    public var string: String {
        "\(scheme)://\(authority)\(path)" + (query.map { "?" + $0 } ?? "")
    }

    /// The URL with encoded `name=value` pairs appended to its query, after any it already has.
    public func appendingQuery(_ encodedPairs: [String]) -> String {
        guard !encodedPairs.isEmpty else { return string }
        let added = encodedPairs.joined(separator: "&")
        guard let query, !query.isEmpty else { return "\(scheme)://\(authority)\(path)?\(added)" }
        let separator = query.hasSuffix("&") ? "" : "&"
        return "\(scheme)://\(authority)\(path)?\(query)\(separator)\(added)"
    }

    /// Splits `user@host:port` and checks the host and port.
    private static func splitAuthority(_ authority: String, in text: String) throws(NetworkError) -> (String, Int?) {
        let hostPort = authority.lastIndex(of: "@").map { String(authority[authority.index(after: $0)...]) } ?? authority
        var host: String
        var portText: String?
        if hostPort.hasPrefix("[") {
            guard let close = hostPort.firstIndex(of: "]") else {
                throw .invalidURL(text, reason: "the IPv6 address has no closing ']'")
            }
            host = String(hostPort[hostPort.index(after: hostPort.startIndex)..<close])
            let afterClose = hostPort[hostPort.index(after: close)...]
            if afterClose.hasPrefix(":") {
                portText = String(afterClose.dropFirst())
            } else if !afterClose.isEmpty {
                throw .invalidURL(text, reason: "unexpected text '\(afterClose)' after the IPv6 address")
            }
        } else if let colon = hostPort.lastIndex(of: ":") {
            host = String(hostPort[..<colon])
            portText = String(hostPort[hostPort.index(after: colon)...])
        } else {
            host = hostPort
        }
        return (host, try checkedPort(host: host, portText: portText, in: text))
    }

    /// Checks a host split from its authority and reads its port, if it names one.
    static func checkedPort(host: String, portText: String?, in text: String) throws(NetworkError) -> Int? {
        guard !host.isEmpty else { throw .invalidURL(text, reason: "it has no host") }
        if let bad = firstForbiddenCharacter(in: host) {
            throw .invalidURL(text, reason: "the host contains the character \(bad.debugDescription)")
        }
        var port: Int?
        if let portText {
            guard !portText.isEmpty, portText.allSatisfy(\.isASCIIDigit), let number = Int(portText), (1...65535).contains(number) else {
                throw .invalidURL(text, reason: "the port '\(portText)' is not a number from 1 to 65535")
            }
            port = number
        }
        return port
    }

    /// Characters a host name may not contain.
    private static let forbiddenInHost: Set<Character> = [" ", "\t", "<", ">", "\"", "{", "}", "|", "\\", "^", "`", "%"]

    /// The first character of a host that it may not contain, if any.
    ///
    /// An ASCII host (nearly every one) is first checked byte by byte, each of its characters being one byte;
    /// only a host holding a bad byte, or non-ASCII text, is walked character by character.
    private static func firstForbiddenCharacter(in host: String) -> Character? {
        if host.utf8.allSatisfy({ $0 < 0x80 }), !host.utf8.contains(where: isForbiddenInHost) { return nil }
        return host.first(where: { forbiddenInHost.contains($0) || $0.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F } })
    }

    /// Whether an ASCII byte is a control character or one of `forbiddenInHost`.
    private static func isForbiddenInHost(_ byte: UInt8) -> Bool {
        switch byte {
        case 0..<0x20, 0x7F: return true
        case UInt8(ascii: " "), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "{"), UInt8(ascii: "}"),
             UInt8(ascii: "|"), UInt8(ascii: "\\"), UInt8(ascii: "^"), UInt8(ascii: "`"), UInt8(ascii: "%"):
            return true
        default: return false
        }
    }

    /// The range of the first `://` in the text, found over its UTF-8 bytes.
    private static func schemeSeparator(in text: String) -> Range<String.Index>? {
        let utf8 = text.utf8
        var index = utf8.startIndex
        while index != utf8.endIndex {
            if utf8[index] == UInt8(ascii: ":") {
                let slash = utf8.index(after: index)
                if slash != utf8.endIndex, utf8[slash] == UInt8(ascii: "/") {
                    let second = utf8.index(after: slash)
                    if second != utf8.endIndex, utf8[second] == UInt8(ascii: "/") {
                        return index..<utf8.index(after: second)
                    }
                }
            }
            index = utf8.index(after: index)
        }
        return nil
    }

    /// The bytes kept as they are in a path or query typed by the user: every printable ASCII
    /// byte that RFC 3986 allows somewhere in a URL.
    static let urlAllowed: ByteTable = {
        var set = PercentEncoding.queryAllowed
        for byte in "&=+;[]".utf8 { set.insert(byte) }
        return ByteTable(set)
    }()

    /// Escapes spaces, non-ASCII text and other bytes that may not appear in a URL.
    private static func escapeIllegal(_ text: String) -> String {
        PercentEncoding.encode(Array(text.utf8)[...], allowed: urlAllowed)
    }
}

extension Character {
    /// Whether this is one of the ASCII digits 0–9.
    var isASCIIDigit: Bool { isASCII && isNumber }
}

extension StringProtocol {
    /// The text without leading and trailing ASCII spaces, tabs and line breaks.
    func trimmingASCIIWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
