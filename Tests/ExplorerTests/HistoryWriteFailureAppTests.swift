import Explorer
import Foundation
import RequestKit
import RequestStore
import Testing
import TestServers
import TestSupport

/// When the history cannot be written, the app still shows the response and says on the status line that the
/// exchange was not recorded.
@Suite struct HistoryWriteFailureAppTests {
    @Test func aHistoryThatCannotBeWrittenIsNamedOnTheStatusLine() async throws {
        let folder = TemporaryFolder.path("curlew-history-fail")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let paths = StorePaths(dataDirectory: folder, configDirectory: folder + "/config")
        try FileManager.default.createDirectory(atPath: paths.historyFile, withIntermediateDirectories: true)
        let url = try await Blocking.run { try LoopbackHTTPBin.url("/get") }
        var app = AppHarness(draft: RequestDraft(saved: SavedRequest(name: "r", url: url)),
                             history: HistoryStore(paths: paths))
        app.press("ctrl+r")
        await app.runPerformed()
        await app.runPerformed()
        #expect(app.state.viewer.document?.statusCode == 200)
        let notice = try #require(app.state.notice)
        #expect(notice.contains("not recorded in the history"))
        #expect(notice.contains(paths.historyFile))
        #expect(app.screen().joined().contains("not recorded in the history"))
    }
}
