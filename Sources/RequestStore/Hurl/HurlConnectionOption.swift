import RequestKit

/// The `[Options]` of a `.hurl` file that set how the connection is made and how credentials are used: read into
/// `SavedOptions` and written back from it.
enum HurlConnectionOption {
    /// The options, as Hurl names them.
    static let names = [
        "connect-to", "resolve", "path-as-is", "limit-rate", "location-trusted", "digest", "ntlm", "negotiate", "aws-sigv4",
        "netrc", "netrc-file", "netrc-optional", "ipv4", "ipv6", "unix-socket", "cert", "key", "connect-timeout", "max-time",
    ]

    /// The fastest `limit-rate` accepted, in bytes a second.
    static let rateRange: ClosedRange<Int64> = 1...NumberReading.maximumByteCount

    /// Sets the option `name` to `value`.
    static func apply(name: String, value: String, to options: inout SavedOptions) throws(HurlOptionValue.Problem) {
        func bool() throws(HurlOptionValue.Problem) -> Bool {
            switch value {
            case "true": return true
            case "false": return false
            default: throw .invalid("\(name) takes true or false, not '\(value)'")
            }
        }
        func text() throws(HurlOptionValue.Problem) -> String {
            guard !value.isEmpty else { throw .invalid("\(name) needs a value") }
            return value
        }
        func checked(_ problem: String?) throws(HurlOptionValue.Problem) -> String {
            // A template is checked once it is resolved, when the request is made.
            if let problem, !VariableResolver.containsPlaceholder(value) { throw .invalid("\(name) \(problem)") }
            return try text()
        }
        switch name {
        case "connect-to": options.connectTo = (options.connectTo ?? []) + [try checked(ConnectionOverride.connectToProblem(value))]
        case "resolve": options.resolve = (options.resolve ?? []) + [try checked(ConnectionOverride.resolveProblem(value))]
        case "path-as-is": options.pathAsIs = try bool() ? true : nil
        case "limit-rate":
            guard let rate = Int64(value), rateRange.contains(rate) else {
                throw .invalid("limit-rate takes bytes a second, a whole number from 1 to \(rateRange.upperBound), not '\(value)'")
            }
            options.limitRate = rate
        case "location-trusted":
            let trusted = try bool()
            options.redirectCredentials = trusted ? true : nil
            if trusted { options.followRedirects = true }
        case "digest", "ntlm", "negotiate":
            if try bool() { options.authScheme = name } else if options.authScheme == name { options.authScheme = nil }
        case "aws-sigv4": options.awsSigV4 = try checked(HTTPAuthScheme.awsProviderProblem(value))
        case "netrc": options.netrc = try bool() ? "required" : nil
        case "netrc-optional": options.netrc = try bool() ? "optional" : nil
        case "netrc-file": options.netrcFile = try text()
        case "ipv4", "ipv6":
            let version = String(name.dropFirst(3))
            if try bool() { options.ipVersion = version } else if options.ipVersion == version { options.ipVersion = nil }
        case "unix-socket": options.unixSocket = try text()
        case "cert":
            let path = try text()
            if path.contains(":"), !VariableResolver.containsPlaceholder(path) {
                throw .unsupported("cert with a password (CERTIFICATE:PASSWORD); curlew reads no certificate password, give an unencrypted key with key")
            }
            options.clientCertificate = path
        case "key": options.clientKey = try text()
        case "connect-timeout": options.connectTimeout = try seconds(name, value)
        case "max-time":
            let limit = try seconds(name, value)
            options.timeout = limit
        default:
            throw .unsupported("the option \(name)")
        }
    }

    /// A duration as Hurl and curl write it: a number of seconds, or whole milliseconds, seconds or minutes with
    /// `ms`, `s` or `m`; at most a year.
    static func seconds(_ name: String, _ value: String) throws(HurlOptionValue.Problem) -> Double {
        if case .success(let seconds) = NumberReading.seconds(value) { return seconds }
        if value.hasSuffix("ms") || value.hasSuffix("s") || value.hasSuffix("m"),
           let milliseconds = NumberReading.milliseconds(value, in: 0...Int(NumberReading.maximumSeconds) * 1000) {
            return Double(milliseconds) / 1000
        }
        throw .invalid("\(name) takes seconds (or a duration such as 20s, 500ms, 1m) up to \(Int(NumberReading.maximumSeconds)), not '\(value)'")
    }

    /// The `[Options]` lines for the settings that are set, in the order of `names`.
    static func lines(_ options: SavedOptions, value: (String) -> String) -> [String] {
        var lines: [String] = []
        for entry in options.connectTo ?? [] { lines.append("connect-to: " + value(entry)) }
        for entry in options.resolve ?? [] { lines.append("resolve: " + value(entry)) }
        if options.pathAsIs == true { lines.append("path-as-is: true") }
        if let rate = options.limitRate { lines.append("limit-rate: \(rate)") }
        if options.redirectCredentials == true { lines.append("location-trusted: true") }
        if let scheme = options.authScheme { lines.append("\(scheme): true") }
        if let provider = options.awsSigV4 { lines.append("aws-sigv4: " + value(provider)) }
        switch options.netrc {
        case "required" where options.netrcFile == nil: lines.append("netrc: true")
        case "optional": lines.append("netrc-optional: true")
        default: break
        }
        if let file = options.netrcFile { lines.append("netrc-file: " + value(file)) }
        if let version = options.ipVersion { lines.append("ipv\(version): true") }
        if let socket = options.unixSocket { lines.append("unix-socket: " + value(socket)) }
        if let certificate = options.clientCertificate { lines.append("cert: " + value(certificate)) }
        if let key = options.clientKey { lines.append("key: " + value(key)) }
        if let seconds = options.connectTimeout { lines.append("connect-timeout: " + duration(seconds)) }
        if let seconds = options.timeout { lines.append("max-time: " + duration(seconds)) }
        return lines
    }

    /// Seconds as Hurl reads them back: whole seconds alone, else whole milliseconds with `ms`.
    private static func duration(_ seconds: Double) -> String {
        if seconds == seconds.rounded() { return String(Int(seconds)) }
        return "\(Int((seconds * 1000).rounded()))ms"
    }
}
