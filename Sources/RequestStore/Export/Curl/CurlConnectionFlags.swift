/// curl's flags for the connection and credential settings of saved options, as an exported command writes them.
enum CurlConnectionFlags {
    /// Each flag with its value, if it takes one, in the order `HurlConnectionOption.names` gives them.
    static func words(_ options: SavedOptions) -> [(String, String?)] {
        var words: [(String, String?)] = []
        for entry in options.connectTo ?? [] { words.append(("--connect-to", entry)) }
        for entry in options.resolve ?? [] { words.append(("--resolve", entry)) }
        if options.pathAsIs == true { words.append(("--path-as-is", nil)) }
        if let rate = options.limitRate { words.append(("--limit-rate", String(rate))) }
        if options.redirectCredentials == true { words.append(("--location-trusted", nil)) }
        if let scheme = options.authScheme { words.append(("--" + scheme, nil)) }
        if let provider = options.awsSigV4 { words.append(("--aws-sigv4", provider)) }
        if let file = options.netrcFile {
            words.append(("--netrc-file", file))
            if options.netrc == "optional" { words.append(("--netrc-optional", nil)) }
        } else if let netrc = options.netrc {
            words.append((netrc == "optional" ? "--netrc-optional" : "--netrc", nil))
        }
        if let version = options.ipVersion { words.append(("-" + version, nil)) }
        if let socket = options.unixSocket { words.append(("--unix-socket", socket)) }
        if let certificate = options.clientCertificate { words.append(("--cert", certificate)) }
        if let key = options.clientKey { words.append(("--key", key)) }
        if let seconds = options.connectTimeout {
            words.append(("--connect-timeout", seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)))
        }
        return words
    }
}
