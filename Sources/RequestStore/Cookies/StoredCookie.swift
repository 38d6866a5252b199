/// One cookie as a line of a Netscape cookie file (the format of curl's `-c` and `-b`).
public struct StoredCookie: Hashable, Sendable {
    /// The domain, without a leading dot.
    public var domain: String
    /// Whether the cookie is also sent to the domain's subdomains (`TRUE` in the second field).
    public var includeSubdomains: Bool
    /// The path the cookie is sent under.
    public var path: String
    /// Whether the cookie is sent over HTTPS only.
    public var secure: Bool
    /// Whether the cookie was set HttpOnly (the line starts with `#HttpOnly_`).
    public var httpOnly: Bool
    /// Seconds since 1970 when the cookie expires; 0 for a session cookie.
    public var expires: Int64
    /// The cookie's name.
    public var name: String
    /// The cookie's value.
    public var value: String

    /// Creates a cookie.
    public init(domain: String, includeSubdomains: Bool = false, path: String = "/", secure: Bool = false, httpOnly: Bool = false,
                expires: Int64 = 0, name: String, value: String) {
        self.domain = domain
        self.includeSubdomains = includeSubdomains
        self.path = path
        self.secure = secure
        self.httpOnly = httpOnly
        self.expires = expires
        self.name = name
        self.value = value
    }

    /// What makes two cookies the same cookie, as a jar replaces one with the other: domain (in any case), path and name.
    public struct Identity: Hashable, Sendable {
        /// The domain in lower case.
        public var domain: String
        /// The path.
        public var path: String
        /// The name.
        public var name: String
    }

    /// The cookie's identity: a cookie set again with the same one replaces it.
    public var identity: Identity { Identity(domain: domain.lowercased(), path: path, name: name) }

    /// The latest expiry accepted (the last second of the year 9999).
    public static let latestExpiry: Int64 = 253_402_300_799

    /// The cookie as a cookie-file line, without a line break.
    public var line: String {
        let flag = { (value: Bool) in value ? "TRUE" : "FALSE" }
        let shownDomain = (includeSubdomains ? "." : "") + domain
        return (httpOnly ? "#HttpOnly_" : "") + [shownDomain, flag(includeSubdomains), path, flag(secure), String(expires), name, value]
            .joined(separator: "\t")
    }

    /// Reads one cookie line (not a comment nor a blank line); the error says which field is wrong.
    public static func parse(line text: Substring) throws(CookieLineProblem) -> StoredCookie {
        var rest = text
        var httpOnly = false
        if rest.hasPrefix("#HttpOnly_") {
            httpOnly = true
            rest = rest.dropFirst("#HttpOnly_".count)
        }
        let fields = rest.split(separator: "\t", omittingEmptySubsequences: false)
        guard fields.count == 7 else {
            throw CookieLineProblem("has \(fields.count) tab-separated fields; a cookie line has 7: domain, subdomains, path, secure, expiry, name, value")
        }
        var domain = fields[0]
        if domain.hasPrefix(".") { domain = domain.dropFirst() }
        guard !domain.isEmpty, !domain.hasPrefix("."), domain.allSatisfy(isTokenCharacter) else {
            throw CookieLineProblem("the domain '\(fields[0])' is empty or holds spaces or control characters")
        }
        let subdomains = try flag(fields[1], "the second field (subdomains)")
        guard fields[2].hasPrefix("/"), fields[2].allSatisfy(isTokenCharacter) else {
            throw CookieLineProblem("the path must start with '/' and hold no spaces or control characters")
        }
        let secure = try flag(fields[3], "the fourth field (secure)")
        guard fields[4].count <= 19, let expires = Int64(fields[4]), (0...latestExpiry).contains(expires) else {
            throw CookieLineProblem("the expiry '\(fields[4].prefix(30))' is not a number of seconds from 0 to \(latestExpiry)")
        }
        guard !fields[5].isEmpty, fields[5].allSatisfy(isTokenCharacter) else {
            throw CookieLineProblem("the cookie name is empty or holds spaces or control characters")
        }
        guard fields[6].unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) else {
            throw CookieLineProblem("the cookie value holds control characters")
        }
        return StoredCookie(domain: String(domain), includeSubdomains: subdomains, path: String(fields[2]), secure: secure,
                            httpOnly: httpOnly, expires: expires, name: String(fields[5]), value: String(fields[6]))
    }

    private static func flag(_ text: Substring, _ what: String) throws(CookieLineProblem) -> Bool {
        switch text {
        case "TRUE": return true
        case "FALSE": return false
        default: throw CookieLineProblem("\(what) must be TRUE or FALSE, not '\(text.prefix(30))'")
        }
    }

    private static func isTokenCharacter(_ character: Character) -> Bool {
        character.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value != 0x7F }
    }
}

/// Why one line of a cookie file cannot be read.
public struct CookieLineProblem: Error, Hashable, Sendable {
    /// What is wrong with the line.
    public var reason: String

    /// Creates a problem.
    public init(_ reason: String) { self.reason = reason }
}
