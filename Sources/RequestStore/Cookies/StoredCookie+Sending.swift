/// Which stored cookies a request carries (RFC 6265 §5.4), for connections curlew writes itself (WebSocket handshakes).
extension StoredCookie {
    /// Whether the cookie goes with a request to `host` and `path`, over TLS or not, at `now` (seconds since 1970).
    public func isSent(toHost host: String, path requestPath: String, overTLS: Bool, now: Int64) -> Bool {
        if secure, !overTLS { return false }
        if expires != 0, expires <= now { return false }
        let host = host.lowercased()
        let domain = domain.lowercased()
        let domainMatches = host == domain || (includeSubdomains && host.hasSuffix("." + domain))
        guard domainMatches else { return false }
        if requestPath == path { return true }
        guard requestPath.hasPrefix(path) else { return false }
        return path.hasSuffix("/") || requestPath.dropFirst(path.count).hasPrefix("/")
    }

    /// The `Cookie` header value for a request from cookie-file lines: `name=value` pairs joined by `; `, nil when none apply.
    public static func cookieHeader(from lines: [String], host: String, path: String, overTLS: Bool, now: Int64) -> String? {
        let pairs = lines.compactMap { line -> String? in
            guard let cookie = try? StoredCookie.parse(line: Substring(line)),
                  cookie.isSent(toHost: host, path: path, overTLS: overTLS, now: now) else { return nil }
            return cookie.name + "=" + cookie.value
        }
        return pairs.isEmpty ? nil : pairs.joined(separator: "; ")
    }
}
