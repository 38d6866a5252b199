/// How one curl option is written and whether it takes a value.
struct CurlOptionSpec: Hashable, Sendable {
    /// The long name without the leading `--`.
    var long: String
    /// The one-letter form, if any.
    var short: Character?
    /// Whether the option consumes a value.
    var takesValue: Bool
}

/// The options of curl 8 that the importer recognises, so that it knows which take a value.
///
/// Knowing every option's arity matters even for options curlew ignores: skipping an
/// unknown option's value wrongly would turn the value into a URL.
enum CurlOptionTable {
    /// Options that take a value, with their short letter where they have one.
    private static let valued: [(String, Character?)] = [
        ("abstract-unix-socket", nil), ("alt-svc", nil), ("aws-sigv4", nil), ("cacert", nil), ("capath", nil),
        ("cert", "E"), ("cert-type", nil), ("ciphers", nil), ("config", "K"), ("connect-timeout", nil),
        ("connect-to", nil), ("continue-at", "C"), ("cookie", "b"), ("cookie-jar", "c"), ("create-file-mode", nil),
        ("crlfile", nil), ("curves", nil), ("data", "d"), ("data-ascii", nil), ("data-binary", nil), ("data-raw", nil),
        ("data-urlencode", nil), ("delegation", nil), ("dns-interface", nil), ("dns-ipv4-addr", nil),
        ("dns-ipv6-addr", nil), ("dns-servers", nil), ("doh-url", nil), ("dump-header", "D"), ("ech", nil),
        ("egd-file", nil), ("engine", nil), ("etag-compare", nil), ("etag-save", nil), ("expect100-timeout", nil),
        ("form", "F"), ("form-string", nil), ("ftp-account", nil), ("ftp-alternative-to-user", nil),
        ("ftp-method", nil), ("ftp-port", "P"), ("ftp-ssl-ccc-mode", nil), ("happy-eyeballs-timeout-ms", nil),
        ("haproxy-clientip", nil), ("header", "H"), ("hostpubmd5", nil), ("hostpubsha256", nil), ("hsts", nil),
        ("interface", nil), ("ip-tos", nil), ("ipfs-gateway", nil), ("json", nil), ("keepalive-cnt", nil),
        ("keepalive-time", nil), ("key", nil), ("key-type", nil), ("krb", nil), ("libcurl", nil),
        ("limit-rate", nil), ("local-port", nil), ("login-options", nil), ("mail-auth", nil), ("mail-from", nil),
        ("mail-rcpt", nil), ("max-filesize", nil), ("max-redirs", nil), ("max-time", "m"), ("netrc-file", nil),
        ("noproxy", nil), ("oauth2-bearer", nil), ("output", "o"), ("output-dir", nil), ("parallel-max", nil),
        ("pass", nil), ("pinnedpubkey", nil), ("preproxy", nil), ("proto", nil), ("proto-default", nil),
        ("proto-redir", nil), ("proxy", "x"), ("proxy-cacert", nil), ("proxy-capath", nil), ("proxy-cert", nil),
        ("proxy-cert-type", nil), ("proxy-ciphers", nil), ("proxy-crlfile", nil), ("proxy-header", nil),
        ("proxy-key", nil), ("proxy-key-type", nil), ("proxy-pass", nil), ("proxy-pinnedpubkey", nil),
        ("proxy-service-name", nil), ("proxy-tls13-ciphers", nil), ("proxy-tlsauthtype", nil),
        ("proxy-tlspassword", nil), ("proxy-tlsuser", nil), ("proxy-user", "U"), ("proxy1.0", nil), ("pubkey", nil),
        ("quote", "Q"), ("random-file", nil), ("range", "r"), ("rate", nil), ("referer", "e"), ("request", "X"),
        ("request-target", nil), ("resolve", nil), ("retry", nil), ("retry-delay", nil), ("retry-max-time", nil),
        ("sasl-authzid", nil), ("service-name", nil), ("socks4", nil), ("socks4a", nil), ("socks5", nil),
        ("socks5-gssapi-service", nil), ("socks5-hostname", nil), ("speed-limit", "Y"), ("speed-time", "y"),
        ("ssl-sessions", nil), ("stderr", nil), ("telnet-option", "t"), ("tftp-blksize", nil), ("time-cond", "z"),
        ("tls-max", nil), ("tls13-ciphers", nil), ("tlsauthtype", nil), ("tlspassword", nil), ("tlsuser", nil),
        ("trace", nil), ("trace-ascii", nil), ("trace-config", nil), ("unix-socket", nil), ("upload-file", "T"),
        ("url", nil), ("url-query", nil), ("user", "u"), ("user-agent", "A"), ("variable", nil), ("vlan-priority", nil),
        ("write-out", "w"),
    ]

    /// Options that are switches, with their short letter where they have one.
    private static let switches: [(String, Character?)] = [
        ("anyauth", nil), ("append", "a"), ("basic", nil), ("ca-native", nil), ("cert-status", nil),
        ("compressed", nil), ("compressed-ssh", nil), ("create-dirs", nil), ("crlf", nil), ("digest", nil),
        ("disable", "q"), ("disable-eprt", nil), ("disable-epsv", nil), ("disallow-username-in-url", nil),
        ("fail", "f"), ("fail-early", nil), ("fail-with-body", nil), ("false-start", nil), ("ftp-create-dirs", nil),
        ("ftp-pasv", nil), ("ftp-pret", nil), ("ftp-skip-pasv-ip", nil), ("ftp-ssl-ccc", nil), ("ftp-ssl-control", nil),
        ("get", "G"), ("globoff", "g"), ("haproxy-protocol", nil), ("head", "I"), ("help", "h"), ("http0.9", nil),
        ("http1.0", "0"), ("http1.1", nil), ("http2", nil), ("http2-prior-knowledge", nil), ("http3", nil),
        ("http3-only", nil), ("ignore-content-length", nil), ("include", "i"), ("insecure", "k"), ("ipv4", "4"),
        ("ipv6", "6"), ("junk-session-cookies", "j"), ("list-only", "l"), ("location", "L"),
        ("location-trusted", nil), ("manual", "M"), ("mptcp", nil), ("negotiate", nil), ("netrc", "n"),
        ("netrc-optional", nil), ("next", ":"), ("no-alpn", nil), ("no-buffer", "N"), ("no-clobber", nil),
        ("no-keepalive", nil), ("no-npn", nil), ("no-progress-meter", nil), ("no-sessionid", nil), ("ntlm", nil),
        ("ntlm-wb", nil), ("parallel", "Z"), ("parallel-immediate", nil), ("path-as-is", nil), ("post301", nil),
        ("post302", nil), ("post303", nil), ("progress-bar", "#"), ("proxy-anyauth", nil), ("proxy-basic", nil),
        ("proxy-ca-native", nil), ("proxy-digest", nil), ("proxy-http2", nil), ("proxy-insecure", nil),
        ("proxy-negotiate", nil), ("proxy-ntlm", nil), ("proxy-ssl-allow-beast", nil), ("proxy-ssl-auto-client-cert", nil),
        ("proxy-tlsv1", nil), ("proxytunnel", "p"), ("raw", nil), ("remote-header-name", "J"), ("remote-name", "O"),
        ("remote-name-all", nil), ("remove-on-error", nil), ("remote-time", "R"), ("retry-all-errors", nil),
        ("retry-connrefused", nil), ("sasl-ir", nil), ("show-error", "S"), ("show-headers", nil), ("silent", "s"),
        ("skip-existing", nil), ("socks5-basic", nil), ("socks5-gssapi", nil), ("socks5-gssapi-nec", nil),
        ("ssl", nil), ("ssl-allow-beast", nil), ("ssl-auto-client-cert", nil), ("ssl-no-revoke", nil),
        ("ssl-reqd", nil), ("ssl-revoke-best-effort", nil), ("sslv2", "2"), ("sslv3", "3"), ("styled-output", nil),
        ("suppress-connect-headers", nil), ("tcp-fastopen", nil), ("tcp-nodelay", nil), ("tftp-no-options", nil),
        ("tlsv1", "1"), ("tlsv1.0", nil), ("tlsv1.1", nil), ("tlsv1.2", nil), ("tlsv1.3", nil), ("tr-encoding", nil),
        ("trace-ids", nil), ("trace-time", nil), ("use-ascii", "B"), ("verbose", "v"), ("version", "V"), ("xattr", nil),
    ]

    /// Every option by long name.
    static let byLong: [String: CurlOptionSpec] = {
        var table: [String: CurlOptionSpec] = [:]
        for (name, short) in valued { table[name] = CurlOptionSpec(long: name, short: short, takesValue: true) }
        for (name, short) in switches { table[name] = CurlOptionSpec(long: name, short: short, takesValue: false) }
        return table
    }()

    /// Every option that has a one-letter form, by that letter.
    static let byShort: [Character: CurlOptionSpec] = {
        var table: [Character: CurlOptionSpec] = [:]
        for spec in byLong.values {
            if let short = spec.short { table[short] = spec }
        }
        return table
    }()

    /// The result of looking up a long option as typed.
    enum LongLookup: Equatable {
        /// A known option, and whether it was written as `--no-NAME` to turn a switch off.
        case found(CurlOptionSpec, negated: Bool)
        /// A prefix that fits several options.
        case ambiguous([String])
        /// No option has this name.
        case unknown
    }

    /// Finds a long option by exact name, `--no-` negation, or unique prefix as curl allows.
    static func lookup(long name: String) -> LongLookup {
        if let spec = byLong[name] { return .found(spec, negated: false) }
        if name.hasPrefix("no-"), let spec = byLong[String(name.dropFirst(3))], !spec.takesValue {
            return .found(spec, negated: true)
        }
        let matches = byLong.keys.filter { $0.hasPrefix(name) }.sorted()
        if matches.count == 1, let only = matches.first, let spec = byLong[only] { return .found(spec, negated: false) }
        if matches.count > 1 { return .ambiguous(matches) }
        return .unknown
    }
}
