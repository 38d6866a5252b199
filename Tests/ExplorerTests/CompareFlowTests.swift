import BodyIndex
import Explorer
import Foundation
import RequestKit
import RequestStore
import Testing
import TUICore
import TUITesting
import TestSupport

/// `d` in the app: the picker reads real history files from a data folder, and the chosen response or file is
/// compared with the one shown.
@Suite struct CompareFlowTests {
    /// A temporary data folder with a history of three exchanges: two of `GET url` and one of another URL.
    private func dataFolder(url: String) throws -> (StorePaths, [HistoryEntry]) {
        let folder = TemporaryFolder.path("curlew-compare")
        let paths = StorePaths(dataDirectory: folder, configDirectory: folder)
        let store = HistoryStore(paths: paths)
        func response(_ body: String, etag: String) -> Response {
            Response(statusCode: 200, reason: "OK", headers: ["Content-Type": "application/json", "ETag": etag], body: Data(body.utf8))
        }
        let start = Date(timeIntervalSince1970: 1_790_000_000)
        let first = try store.record(HistoryExchange(method: .get, url: url, response: response(#"{"id":1,"name":"old","tags":["a"]}"#, etag: "1"), time: start))
        let other = try store.record(HistoryExchange(method: .get, url: url + "/other", response: response("{}", etag: "x"), time: start + 30))
        let second = try store.record(HistoryExchange(method: .get, url: url, response: response(#"{"tags":["a"],"name":"new","id":1}"#, etag: "2"), time: start + 60))
        return (paths, [first, other, second])
    }

    /// Opens the newest history entry in the viewer and focuses it.
    private func openNewest(_ entries: [HistoryEntry], _ app: inout AppHarness) async throws {
        app.state.show(history: entries)
        _ = app.state.sidebar.apply(.selectSection(.history))
        app.action("sidebar.open")
        await app.runPerformed()
        #expect(app.state.viewer.document != nil)
        app.state.focus = .response
    }

    @Test func thePickerListsEarlierResponsesOfTheSameRequestAndDiffsTheChosenOne() async throws {
        let url = "http://127.0.0.1:9/items"
        let (paths, entries) = try dataFolder(url: url)
        defer { try? FileManager.default.removeItem(atPath: paths.dataDirectory) }
        var app = AppHarness(storePaths: paths)
        try await openNewest(entries, &app)
        #expect(app.state.shownHistoryEntry?.id == entries[2].id)
        app.press("d")
        guard case .comparePicker(let loading) = app.state.overlay else {
            Issue.record("expected the compare picker, got \(String(describing: app.state.overlay))")
            return
        }
        #expect(loading.loading)
        await app.runPerformed()
        guard case .comparePicker(let picker) = app.state.overlay else {
            Issue.record("the picker closed")
            return
        }
        #expect(picker.entries.map(\.id) == [entries[0].id], "only the earlier response of the same method and URL")
        #expect(app.screen().contains { $0.contains(ComparePicker.timestamp(entries[0].time)) && $0.contains("200 OK") })
        app.press("enter")
        #expect(app.state.overlay == nil)
        await app.runPerformed()
        let comparison = try #require(app.state.viewer.comparison)
        #expect(app.state.viewer.tab == .diff)
        #expect(comparison.body == .json([JSONChange(kind: .changed, path: "$.name", old: #""old""#, new: #""new""#)], more: 0))
        #expect(comparison.headerChanges.map(\.name) == ["ETag"])
        #expect(app.screen().contains { $0.contains("~ $.name: \"old\" → \"new\"") })
    }

    @Test func aFileIsComparedThroughThePathPrompt() async throws {
        let url = "http://127.0.0.1:9/items"
        let (paths, entries) = try dataFolder(url: url)
        defer { try? FileManager.default.removeItem(atPath: paths.dataDirectory) }
        let file = paths.dataDirectory + "/before.json"
        try Data(#"{"id":1,"name":"new","tags":["a","b"]}"#.utf8).write(to: URL(fileURLWithPath: file))
        var app = AppHarness(storePaths: paths)
        try await openNewest(entries, &app)
        app.press("d")
        await app.runPerformed()
        app.press("f")
        guard case .compareFile = app.state.overlay else {
            Issue.record("expected the file prompt")
            return
        }
        app.send(.paste(file))
        app.press("enter")
        await app.runPerformed()
        let comparison = try #require(app.state.viewer.comparison)
        #expect(comparison.old.label == "file " + file)
        #expect(comparison.body == .json([JSONChange(kind: .removed, path: "$.tags[1]", old: #""b""#, new: nil)], more: 0))
    }

    @Test func thePickerMovesWithItsKeysAndEscClosesIt() async throws {
        let url = "http://127.0.0.1:9/items"
        let (paths, entries) = try dataFolder(url: url)
        defer { try? FileManager.default.removeItem(atPath: paths.dataDirectory) }
        var app = AppHarness(storePaths: paths)
        try await openNewest(entries, &app)
        app.press("d")
        await app.runPerformed()
        app.press("G")
        guard case .comparePicker(let atEnd) = app.state.overlay else { Issue.record("the picker closed"); return }
        #expect(atEnd.fileRowSelected)
        app.press("k")
        guard case .comparePicker(let up) = app.state.overlay else { Issue.record("the picker closed"); return }
        #expect(up.selected == 0)
        app.press("esc")
        #expect(app.state.overlay == nil)
        #expect(app.state.viewer.comparison == nil)
    }

    @Test(arguments: [(80, 24), (120, 40)])
    func pickerSnapshots(width: Int, height: Int) async throws {
        let url = "http://127.0.0.1:9/items"
        let (paths, entries) = try dataFolder(url: url)
        defer { try? FileManager.default.removeItem(atPath: paths.dataDirectory) }
        var app = AppHarness(width: width, height: height, storePaths: paths)
        app.state.sidebarPreference = false
        try await openNewest(entries, &app)
        app.press("d")
        await app.runPerformed()
        let stamp = ComparePicker.timestamp(entries[0].time)
        let screen = app.screen().map { $0.replacingOccurrences(of: stamp, with: "YYYY-MM-DD hh:mm:ss") }
        #expect(screen.contains { $0.contains("YYYY-MM-DD hh:mm:ss  200 OK") })
        try Snapshot.assert(screen.joined(separator: "\n"), named: "compare-picker-\(width)x\(height)")
    }

    @Test func aMissingFileIsReported() async throws {
        var app = AppHarness()
        app.state.viewer.show(ResponseDocument.make(from: Response(statusCode: 200, body: Data("a".utf8))))
        app.state.focus = .response
        app.press("d")
        guard case .comparePicker(let picker) = app.state.overlay else {
            Issue.record("expected the picker")
            return
        }
        #expect(!picker.loading)
        #expect(picker.fileRowSelected)
        app.press("enter")
        app.type("/no/such/file.json")
        app.press("enter")
        await app.runPerformed()
        #expect(app.state.viewer.comparison == nil)
        #expect(app.state.notice?.contains("is not a readable file") == true)
    }
}

/// `d` on a response of a request imported from Postman: its saved examples are rows of the picker, and one is
/// compared with the response shown.
@Suite struct SavedExampleCompareTests {
    @Test func aSavedExampleIsOfferedAndComparedWithTheResponseShown() async throws {
        let folder = TemporaryFolder.path("curlew-example")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let postman = #"""
        {"info": {"name": "c", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"},
         "item": [{"name": "Get user", "request": {"method": "GET", "url": "http://127.0.0.1:9/users/1"},
                   "response": [{"name": "Found \u001b[2J", "status": "OK", "code": 200,
                                 "header": [{"key": "Content-Type", "value": "application/json"}, {"key": "ETag", "value": "old"}],
                                 "body": "{\"id\": 1, \"name\": \"Ada\"}"}]}]}
        """#
        let imported = try PostmanImporter.parse(Data(postman.utf8))
        let file = try CollectionFile.create(imported.collection, at: folder + "/api.json")
        var app = AppHarness(width: 100, height: 30)
        app.state.open(collection: file.document, baseDirectory: folder)
        app.state.collectionFile = file
        app.send(.resize(Size(width: 100, height: 30)))
        try RequestTabsTests.openFromSidebar("Get user", &app)
        #expect(app.state.draft.name == "Get user")
        app.state.viewer.show(ResponseDocument.make(from: Response(
            statusCode: 200, reason: "OK", headers: ["Content-Type": "application/json", "ETag": "new"], body: Data(#"{"id": 1, "name": "Grace"}"#.utf8))))
        app.state.focus = .response
        app.press("d")
        guard case .comparePicker(let picker) = app.state.overlay else {
            Issue.record("expected the compare picker, got \(String(describing: app.state.overlay))")
            return
        }
        #expect(picker.examples.map(\.status) == [200])
        #expect(picker.selectedExample?.reason == "OK")
        let screen = app.screen()
        #expect(screen.contains { $0.contains("saved example Found ␛[2J") && $0.contains("200 OK") }, "\(screen.joined(separator: "\n"))")
        #expect(!screen.joined().contains("\u{1B}"))
        app.press("enter")
        await app.runPerformed()
        let comparison = try #require(app.state.viewer.comparison)
        #expect(comparison.old.label == "saved example Found \u{1B}[2J")
        #expect(comparison.body == .json([JSONChange(kind: .changed, path: "$.name", old: #""Ada""#, new: #""Grace""#)], more: 0))
        #expect(comparison.headerChanges.map(\.name) == ["ETag"])
    }
}

/// Two history entries whose bodies differed only in a secret, which the history keeps masked: the Diff tab
/// does not claim they were the same without saying so.
@Suite struct MaskedCompareTests {
    @Test func bodiesAlikeOnlyThroughMaskedValuesSaySo() async throws {
        let folder = TemporaryFolder.path("curlew-masked")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let paths = StorePaths(dataDirectory: folder, configDirectory: folder)
        let store = HistoryStore(paths: paths)
        let url = "http://127.0.0.1:9/token"
        func exchange(_ token: String, at time: Date) -> HistoryExchange {
            HistoryExchange(method: .get, url: url, response: Response(statusCode: 200, reason: "OK", headers: ["Content-Type": "application/json"],
                                                                       body: Data(#"{"token":"\#(token)"}"#.utf8)),
                            secrets: [token], time: time)
        }
        let start = Date(timeIntervalSince1970: 1_790_000_000)
        let first = try store.record(exchange("first-secret-value", at: start))
        let second = try store.record(exchange("second-secret-value", at: start + 60))
        var app = AppHarness(width: 120, height: 40, storePaths: paths)
        app.state.show(history: [first, second])
        _ = app.state.sidebar.apply(.selectSection(.history))
        app.action("sidebar.open")
        await app.runPerformed()
        app.state.focus = .response
        app.press("d")
        await app.runPerformed()
        app.press("enter")
        await app.runPerformed()
        let comparison = try #require(app.state.viewer.comparison)
        #expect(comparison.body == .identical)
        let screen = app.screen().joined(separator: "\n")
        #expect(screen.contains("the same, byte for byte"), "\(screen)")
        #expect(screen.contains("but masked values ([redacted]) are not compared"), "\(screen)")
        #expect(!screen.contains("secret-value"))
    }
}
