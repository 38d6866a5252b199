import Foundation
import RequestKit
import RequestStore

/// The client of `curlew send` with its cookie jar: read from the jar file before sending, written back after.
struct SendCookies {
    /// The client, its jar seeded from the file.
    let client: Client
    /// The jar file, if one is kept.
    let jar: PersistentCookieJar?

    /// Reads the jar file (a missing one is empty) and makes the client; a malformed file is an error naming its lines.
    init(enabled: Bool, jar: PersistentCookieJar?) throws(CookieJarError) {
        let lines = try jar?.initialLines() ?? []
        client = Client(configuration: Client.Configuration(cookies: enabled, initialCookies: lines))
        self.jar = enabled ? jar : nil
    }

    /// Writes the client's cookies back to the jar file; a failure, or cookies left out to keep the jar readable,
    /// is a warning, since the response has arrived.
    func save() async {
        guard let jar else { return }
        do {
            let saved = try await jar.save(from: client)
            if let warning = saved.warning(path: jar.path) {
                StandardStreams.writeError("curlew: warning: \(ResponseOutput.visible(warning))\n")
            }
        } catch {
            StandardStreams.writeError("curlew: warning: the cookie jar was not saved: \(ResponseOutput.visible(error.description))\n")
        }
    }
}
