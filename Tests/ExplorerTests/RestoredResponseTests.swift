import Explorer
import Foundation
import RequestKit
import RequestStore
import Testing
import TUICore
import TestSupport
import RequestKitTesting

/// After a restart each restored tab shows the last response it showed, read back from the history entry it was
/// recorded in; a tab whose entry is gone starts empty, and an id that is not an entry's is never looked up.
@Suite struct RestoredResponseTests {
    private func folder() throws -> String {
        let path = TemporaryFolder.path("curlew-restored")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Sends the shown tab's draft through the echoing stub and waits for it to be recorded and shown.
    private func send(_ url: String, _ app: inout AppHarness) async {
        app.state.draft.url = TextFieldState(text: url)
        app.press("ctrl+r")
        #expect(app.state.send.isSending)
        await app.runPerformed()
        await app.runPerformed()
    }

    /// A new app over the same data folder, its start-up commands run.
    private func restarted(_ app: AppHarness, paths: StorePaths, draftPath: String) async throws -> AppHarness {
        try DraftFile.writeOpenTabs(of: app.state, draftPath: draftPath)
        var state = AppState()
        state.restore(DraftFile.restoreTabs(draftPath: draftPath))
        var next = AppHarness(storePaths: paths, draftPath: draftPath)
        next.state = state
        next.send(.resize(Size(width: 120, height: 40)))
        next.commands = next.program.initialCommands(for: next.state)
        await next.runPerformed()
        return next
    }

    private func body(_ app: AppHarness) -> String {
        String(decoding: app.state.viewer.document?.body ?? [], as: UTF8.self)
    }

    @Test func eachRestoredTabShowsItsLastResponse() async throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let paths = StorePaths(dataDirectory: root + "/data", configDirectory: root + "/config")
        let draftPath = DraftFile.path(inDataDirectory: paths.dataDirectory)
        var app = AppHarness(storePaths: paths, history: HistoryStore(paths: paths), client: StubTransport.echoing(), draftPath: draftPath)
        await send("http://api.test/first", &app)
        #expect(body(app).contains("/first"))
        let firstEntry = try #require(app.state.shownHistoryEntry?.id)
        app.press("ctrl+n")
        await send("http://api.test/second", &app)
        #expect(body(app).contains("/second"))

        var next = try await restarted(app, paths: paths, draftPath: draftPath)
        #expect(body(next).contains("/second"), "the shown tab has its response at once")
        #expect(!next.screen().joined().contains("No response yet"))
        next.press("alt+,")
        #expect(body(next).contains("/first"), "so does the other tab")
        #expect(next.state.shownHistoryEntry?.id == firstEntry)
        let file = try String(contentsOfFile: DraftFile.tabPath(next.state.tabs.activeID, draftPath: draftPath), encoding: .utf8)
        #expect(file.contains("\"lastResponse\": \"\(firstEntry)\""))
    }

    @Test func aTabWhoseEntryIsGoneOrMalformedStartsEmpty() async throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let paths = StorePaths(dataDirectory: root + "/data", configDirectory: root + "/config")
        let draftPath = DraftFile.path(inDataDirectory: paths.dataDirectory)
        var draft = RequestDraft()
        draft.url = TextFieldState(text: "http://api.test/gone")
        try DraftFile.writeTab(draft, response: "zzzz-0000", id: 1, draftPath: draftPath)
        try DraftFile.writeTab(draft, id: 2, draftPath: draftPath)
        try DraftFile.writeTabList([1, 2], active: 1, draftPath: draftPath)
        var text = try String(contentsOfFile: DraftFile.tabPath(2, draftPath: draftPath), encoding: .utf8)
        text = text.replacingOccurrences(of: "\n}", with: ",\n  \"lastResponse\": \"../../etc/passwd\"\n}")
        try Data(text.utf8).write(to: URL(fileURLWithPath: DraftFile.tabPath(2, draftPath: draftPath)))
        let restored = DraftFile.restoreTabs(draftPath: draftPath)
        #expect(restored.problems.isEmpty)
        #expect(restored.responses == [1: "zzzz-0000"], "an id not of the history's shape is dropped")

        var state = AppState()
        state.restore(restored)
        var app = AppHarness(storePaths: paths, draftPath: draftPath)
        app.state = state
        app.commands = app.program.initialCommands(for: app.state)
        await app.runPerformed()
        #expect(app.state.viewer.document == nil)
        #expect(app.screen().joined().contains("No response yet"))
    }
}
