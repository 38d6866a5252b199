import Explorer
import Foundation
import RequestKit
import RequestStore
import Testing
import TestServers
import TUICore
import TestSupport

/// The app's persistent cookie jar: a cookie set by one send is kept in the collection's jar file and sent by the
/// next, even by a new app (a restart); the palette lists the jar with values masked and clears it.
@Suite("cookie jar in the app")
struct CookieJarAppTests {
    /// A collection file in a fresh folder, a data folder beside it, and an app with its own client opened on them.
    private static func app(folder: String, url: String) throws -> AppHarness {
        let collectionPath = folder + "/api.json"
        let file = Self.POSIXFileExists(collectionPath)
            ? try CollectionFile.load(collectionPath)
            : try CollectionFile.create(RequestCollection(name: "API"), at: collectionPath)
        var app = AppHarness(draft: RequestDraft(saved: SavedRequest(name: "r", url: url)),
                             storePaths: StorePaths(dataDirectory: folder + "/data", configDirectory: folder + "/config"),
                             client: Client())
        app.state.open(collection: file.document, baseDirectory: folder)
        app.state.collectionFile = file
        app.state.draft = RequestDraft(saved: SavedRequest(name: "r", url: url))
        return app
    }

    private static func POSIXFileExists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    /// Sends the draft and runs the commands that follow (the send, then formatting the response) until none is left.
    private static func sendAndWait(_ app: inout AppHarness) async {
        app.press("ctrl+r")
        var queue = app.commands
        var steps = 0
        while !queue.isEmpty, steps < 100 {
            steps += 1
            let command = queue.removeFirst()
            guard case .perform(_, let operation) = command.kind, let message = await operation() else { continue }
            app.send(message)
            queue += app.commands
        }
    }

    @Test("a cookie outlives the app and the palette shows and clears it")
    func jarAcrossRestarts() async throws {
        let folder = TemporaryFolder.path("curlew-app-cookies")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let setURL = try LoopbackHTTPBin.url("/cookies/set?session=abcdef123456")
        var first = try Self.app(folder: folder, url: setURL)
        await Self.sendAndWait(&first)
        #expect(first.state.viewer.document?.statusCode == 200)

        let jarFolder = folder + "/data/cookies"
        let jars = try FileManager.default.contentsOfDirectory(atPath: jarFolder)
        #expect(jars.count == 1)
        let jar = jarFolder + "/" + (jars.first ?? "")
        #expect(try CookieJarFile.read(jar).map(\.name) == ["session"])
        #expect((try FileManager.default.attributesOfItem(atPath: jar)[.posixPermissions] as? NSNumber)?.intValue == 0o600)

        var second = try Self.app(folder: folder, url: try LoopbackHTTPBin.url("/cookies"))
        await Self.sendAndWait(&second)
        let body = String(decoding: second.state.viewer.document?.body ?? [], as: UTF8.self)
        #expect(body.contains("abcdef123456"))

        second.action("cookies.show")
        await second.runPerformed()
        guard case .message(let title, let text) = second.state.overlay else {
            Issue.record("expected the jar listing, got \(String(describing: second.state.overlay))")
            return
        }
        #expect(title == "Cookie jar")
        #expect(text.contains("127.0.0.1"))
        #expect(text.contains("session"))
        #expect(text.contains("abcd•••"))
        #expect(!text.contains("abcdef123456"))
        #expect(second.screen().joined().contains("abcd•••"))

        second.press("esc")
        second.action("cookies.clear")
        await second.runPerformed()
        #expect(second.state.notice?.contains("Cookie jar cleared") == true)
        #expect(try CookieJarFile.read(jar).isEmpty)
        await Self.sendAndWait(&second)
        let after = String(decoding: second.state.viewer.document?.body ?? [], as: UTF8.self)
        #expect(!after.contains("abcdef123456"))
    }

    @Test("a jar that would outgrow its reader keeps the newest cookies and the app says so")
    func jarKeptReadable() async throws {
        let folder = TemporaryFolder.path("curlew-app-cookies")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let url = try await Blocking.run { try HostileServer.url("/cookies/many/new") }
        var app = try Self.app(folder: folder, url: url)
        let jar = try #require(app.program.effects.cookieJarPath(collection: folder + "/api.json", environment: nil))
        let old = (0..<250).map { StoredCookie(domain: "127.0.0.1", name: "old-\($0)", value: String(repeating: "o", count: 3900)) }
        #expect(try CookieJarFile.write(old, to: jar).dropped == 0)
        await Self.sendAndWait(&app)
        #expect(app.state.viewer.document?.statusCode == 200)
        #expect(app.state.notice?.contains("oldest cookies were dropped") == true, "\(String(describing: app.state.notice))")
        let kept = try CookieJarFile.read(jar)
        #expect(kept.last?.name == "new-49")
        #expect(kept.first?.name != "old-0")
        await Self.sendAndWait(&app)
        #expect(app.state.viewer.document?.statusCode == 200)
    }

    @Test("the listing masks values and says when the jar is empty")
    func listing() {
        let cookies = [StoredCookie(domain: "api.example", path: "/v1", expires: 1, name: "sid", value: "secret-token"),
                       StoredCookie(domain: "example", includeSubdomains: true, name: "x", value: "ab")]
        let text = CookieJarListing.text(cookies, path: "/data/jar.txt", now: Date(timeIntervalSince1970: 100))
        #expect(text.contains("secr•••"))
        #expect(text.contains("••"))
        #expect(!text.contains("secret-token"))
        #expect(text.contains("expired"))
        #expect(text.contains("example (+sub)"))
        #expect(text.hasSuffix("2 cookies in /data/jar.txt"))
        #expect(CookieJarListing.text([], path: "/j", now: Date()).hasPrefix("No cookies yet."))
    }
}
