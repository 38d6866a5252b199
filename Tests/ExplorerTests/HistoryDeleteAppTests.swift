import Explorer
import Foundation
import RequestKit
import RequestStore
import Testing
import TestSupport

/// Deleting a history entry from the sidebar: asked first, then gone from the sidebar and from the file.
@Suite struct HistoryDeleteAppTests {
    @Test func dAsksThenDeletesTheEntryFromTheFileAndTheSidebar() async throws {
        let folder = TemporaryFolder.path("curlew-history-delete")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let paths = StorePaths(dataDirectory: folder, configDirectory: folder)
        let store = HistoryStore(paths: paths)
        let kept = try store.record(HistoryExchange(method: .get, url: "http://127.0.0.1:1/kept", response: Response(statusCode: 200)))
        let doomed = try store.record(HistoryExchange(method: .get, url: "http://127.0.0.1:1/doomed", response: Response(statusCode: 404), time: Date() + 1))
        var app = AppHarness(storePaths: paths)
        app.state.show(history: [kept, doomed])
        _ = app.state.sidebar.apply(.selectSection(.history))
        app.state.focus = .sidebar
        #expect(app.state.sidebar.selectedRow?.id == doomed.id)

        app.press("d")
        #expect(app.screen().joined().contains("Delete the history entry"))
        app.press("n")
        #expect(try store.query(HistoryQuery()).entries.count == 2)

        app.press("d", "y")
        await app.runPerformed()
        #expect(try store.query(HistoryQuery()).entries.map(\.id) == [kept.id])
        #expect(Set(app.state.sidebarContent.history.keys) == [kept.id])
        #expect(app.state.notice == "Deleted the history entry.")
        #expect(!app.screen().joined().contains("/doomed"))
    }

    @Test func theFooterOffersOnlyWhatAppliesToTheVisibleSection() {
        var app = AppHarness(width: 160, height: 30)
        app.state.show(history: [HistoryEntry(id: "e-1", time: Date(), method: .get, url: "http://127.0.0.1:1/x", status: 200)])
        app.state.focus = .sidebar
        let collectionFooter = app.screen().last ?? ""
        #expect(collectionFooter.contains("rename"))
        #expect(!collectionFooter.contains("resend"))
        _ = app.state.sidebar.apply(.selectSection(.history))
        let historyFooter = app.screen().last ?? ""
        #expect(!historyFooter.contains("rename"))
        #expect(historyFooter.contains("delete"))
        #expect(historyFooter.contains("R resend"))
    }

    @Test func aClockTickBringsTheAgesUpToDate() {
        var app = AppHarness(width: 120, height: 30)
        let sent = Date() - 3 * 3600
        app.state.show(history: [HistoryEntry(id: "e-1", time: sent, method: .get, url: "http://127.0.0.1:1/aged", status: 200)])
        app.state.sidebar.now = sent
        _ = app.state.sidebar.apply(.selectSection(.history))
        #expect(SidebarFormatting.age(of: sent, now: app.state.sidebar.now) == "now")
        let before = app.screen().joined(separator: "\n")
        app.send(.clockTick(Date()))
        #expect(SidebarFormatting.age(of: sent, now: app.state.sidebar.now) == "3h")
        let after = app.screen().joined(separator: "\n")
        #expect(before != after)
        #expect(after.contains("3h"))
        #expect(app.program.clock?.interval == .seconds(15))
    }
}
