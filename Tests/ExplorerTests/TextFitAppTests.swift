import Foundation
import RequestStore
import Testing
import TUICore
import TUITesting
@testable import Explorer
import TestSupport

/// The app's text fits its place: prose wraps at spaces, cut text ends in `…`, paths have one slash, rows say a method once.
@Suite struct TextFitAppTests {
    @Test(arguments: [(40, 12), (80, 24), (120, 40)])
    func aFailedSendsMessageWrapsAtSpaces(width: Int, height: Int) {
        let message = "Failed to connect to localhost port 1 after 0 ms: Couldn't connect to server. Check that the server runs and the port is right."
        var state = ResponseViewerState()
        state.setViewport(for: Rect(x: 0, y: 0, width: width, height: height))
        state.fail(message)
        let rows = ResponseFixtures.contentRows(ResponseFixtures.render(state, width: width, height: height))
        #expect(rows.joined(separator: " ") == message, "rows: \(rows)")
        #expect(rows.allSatisfy { $0.displayWidth <= width - 4 })
    }

    @Test func aLongFooterNoticeEndsInAnEllipsis() {
        var app = AppHarness(width: 80, height: 24)
        app.state.notice = "Saved 'Create user (JSON body)' into /home/someone/projects/api/collections/httpbin.json, with its secrets beside it."
        let footer = app.screen()[23]
        #expect(footer.hasPrefix(" Saved 'Create user (JSON body)' into /home/someone"))
        #expect(footer.hasSuffix("…"), "footer: \(footer)")
        #expect(footer.displayWidth == 80)
    }

    static let nodes: [SidebarNode] = [
        .request(id: "uuid", name: "GET /uuid", method: "GET"),
        .request(id: "anything", name: "POST   /anything", method: "POST"),
        .request(id: "delete", name: "Delete user", method: "DELETE"),
        .request(id: "create", name: "Create user (JSON body)", method: "POST"),
        .request(id: "getter", name: "GETTER", method: "GET"),
        .request(id: "cjk", name: "ユーザーを作成する要求", method: "PUT"),
    ]

    static func sidebarRows(width: Int) -> [String] {
        var state = SidebarState(now: Date(timeIntervalSince1970: 1_800_000_000))
        state.setCollection(name: "httpbin", nodes: nodes)
        let area = Rect(x: 0, y: 0, width: width, height: 10)
        state.setViewport(for: area)
        var buffer = Buffer(width: width, height: 10)
        state.render(into: &buffer, area: area, theme: .dark, focused: false)
        return ScreenText.lines(of: buffer)
    }

    @Test func aRequestNamedAfterItsMethodShowsTheMethodOnce() {
        let rows = Self.sidebarRows(width: 32)
        #expect(rows.contains { $0.contains("  GET    /uuid") }, "rows: \(rows)")
        #expect(rows.contains { $0.contains("  POST   /anything") })
        #expect(rows.contains { $0.contains("  GET    GETTER") }, "a name that only begins with the method's letters keeps them")
        #expect(rows.contains { $0.contains("  DELETE Delete user") }, "a name written in words keeps its first word")
        #expect(!rows.contains { $0.contains("GET    GET ") || $0.contains("POST   POST") })
        #expect(SidebarFormatting.requestLabel(name: CollectionSaving.suggestedName(method: "GET", url: "http://localhost/uuid"), method: "GET") == "/uuid")
        #expect(SidebarFormatting.requestLabel(name: "GET", method: "GET") == "GET")
    }

    @Test func sidebarRowsCutByTheirWidthEndInAnEllipsisByDisplayWidth() {
        let rows = Self.sidebarRows(width: 24)
        let create = rows.first { $0.contains("Create") } ?? ""
        #expect(create.contains("  POST   Create use…"), "row: \(create)")
        let cjk = rows.first { $0.contains("PUT") } ?? ""
        #expect(cjk.contains("  PUT    ユーザーを…"), "row: \(cjk)")
    }

    @Test func folderAndNameJoinWithOneSlash() {
        #expect(FolderPath.joined("coll/", "httpbin.json") == "coll/httpbin.json")
        #expect(FolderPath.joined("coll", "httpbin.json") == "coll/httpbin.json")
        #expect(FolderPath.joined("coll//", "/httpbin.json") == "coll/httpbin.json")
        #expect(FolderPath.joined("/", "httpbin.json") == "/httpbin.json")
        #expect(FolderPath.joined("", "httpbin.json") == "httpbin.json")
        #expect(StorePaths(dataDirectory: "/data/", configDirectory: "/config").collectionsDirectory == "/data/collections")
    }

    @Test func aCollectionFolderGivenWithATrailingSlashListsFilesWithOneSlash() throws {
        let root = TemporaryFolder.path("curlew-text-fit")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        _ = try CollectionFile.create(RequestCollection(name: "httpbin", requests: [SavedRequest(name: "GET /uuid", url: "http://127.0.0.1:1/uuid")]),
                                      at: root + "/httpbin.json")
        let library = CollectionLibrary.load(root + "/")
        #expect(library.collections.map(\.path) == [root + "/httpbin.json"])
        let listed = DataFolderCollections.load(root + "/").collections
        #expect(listed.files.map(\.path) == [root + "/httpbin.json"])
    }
}
