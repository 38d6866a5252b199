import CCurl

/// The server's own certificate (the first of the chain it presented), as libcurl describes it (`CURLINFO_CERTINFO`):
/// each field as text, as Hurl's `certificate` query reads it.
public struct ServerCertificate: Hashable, Sendable {
    /// The subject's distinguished name, e.g. `C = US, O = Example, CN = localhost`.
    public var subject: String?
    /// The issuer's distinguished name.
    public var issuer: String?
    /// When it becomes valid, as libcurl writes it (`Jan 10 08:29:52 2023 GMT`).
    public var startDate: String?
    /// When it expires, as libcurl writes it.
    public var expireDate: String?
    /// The serial number, as libcurl writes it (hex digits, with or without colons).
    public var serialNumber: String?
    /// The subject alternative names, e.g. `DNS:localhost, IP Address:127.0.0.1`.
    public var subjectAltName: String?

    /// The most bytes of one field kept; longer ones are cut.
    public static let maximumFieldLength = 4096

    /// Creates a certificate description.
    public init(subject: String? = nil, issuer: String? = nil, startDate: String? = nil, expireDate: String? = nil, serialNumber: String? = nil, subjectAltName: String? = nil) {
        self.subject = subject
        self.issuer = issuer
        self.startDate = startDate
        self.expireDate = expireDate
        self.serialNumber = serialNumber
        self.subjectAltName = subjectAltName
    }

    /// The certificate from libcurl's `Name:value` lines of one certificate; nil when none of its fields is there.
    init?(lines: [String]) {
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let value = String(line[line.index(after: colon)...].prefix(Self.maximumFieldLength))
            switch line[..<colon].lowercased() {
            case "subject": subject = value
            case "issuer": issuer = value
            case "start date": startDate = value
            case "expire date": expireDate = value
            case "serial number": serialNumber = value
            case "x509v3 subject alternative name": subjectAltName = value
            default: continue
            }
        }
        if self == ServerCertificate() { return nil }
    }

    /// The first certificate libcurl gathered for a finished transfer (`CURLOPT_CERTINFO` on), or nil.
    static func gathered(by handle: UnsafeMutableRawPointer) -> ServerCertificate? {
        var pointer: UnsafeMutableRawPointer?
        guard ccurl_easy_getinfo_pointer(handle, CURLINFO_CERTINFO, &pointer) == CURLE_OK, let pointer else { return nil }
        let info = pointer.assumingMemoryBound(to: curl_certinfo.self).pointee
        guard info.num_of_certs > 0, let lists = info.certinfo else { return nil }
        var lines: [String] = []
        var node = lists[0]
        // A certificate's description is a few dozen lines; the bound keeps a hostile chain from costing more.
        while let current = node, lines.count < 256 {
            if let data = current.pointee.data { lines.append(String(cString: data)) }
            node = current.pointee.next
        }
        return ServerCertificate(lines: lines)
    }
}
