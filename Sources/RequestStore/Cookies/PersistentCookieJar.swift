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

    /// Writes the client's cookies to the jar file (atomically, mode 0600), oldest first as the file last had them,
    /// leaving out the oldest when they would not fit in a jar; returns what was kept.
    @discardableResult
    public func save(from client: any HTTPTransport) async throws(CookieJarError) -> CookieJarSave {
        let current = CookieJarFile.cookies(fromLines: await client.cookieLines())
        let previous = (try? CookieJarFile.read(path)) ?? []
        return try CookieJarFile.write(CookieJarFile.oldestFirst(current, previous: previous), to: path)
    }
}
