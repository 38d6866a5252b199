/// An authentication scheme that libcurl carries out itself from a user and password, answering the server's
/// challenge or signing the request, instead of a preset Authorization header.
public enum HTTPAuthScheme: Hashable, Sendable {
    /// HTTP Digest (RFC 7616): the password never crosses the wire.
    case digest
    /// NTLM, as Windows servers and proxies ask for it.
    case ntlm
    /// SPNEGO (Kerberos) through GSS-API; the user and password may be empty to use the system's ticket.
    case negotiate
    /// AWS Signature Version 4 with `PROVIDER1[:PROVIDER2[:REGION[:SERVICE]]]` (curl's `--aws-sigv4`), the user
    /// the access key and the password the secret key.
    case awsSigV4(provider: String)

    /// The schemes that take no argument, by the name curl's and Hurl's options give them.
    public static let named: [String: HTTPAuthScheme] = ["digest": .digest, "ntlm": .ntlm, "negotiate": .negotiate]

    /// The name of the option that asks for it (`digest`, `ntlm`, `negotiate`, `aws-sigv4`).
    public var optionName: String {
        switch self {
        case .digest: return "digest"
        case .ntlm: return "ntlm"
        case .negotiate: return "negotiate"
        case .awsSigV4: return "aws-sigv4"
        }
    }

    /// Why a `--aws-sigv4` provider text cannot be used, or nil when it can: one to four `:`-separated parts,
    /// each letters, digits, `-`, `_` or `.`.
    public static func awsProviderProblem(_ text: String) -> String? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        let allowed = { (byte: UInt8) -> Bool in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x2D || byte == 0x5F || byte == 0x2E
        }
        guard (1...4).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy(allowed) }) else {
            return "takes PROVIDER1[:PROVIDER2[:REGION[:SERVICE]]] such as aws:amz:eu-central-1:s3, not '\(text)'"
        }
        return nil
    }
}

/// The user and password handed to libcurl for an `HTTPAuthScheme`; an empty user leaves them to `.netrc` or,
/// for Negotiate, to the system.
public struct SchemeCredentials: Hashable, Sendable {
    /// The scheme libcurl carries out.
    public var scheme: HTTPAuthScheme
    /// The user name (the access key for AWS SigV4).
    public var user: String
    /// The password (the secret key for AWS SigV4); a secret, masked wherever the exchange is shown or kept.
    public var password: String

    /// Credentials for a scheme.
    public init(scheme: HTTPAuthScheme, user: String, password: String) {
        self.scheme = scheme
        self.user = user
        self.password = password
    }
}
