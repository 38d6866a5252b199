/// Connection settings a user's command line gives every request it sends (curl's `--connect-to`, `--resolve`,
/// `--path-as-is`, `--limit-rate`, `--location-trusted`, `-4`/`-6`, `--unix-socket`, `--netrc…`), laid over each
/// request's own options.
public struct ConnectionDefaults: Hashable, Sendable {
    /// `--connect-to` entries, in order.
    public var connectTo: [String] = []
    /// `--resolve` entries, in order.
    public var resolve: [String] = []
    /// Whether paths are sent as written.
    public var pathAsIs = false
    /// The most bytes a second sent and received.
    public var rateLimit: Int64?
    /// Whether redirects are followed with the credentials sent along to other hosts.
    public var redirectCredentials = false
    /// The IP version host names resolve to; `.any` keeps each request's own.
    public var ipVersion: IPVersionPreference = .any
    /// A Unix domain socket to connect through.
    public var unixSocketPath: String?
    /// Whether credentials are read from `.netrc`; `.ignored` keeps each request's own.
    public var netrc: NetrcUse = .ignored
    /// The `.netrc` file to read instead of `~/.netrc`.
    public var netrcFile: String?

    /// Settings that change nothing.
    public init() {}

    /// Lays the settings over a request's options: overrides added, the others replacing the request's when given.
    public func apply(to options: inout RequestOptions) {
        // libcurl takes the first connect-to entry that matches, and the last resolve entry for a host and port.
        options.connectTo = connectTo + options.connectTo
        options.resolve += resolve
        if pathAsIs { options.pathAsIs = true }
        if let rateLimit { options.rateLimit = rateLimit }
        if redirectCredentials {
            options.redirectCredentials = true
            options.followRedirects = true
        }
        if ipVersion != .any { options.ipVersion = ipVersion }
        if let unixSocketPath { options.unixSocketPath = unixSocketPath }
        if netrc != .ignored {
            options.netrc = netrc
            options.netrcFile = netrcFile
        }
    }
}
