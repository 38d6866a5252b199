import Explorer
import Foundation
import RequestKit
import RequestStore
import TestServers
import Testing
import TUICore
import TestSupport

/// A stranger's collection opened in the app: a file outside its folder is sent only once the user says so,
/// and an environment variable it names is not read unless the user allowed it.
@Suite("Trust boundary in the app")
struct TrustBoundaryAppTests {
    /// A collection in `FOLDER/api/` whose one request uploads `FOLDER/outside.txt` and sends `{{$env.NAME}}`,
    /// opened with that request in the draft; the server writes down what it receives.
    static func setUp(header: String? = nil, variables: VariableScope = VariableScope()) throws -> (AppHarness, RecordingLoopbackServer, String) {
        let folder = TemporaryFolder.path("curlew-trust-app")
        try FileManager.default.createDirectory(atPath: folder + "/api", withIntermediateDirectories: true)
        try "OUTSIDE-SECRET-FILE".write(toFile: folder + "/outside.txt", atomically: true, encoding: .utf8)
        let server = try RecordingLoopbackServer.start(logPath: folder + "/received.log")
        var collection = RequestCollection(name: "Stranger")
        let body: SavedBody = header == nil ? .multipart([.file(name: "f", path: "../outside.txt", fileName: nil, contentType: nil, enabled: true)]) : .none
        collection.requests = [SavedRequest(name: "Upload", method: .post, url: server.baseURL + "/upload",
                                            headers: header.map { [KeyValueRow(name: "X-Key", value: $0)] } ?? [], body: body)]
        let file = try CollectionFile.create(collection, at: folder + "/api/stranger.json")
        var app = AppHarness(variables: variables)
        app.state.open(collection: file.document, baseDirectory: folder + "/api")
        app.state.collectionFile = file
        let id = try #require(app.state.sidebarContent.requests.first { $0.value.name == "Upload" }?.key)
        app.openSidebarRequest(id)
        return (app, server, folder)
    }

    @Test("a file outside the collection's folder is not sent until the user confirms it, once")
    func fileOutsideTheRootAsksFirst() async throws {
        var (app, server, folder) = try Self.setUp()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        app.press("ctrl+r")
        await app.runPerformed()
        guard case .confirmOutsideFile(let refusal, _) = app.state.overlay else {
            Issue.record("no question was asked; overlay: \(String(describing: app.state.overlay))")
            return
        }
        #expect(refusal.resolved.hasSuffix("/outside.txt"))
        let screen = app.screen().joined(separator: "\n")
        #expect(screen.contains("Send a file from outside the collection?"))
        #expect(screen.contains("outside the file root"))
        #expect(server.requestCount == 0)

        app.press("n")
        #expect(app.state.overlay == nil)
        #expect(server.requestCount == 0)

        app.press("ctrl+r")
        await app.runPerformed()
        app.press("y")
        await app.runPerformed()
        #expect(server.received.contains("OUTSIDE-SECRET-FILE"))
        #expect(app.state.trust.allowedFiles.contains(refusal.resolved))

        app.press("ctrl+r")
        await app.runPerformed()
        #expect(app.state.overlay == nil, "the question came again for a file already allowed")
        #expect(server.requestCount == 2)
    }

    @Test("an environment variable the user did not allow stops the send and names the way to allow it")
    func environmentVariableNotAllowed() async throws {
        let process = ["CURLEW_APP_SECRET": "app-secret-value"]
        var (app, server, folder) = try Self.setUp(header: "{{$env.CURLEW_APP_SECRET}}",
                                                   variables: VariableScope(process: process, policy: TrustPolicy()))
        defer { try? FileManager.default.removeItem(atPath: folder) }
        app.press("ctrl+r")
        await app.runPerformed()
        #expect(app.screen().joined(separator: "\n").contains("--allow-env CURLEW_APP_SECRET"))
        #expect(server.requestCount == 0)

        (app, _, _) = try Self.setUp(header: "{{$env.CURLEW_APP_SECRET}}",
                                     variables: VariableScope(process: process, policy: TrustPolicy(allowedEnvironment: ["CURLEW_APP_SECRET"])))
        app.press("ctrl+r")
        await app.runPerformed()
        #expect(app.state.overlay == nil)
    }

    @Test("a file the user attaches in the app is the user's own and is sent without a question")
    func attachedFileIsAllowed() async throws {
        var (app, server, folder) = try Self.setUp()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        app.state.draft.files = []
        app.press("alt+4", "a")
        app.type(folder + "/outside.txt")
        app.press("enter")
        app.press("ctrl+r")
        await app.runPerformed()
        #expect(app.state.overlay == nil)
        #expect(server.received.contains("OUTSIDE-SECRET-FILE"))
    }
}
