import Foundation
import RequestKit
import RequestStore
import Locking

/// The app's persistent cookie jars: the client's jar holds the cookies of one collection and environment at a
/// time, read from its jar file in the data folder before a send and written back after it.
final class AppCookieJar: Sendable {
    /// The jar file whose cookies the client holds now; nil before the first send.
    private let loaded = Locked<String?>(nil)

    /// Creates a jar keeper that has loaded nothing yet.
    init() {}

    /// Makes the client hold the cookies of the jar file `path`: when another jar (or none) is loaded, the
    /// client's cookies are cleared and the file's read. Nil `path` (no collection open) keeps an in-memory jar.
    /// A malformed file is an error naming its bad lines; nothing is sent then.
    func prepare(_ client: any HTTPTransport, path: String?) async throws(SendFailure) {
        guard loaded.withLock({ $0 }) != path else { return }
        await client.clearCookies()
        loaded.withLock { $0 = nil }
        guard let path else {
            loaded.withLock { $0 = path }
            return
        }
        let lines: [String]
        do {
            lines = try CookieJarFile.read(path).map(\.line)
        } catch {
            throw SendFailure("The cookie jar cannot be read: \(error.inApp)")
        }
        await client.loadCookies(lines)
        loaded.withLock { $0 = path }
    }

    /// Writes the client's cookies to the jar file loaded; a failure, or cookies left out to keep the jar
    /// readable, is returned as a note for the status line.
    func save(_ client: any HTTPTransport) async -> String? {
        guard let path = loaded.withLock({ $0 }) else { return nil }
        do {
            let saved = try await PersistentCookieJar(path: path).save(from: client)
            return saved.warning(path: path).map { $0.prefix(1).uppercased() + $0.dropFirst() }
        } catch {
            return "The cookie jar was not saved: \(error.inApp)"
        }
    }

    /// Forgets every cookie of the jar file `path`: the client's jar when it holds that file's, and the file.
    func clear(_ client: any HTTPTransport, path: String) async throws(SendFailure) {
        if loaded.withLock({ $0 }) == path { await client.clearCookies() }
        do {
            try CookieJarFile.write([], to: path)
        } catch {
            throw SendFailure(error.inApp)
        }
    }
}
