import RequestKit

/// A client's cookies kept in a jar file between processes: read before the first request, written after the last.
public struct PersistentCookieJar: Hashable, Sendable {
    /// The jar file.
    public let path: String

    /// A jar kept in the file at `path`.
    public init(path: String) { self.path = path }

    /// The jar's cookies as lines for `Client.Configuration.initialCookies`; a missing file is an empty jar.
    public func initialLines() throws(CookieJarError) -> [String] {
        try CookieJarFile.read(path).map(\.line)
    }

    /// Writes the client's cookies to the jar file (atomically, mode 0600) and returns them.
    @discardableResult
    public func save(from client: any HTTPTransport) async throws(CookieJarError) -> [StoredCookie] {
        let cookies = CookieJarFile.cookies(fromLines: await client.cookieLines())
        try CookieJarFile.write(cookies, to: path)
        return cookies
    }
}
