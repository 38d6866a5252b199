/// A setting of a request that a message can tell the user to change; whoever shows the message names it.
public enum RequestSetting: String, Hashable, Sendable, CaseIterable {
    /// The limit on the whole transfer (`RequestOptions.timeout`).
    case timeout
    /// The limit on a silence (`RequestOptions.idleTimeout`).
    case idleTimeout
    /// The CA bundle the server's certificate is checked against (`RequestOptions.caBundlePath`).
    case caFile
    /// The client certificate (`RequestOptions.clientCertificatePath`).
    case clientCertificate
    /// The client certificate's key (`RequestOptions.clientKeyPath`).
    case clientKey
    /// The certificate whose public key is pinned (`RequestOptions.pinnedCertificatePath`).
    case pinnedCertificate
    /// Whether the server's certificate is verified (`RequestOptions.verifyTLS`).
    case verifyTLS
    /// The proxy (`RequestOptions.proxy`).
    case proxy
    /// The largest response body accepted (`RequestOptions.maxResponseSize`).
    case maxResponseSize
    /// Writing the body to a file instead of memory.
    case output
    /// The `.netrc` file credentials are read from (`RequestOptions.netrcFile`).
    case netrcFile
}

/// How messages name the settings that would fix a failure: the command line's flags, an app's fields, a
/// collection's options. A setting without a name is one the user cannot change there; messages leave it out.
public struct SettingNames: Hashable, Sendable {
    /// Each setting's name, as it reads after "with" or in parentheses (`--cacert`, `the Options tab's CA file`).
    public var names: [RequestSetting: String]

    /// Names from a table.
    public init(_ names: [RequestSetting: String]) {
        self.names = names
    }

    /// The name of a setting, or nil when it has none here.
    public subscript(setting: RequestSetting) -> String? { names[setting] }

    /// The names of two settings that go together, or nil unless both have one.
    public func both(_ first: RequestSetting, _ second: RequestSetting) -> (String, String)? {
        guard let one = names[first], let other = names[second] else { return nil }
        return (one, other)
    }

    /// The flags of `curlew send` (and curl): what messages say unless told otherwise.
    public static let commandLine = SettingNames([
        .timeout: "--timeout", .idleTimeout: "--idle-timeout", .caFile: "--cacert", .clientCertificate: "--cert",
        .clientKey: "--key", .pinnedCertificate: "--pin-cert", .verifyTLS: "--insecure", .proxy: "--proxy",
        .maxResponseSize: "--max-filesize", .output: "-o", .netrcFile: "--netrc-file",
    ])
}
