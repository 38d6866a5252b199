import BodyIndex
import Foundation
import RequestKit
import RequestStore
import TestServers
import Testing
@testable import Explorer
import TestSupport

/// Bodies past the `largeBodyThreshold` setting go to a file in the data folder's `bodies/` and are viewed from
/// there: searched and navigated like any other; the file goes when no tab shows it, and leftovers at the next start.
@Suite struct LargeBodyFileAppTests {
    /// The threshold the tests use (1 MiB), so the bodies stay small and the tests fast.
    static let threshold: Int64 = 1 << 20

    /// Serves at `/big` a JSON body of about 3 MiB with one unique email near its end (with a Content-Length, or
    /// chunked at `/big?chunked`), and a small JSON body at `/small`.
    static let script = #"""
    import http.server
    items = []
    for i in range(40000):
        email = b"needle@example.test" if i == 39990 else b"user%d@example.test" % i
        items.append(b'{"id": %d, "email": "%s", "tags": ["a", "b"]}' % (i, email))
    big = b'{"items": [' + b",".join(items) + b"]}"
    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        def log_message(self, *args):
            pass
        def do_GET(self):
            body = big if self.path.startswith("/big") else b'{"small": true}'
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            if self.path.endswith("?chunked"):
                self.send_header("Transfer-Encoding", "chunked")
                self.end_headers()
                for start in range(0, len(body), 65536):
                    piece = body[start:start + 65536]
                    self.wfile.write(b"%x\r\n" % len(piece) + piece + b"\r\n")
                self.wfile.write(b"0\r\n\r\n")
            else:
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
    serve_http(Handler)
    """#

    /// A fresh data folder.
    static func dataFolder() throws -> StorePaths {
        let folder = TemporaryFolder.path("curlew-large-bodies")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return StorePaths(dataDirectory: folder, configDirectory: folder + "/config")
    }

    /// The files in the data folder's `bodies/`.
    static func bodyFiles(_ paths: StorePaths) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: paths.dataDirectory + "/bodies")) ?? []).sorted()
    }

    /// Runs the last update's background commands and every command their messages produce, in order, until none
    /// is left (bounded): the send, the formatting and each indexing step, or each chunk of a search.
    static func drain(_ app: inout AppHarness) async {
        var queue = app.commands
        var steps = 0
        while !queue.isEmpty, steps < 10_000 {
            let command = queue.removeFirst()
            steps += 1
            guard case .perform(_, let operation) = command.kind, let message = await operation() else { continue }
            app.send(message)
            queue += app.commands
        }
    }

    /// Whether `address` lies in a mapping of the file at `path`, as /proc/self/maps lists them.
    static func isMapped(_ address: UInt, from path: String) throws -> Bool {
        // /proc files report no size, so they are read to their end rather than by their size.
        let handle = try #require(FileHandle(forReadingAtPath: "/proc/self/maps"))
        defer { try? handle.close() }
        let maps = String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
        let resolved = (path as NSString).resolvingSymlinksInPath
        return maps.split(separator: "\n").contains { line in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 6, String(fields[5...].joined(separator: " ")) == resolved else { return false }
            let bounds = fields[0].split(separator: "-").compactMap { UInt($0, radix: 16) }
            return bounds.count == 2 && bounds[0] <= address && address < bounds[1]
        }
    }

    /// Sends the draft and runs the app's commands until the response is shown and wholly indexed.
    static func sendAndShow(_ app: inout AppHarness) async {
        app.send(.action("request.send"))
        await drain(&app)
    }

    @Test("a JSON body past the threshold is in bodies/, shown, searched and navigated", arguments: ["/big", "/big?chunked"])
    func bodyPastTheThresholdIsViewedFromTheDataFolder(path: String) async throws {
        let port = try ScriptServer.launch(script: Self.script, name: "large-body-files")
        let paths = try Self.dataFolder()
        var app = AppHarness(width: 120, height: 40, draft: RequestDraft(saved: SavedRequest(name: "big", url: "http://127.0.0.1:\(port)\(path)")),
                             storePaths: paths, largeBodyThreshold: Self.threshold)
        await Self.sendAndShow(&app)

        let document = try #require(app.state.viewer.document)
        #expect(document.bodyKind == .json)
        #expect(document.bodySize > 2 * Self.threshold)
        let file = try #require(document.temporaryBody?.path, "the body should have gone to a file")
        #expect((file as NSString).deletingLastPathComponent == paths.dataDirectory + "/bodies")
        #expect(Self.bodyFiles(paths) == [(file as NSString).lastPathComponent])
        #expect(FileManager.default.contents(atPath: file) == document.body.data, "the file holds the body byte for byte")
        let address = document.body.withUnsafeBufferPointer { bytes in bytes.baseAddress.map { UInt(bitPattern: $0) } ?? 0 }
        #expect(try Self.isMapped(address, from: file), "the viewer's bytes are the file's mapping, not a copy")
        #expect(app.screen().contains { $0.contains(#""email": "user0@example.test""#) })

        app.state.focus = .response
        #expect(document.isIndexing == false && app.state.viewer.document?.isIndexing == false)
        app.press("/")
        for character in "needle@" {
            app.type(String(character))
            await Self.drain(&app)
        }
        #expect(app.state.viewer.search.counter == "1/1")
        #expect(app.screen().contains { $0.contains(#""email": "needle@example.test""#) })
        app.press("enter")

        app.press("g")
        #expect(app.state.viewer.navigation.cursor == 0)
        app.press("%")
        let last = app.state.viewer.navigation.cursor
        #expect(last > 200_000, "% jumps from the opening brace to the body's last line")
        #expect(app.screen().contains { $0.contains(#""id": 39999"#) }, "the screen shows the body's end")
        app.press("%")
        #expect(app.state.viewer.navigation.cursor == 0)
    }

    @Test func theHistoryKeepsANoteForABodyPastTheThresholdAndNotTheBody() async throws {
        let port = try ScriptServer.launch(script: Self.script, name: "large-body-files")
        let paths = try Self.dataFolder()
        var app = AppHarness(draft: RequestDraft(saved: SavedRequest(name: "big", url: "http://127.0.0.1:\(port)/big")),
                             storePaths: paths, history: HistoryStore(paths: paths), largeBodyThreshold: Self.threshold)
        await Self.sendAndShow(&app)
        #expect(app.state.viewer.document?.temporaryBody != nil)
        let entry = try #require(app.state.shownHistoryEntry)
        let stored = try #require(try HistoryStore(paths: paths).entry(id: entry.id)?.response)
        #expect(stored.body == nil && stored.bodyFile == nil)
        #expect(stored.bodyNote?.contains("not kept") == true)
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: paths.historyBodiesDirectory)) ?? []).isEmpty)
    }

    @Test func aBodyUnderTheThresholdMakesNoFile() async throws {
        let port = try ScriptServer.launch(script: Self.script, name: "large-body-files")
        let paths = try Self.dataFolder()
        var app = AppHarness(draft: RequestDraft(saved: SavedRequest(name: "small", url: "http://127.0.0.1:\(port)/small")),
                             storePaths: paths, largeBodyThreshold: Self.threshold)
        await Self.sendAndShow(&app)
        #expect(app.state.viewer.document?.body == BodyBytes(#"{"small": true}"#.utf8))
        #expect(app.state.viewer.document?.temporaryBody == nil)
        #expect(Self.bodyFiles(paths).isEmpty)
    }

    @Test func theFileGoesWhenTheTabShowsAnotherResponse() async throws {
        let port = try ScriptServer.launch(script: Self.script, name: "large-body-files")
        let paths = try Self.dataFolder()
        var app = AppHarness(draft: RequestDraft(saved: SavedRequest(name: "big", url: "http://127.0.0.1:\(port)/big")),
                             storePaths: paths, largeBodyThreshold: Self.threshold)
        await Self.sendAndShow(&app)
        #expect(Self.bodyFiles(paths).count == 1)
        app.state.draft = RequestDraft(saved: SavedRequest(name: "small", url: "http://127.0.0.1:\(port)/small"))
        await Self.sendAndShow(&app)
        #expect(app.state.viewer.document?.body == BodyBytes(#"{"small": true}"#.utf8))
        #expect(Self.bodyFiles(paths).isEmpty, "the big body's file is removed once no tab shows it")
    }

    @Test func filesOfAnAppThatEndedAreRemovedAndOthersKept() throws {
        let paths = try Self.dataFolder()
        let folder = try #require(LargeBodyFiles.folder(in: paths))
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        let names = ["curlew-body-\(ended.processIdentifier)-AbCdEf", "curlew-body-\(getpid())-GhIjKl", "notes.txt"]
        for name in names { try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/" + name)) }
        #expect(LargeBodyFiles.removeLeftovers(in: folder) == 1)
        #expect(Self.bodyFiles(paths) == names.dropFirst().sorted())
    }
}
