import Explorer
import Foundation
import RequestKit
import RequestStore
import Testing
import TestSupport

/// The History sidebar reads the whole history file: a filter finds entries older than the newest page, and
/// reaching the last row reads the next page.
@Suite struct HistoryPagingAppTests {
    /// A data folder whose history holds `count` exchanges, the oldest to `/old-needle`, the rest to `/n/INDEX`.
    private func history(count: Int) throws -> (StorePaths, HistoryStore, String) {
        let folder = TemporaryFolder.path("curlew-history-paging")
        let paths = StorePaths(dataDirectory: folder, configDirectory: folder)
        let store = HistoryStore(paths: paths)
        let start = Date(timeIntervalSinceNow: -10_000)
        for index in 0..<count {
            let url = index == 0 ? "http://127.0.0.1:1/old-needle" : "http://127.0.0.1:1/n/\(index)"
            _ = try store.record(HistoryExchange(method: .get, url: url, response: Response(statusCode: 200), time: start + Double(index)))
        }
        return (paths, store, folder)
    }

    /// A harness showing the newest page of the history in the focused History sidebar, as the app starts.
    private func app(_ paths: StorePaths, _ store: HistoryStore) throws -> AppHarness {
        var app = AppHarness(storePaths: paths)
        app.state.show(history: try store.query(HistoryQuery(limit: HistoryPaging.pageSize)).entries)
        _ = app.state.sidebar.apply(.selectSection(.history))
        app.state.focus = .sidebar
        return app
    }

    @Test func aFilterFindsAnEntryOlderThanTheNewestPage() async throws {
        let (paths, store, folder) = try history(count: 450)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var app = try app(paths, store)
        #expect(app.state.sidebar.rows.count == HistoryPaging.pageSize)
        app.press("/")
        app.type("needle")
        #expect(app.state.sidebar.rows.isEmpty, "the newest page holds no match")
        #expect(app.performs)
        await app.runPerformed()
        #expect(app.state.sidebar.rows.count == 1)
        #expect(app.screen().joined().contains("/old-needle"))
        #expect(app.state.historyPaging.hasMore == false)
    }

    @Test func theLastRowReadsTheNextPageUntilTheFileEnds() async throws {
        let (paths, store, folder) = try history(count: 450)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var app = try app(paths, store)
        app.press("G")
        #expect(app.state.sidebar.isOnLastHistoryRow)
        #expect(app.performs)
        await app.runPerformed()
        #expect(app.state.sidebar.rows.count == 2 * HistoryPaging.pageSize)
        #expect(app.state.historyPaging.hasMore)
        app.press("G")
        await app.runPerformed()
        #expect(app.state.sidebar.rows.count == 450)
        #expect(app.state.historyPaging.hasMore == false)
        app.press("k", "G")
        #expect(!app.performs, "nothing more is read once the file has ended")
        #expect(app.screen().joined().contains("/old-needle"))
    }
}
