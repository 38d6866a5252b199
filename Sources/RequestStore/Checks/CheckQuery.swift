/// Where a check or capture takes its value from in a response, as in Hurl's queries.
public enum CheckQuery: Hashable, Sendable {
    /// `status`: the status code, an integer.
    case status
    /// `version`: the HTTP version, a string such as `"1.1"` or `"2"`.
    case version
    /// `url`: the URL of the final response, after redirects.
    case url
    /// `redirects`: how many redirects were followed, an integer.
    case redirects
    /// `header "NAME"`: the header's value; a list when it came several times; nothing when absent.
    case header(CheckString)
    /// `cookie "NAME"` or `cookie "NAME[Attribute]"`: a cookie the response set, or one of its attributes.
    case cookie(CheckString, CookieAttribute?)
    /// `body`: the body as text.
    case body
    /// `bytes`: the body as bytes.
    case bytes
    /// `rawbytes`: the body's bytes as received, before its Content-Encoding is undone.
    case rawbytes
    /// `sha256`: the SHA-256 digest of the body, as bytes.
    case sha256
    /// `md5`: the MD5 digest of the body, as bytes.
    case md5
    /// `jsonpath "EXPR"`: an RFC 9535 JSONPath query on the body.
    case jsonpath(CheckString)
    /// `xpath "EXPR"`: an XPath 1.0 expression on the body, read as XML or HTML.
    case xpath(CheckString)
    /// `regex PATTERN`: the first capture group of a regular expression on the body.
    case regex(CheckPattern)
    /// `duration`: how long the exchange took, in milliseconds.
    case duration
    /// `variable "NAME"`: the value of a variable.
    case variable(CheckString)
    /// `sse count`, `sse events`, `sse event N [data|type|id]`: the Server-Sent Events of a `text/event-stream` body.
    case sse(ServerSentEventQuery)
    /// `ip`: the IP address of the server the response came from, a string.
    case ip
    /// `certificate "FIELD"`: a field of the server's TLS certificate (`Subject`, `Issuer`, `Start-Date`, …).
    case certificate(CertificateField)

    /// The query as written in a check line.
    public var written: String {
        switch self {
        case .status: return "status"
        case .version: return "version"
        case .url: return "url"
        case .redirects: return "redirects"
        case .header(let name): return "header " + name.quoted
        case .cookie(let name, let attribute):
            guard let attribute else { return "cookie " + name.quoted }
            return "cookie " + CheckString(parts: name.parts + [.text("[\(attribute.rawValue)]")]).quoted
        case .body: return "body"
        case .bytes: return "bytes"
        case .rawbytes: return "rawbytes"
        case .sha256: return "sha256"
        case .md5: return "md5"
        case .jsonpath(let expression): return "jsonpath " + expression.quoted
        case .xpath(let expression): return "xpath " + expression.quoted
        case .regex(let pattern): return "regex " + pattern.written
        case .duration: return "duration"
        case .variable(let name): return "variable " + name.quoted
        case .sse(let query): return "sse " + query.written
        case .ip: return "ip"
        case .certificate(let field): return "certificate " + CheckString(field.rawValue).quoted
        }
    }
}

/// An attribute of a cookie, as `cookie "id[Max-Age]"` asks for it.
public enum CookieAttribute: String, Hashable, Sendable, CaseIterable {
    /// The cookie's value (the same as no attribute).
    case value = "Value"
    /// When the cookie expires, a date.
    case expires = "Expires"
    /// Its lifetime in seconds, an integer.
    case maxAge = "Max-Age"
    /// The domain it is sent to.
    case domain = "Domain"
    /// The path it is sent to.
    case path = "Path"
    /// Present when the cookie is sent over HTTPS only.
    case secure = "Secure"
    /// Present when scripts may not read the cookie.
    case httpOnly = "HttpOnly"
    /// Its SameSite policy.
    case sameSite = "SameSite"

    /// The attribute for a name written in any letter case.
    public init?(named name: String) {
        guard let match = CookieAttribute.allCases.first(where: { $0.rawValue.lowercased() == name.lowercased() }) else { return nil }
        self = match
    }
}

/// A field of the server's certificate, as Hurl's `certificate` query names it.
public enum CertificateField: String, Hashable, Sendable, CaseIterable {
    /// The subject's distinguished name, a string.
    case subject = "Subject"
    /// The issuer's distinguished name, a string.
    case issuer = "Issuer"
    /// When the certificate becomes valid, a date.
    case startDate = "Start-Date"
    /// When it expires, a date.
    case expireDate = "Expire-Date"
    /// Its serial number, as hex bytes joined by colons (`1e:e8:b1`), a string.
    case serialNumber = "Serial-Number"
}

extension SavedRequest {
    /// Whether a check or capture of the request reads the server's certificate, which the transfer then records.
    public var readsCertificate: Bool {
        let reads: (CheckQuery) -> Bool = { if case .certificate = $0 { return true } else { return false } }
        return checks.contains { reads($0.query) } || captures.contains { reads($0.query) }
    }
}
