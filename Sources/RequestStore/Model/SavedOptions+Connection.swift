import RequestKit

extension SavedOptions {
    /// The values `ipVersion` may take.
    public static let ipVersions = ["4", "6"]
    /// The values `authScheme` may take.
    public static let authSchemes = ["digest", "ntlm", "negotiate"]
    /// The values `netrc` may take.
    public static let netrcModes = ["required", "optional"]

    /// The connection and credential settings that are set, by their Hurl and curl names, for exporters that
    /// cannot write them to list as left out.
    public var connectionSettingNames: [String] {
        let set: [(Bool, String)] = [
            (connectTimeout != nil, "connect-timeout"), (connectTo != nil, "connect-to"), (resolve != nil, "resolve"),
            (ipVersion != nil, "ipv\(ipVersion ?? "")"), (unixSocket != nil, "unix-socket"), (pathAsIs != nil, "path-as-is"),
            (limitRate != nil, "limit-rate"), (redirectCredentials != nil, "location-trusted"), (authScheme != nil, authScheme ?? ""),
            (awsSigV4 != nil, "aws-sigv4"), (netrc != nil, "netrc"), (netrcFile != nil, "netrc-file"),
            (clientCertificate != nil, "cert"), (clientKey != nil, "key"),
        ]
        return set.filter(\.0).map(\.1)
    }

    /// The scheme libcurl carries out with the request's credentials, or nil for curlew's own Authorization header.
    public var httpAuthScheme: HTTPAuthScheme? {
        if let awsSigV4 { return .awsSigV4(provider: awsSigV4) }
        return authScheme.flatMap { HTTPAuthScheme.named[$0] }
    }

    /// Refuses connection settings a collection file holds that curlew cannot use, naming the key.
    func checkConnectionSettings(in container: KeyedDecodingContainer<CodingKeys>) throws {
        func refuse(_ key: CodingKeys, _ reason: String) throws -> Never {
            throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "\(key.stringValue) \(reason)")
        }
        if let connectTimeout, case .failure(let refusal) = NumberReading.seconds(connectTimeout) { try refuse(.connectTimeout, refusal.reason) }
        for entry in connectTo ?? [] { if let problem = ConnectionOverride.connectToProblem(entry) { try refuse(.connectTo, problem) } }
        for entry in resolve ?? [] { if let problem = ConnectionOverride.resolveProblem(entry) { try refuse(.resolve, problem) } }
        if let ipVersion, !Self.ipVersions.contains(ipVersion) { try refuse(.ipVersion, "must be 4 or 6, not \(ipVersion)") }
        if let limitRate, !(1...NumberReading.maximumByteCount).contains(limitRate) {
            try refuse(.limitRate, "must be from 1 to \(NumberReading.maximumByteCount) bytes a second, not \(limitRate)")
        }
        if let authScheme, !Self.authSchemes.contains(authScheme) {
            try refuse(.authScheme, "must be one of \(Self.authSchemes.joined(separator: ", ")), not \(authScheme)")
        }
        if let awsSigV4, let problem = HTTPAuthScheme.awsProviderProblem(awsSigV4) { try refuse(.awsSigV4, problem) }
        if let netrc, !Self.netrcModes.contains(netrc) { try refuse(.netrc, "must be required or optional, not \(netrc)") }
        for (key, path) in [(CodingKeys.unixSocket, unixSocket), (.netrcFile, netrcFile), (.clientCertificate, clientCertificate), (.clientKey, clientKey)] {
            if let path, path.isEmpty { try refuse(key, "needs a path") }
        }
    }
}
