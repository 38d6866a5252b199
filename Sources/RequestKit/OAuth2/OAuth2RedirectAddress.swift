import Foundation

/// Where the code grant's loopback listener binds, read from a block's `redirectUri`.
public struct OAuth2RedirectAddress: Hashable, Sendable {
    /// The port, or 0 for a free one.
    public var port: Int
    /// The callback's path.
    public var path: String

    /// The address of `redirectUri`: empty for a free port and `/callback`; else `http://127.0.0.1:PORT/PATH`
    /// (or `localhost`), the only kind of redirect curlew can receive.
    public init(redirectUri: String) throws(OAuth2Error) {
        guard !redirectUri.isEmpty else {
            self.init(port: 0, path: "/callback")
            return
        }
        let problem = "\"redirectUri\" must be a loopback address such as http://127.0.0.1:8765/callback, not \(OneLineText.visible(String(redirectUri.prefix(200))))"
        guard let components = URLComponents(string: redirectUri), components.scheme?.lowercased() == "http",
              let host = components.host?.lowercased(), host == "127.0.0.1" || host == "localhost",
              components.user == nil, components.password == nil, components.query == nil, components.fragment == nil else {
            throw .invalidSettings(problem)
        }
        let port = components.port ?? 0
        guard (0...65535).contains(port) else { throw .invalidSettings(problem) }
        self.init(port: port, path: components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath)
    }

    /// An address from its parts.
    public init(port: Int, path: String) {
        self.port = port
        self.path = path
    }
}
