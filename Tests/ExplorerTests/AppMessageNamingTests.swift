import Explorer
import Foundation
import RequestKit
import RequestStore
import Testing
import TestServers
import TestSupport

/// Messages in the app name what the app has — the request's Options tab, settings.json, the palette — never a
/// command-line flag the app does not take.
@Suite struct AppMessageNamingTests {
    /// Flags of `curlew send` that the app has no such thing as.
    static let flags = ["--timeout", "--idle-timeout", "--cacert", "--insecure", "--cert", "--key", "--proxy", "--max-filesize", "-o ", "--cookie-jar"]

    /// A fresh folder opened as the app's collection folder, removed when the test ends.
    final class Folder {
        let path = TemporaryFolder.path("curlew-naming")
        init() throws { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    /// Sends `request` from an app opened on `folder` and returns the failure shown in the response area.
    private func failure(of request: SavedRequest, in folder: Folder, maxResponseSize: Int64? = nil, storePaths: StorePaths? = nil,
                         collectionFile: CollectionFile? = nil) async throws -> String {
        var app = AppHarness(draft: RequestDraft(saved: request), storePaths: storePaths, client: Client(), maxResponseSize: maxResponseSize)
        app.state.open(collection: collectionFile?.document ?? RequestCollection(name: "API"), baseDirectory: folder.path)
        app.state.collectionFile = collectionFile
        app.state.draft = RequestDraft(saved: request)
        app.press("ctrl+r")
        await app.runPerformed()
        guard case .failed(let message) = app.state.viewer.phase else {
            Issue.record("expected a failure, got \(app.state.viewer.phase)")
            return ""
        }
        return message
    }

    private func expectNoFlags(_ message: String) {
        for flag in Self.flags { #expect(!message.contains(flag), "\(flag) in: \(message)") }
    }

    @Test func aBodyOverTheLimitNamesTheSetting() async throws {
        let folder = try Folder()
        let message = try await failure(of: SavedRequest(name: "big", url: try await Blocking.run { try HostileServer.url("/zeros/5000") }), in: folder, maxResponseSize: 1000)
        #expect(message.contains("Raise the limit with \"maxFileSize\" in settings.json"), "\(message)")
        expectNoFlags(message)
    }

    @Test func aTimeoutNamesTheOptionsTab() async throws {
        let folder = try Folder()
        let request = SavedRequest(name: "slow", url: try await Blocking.run { try HostileServer.url("/silent") }, options: SavedOptions(timeout: 1))
        let message = try await failure(of: request, in: folder)
        #expect(message.contains("Raise the timeout (the Timeout field of the Options tab)"), "\(message)")
        expectNoFlags(message)
    }

    @Test func anUntrustedCertificateNamesTheOptionsTab() async throws {
        let folder = try Folder()
        let url = try await Blocking.run { try MutualTLSServer.url("/") }
        let message = try await failure(of: SavedRequest(name: "tls", url: url), in: folder)
        #expect(message.contains("Give its CA with the CA file field of the Options tab, or turn verification off with Verify TLS in the Options tab"), "\(message)")
        expectNoFlags(message)
    }

    @Test func aCAFileThatIsAFIFONamesTheOptionsTab() async throws {
        let folder = try Folder()
        #expect(mkfifo(folder.path + "/pipe.pem", 0o600) == 0)
        let url = try await Blocking.run { try MutualTLSServer.url("/") }
        let message = try await failure(of: SavedRequest(name: "tls", url: url, options: SavedOptions(caFile: "pipe.pem")), in: folder)
        #expect(message.contains("(the CA file field of the Options tab) is a FIFO (a named pipe), not a regular file"), "\(message)")
        expectNoFlags(message)
    }

    @Test func aCookieJarTooLargeToReadNamesThePalette() async throws {
        let folder = try Folder()
        let paths = StorePaths(dataDirectory: folder.path + "/data", configDirectory: folder.path + "/config")
        let collection = try CollectionFile.create(RequestCollection(name: "API"), at: folder.path + "/api.json")
        let jar = paths.cookieJarFile(collection: collection.path, environment: nil)
        try FileManager.default.createDirectory(atPath: (jar as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(("# Netscape HTTP Cookie File\n" + String(repeating: "#\n", count: 600_000)).utf8).write(to: URL(fileURLWithPath: jar))
        let message = try await failure(of: SavedRequest(name: "r", url: try await Blocking.run { try LoopbackHTTPBin.url("/get") }), in: folder,
                                        storePaths: paths, collectionFile: collection)
        #expect(message.contains("The cookie jar cannot be read"), "\(message)")
        #expect(message.contains("Clear the jar from the palette (Cookies: clear the jar)"))
        expectNoFlags(message)
    }
}
