import Foundation
import Testing
import TUICore
import TUITesting
import RequestKit
import RequestStore
@testable import Explorer

/// Sample data for the sidebar tests.
enum SidebarFixtures {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static let nodes: [SidebarNode] = [
        .folder(id: "users", name: "Users", children: [
            .request(id: "users/list", name: "List users", method: "GET"),
            .request(id: "users/create", name: "Create user", method: "POST"),
            .folder(id: "users/admin", name: "Admin", children: [
                .request(id: "users/admin/delete", name: "Delete user", method: "DELETE"),
            ]),
        ]),
        .folder(id: "orders", name: "Orders", children: [
            .request(id: "orders/list", name: "List orders", method: "GET"),
            .request(id: "orders/patch", name: "Update order", method: "PATCH"),
        ]),
        .request(id: "health", name: "Health check", method: "HEAD"),
    ]

    static let history: [SidebarHistoryItem] = [
        SidebarHistoryItem(id: "h1", method: "GET", statusCode: 200, url: "https://api.example.test/users", date: now.addingTimeInterval(-180)),
        SidebarHistoryItem(id: "h3", method: "DELETE", statusCode: 404, url: "https://api.example.test/users/9", date: now.addingTimeInterval(-5 * 86_400)),
        SidebarHistoryItem(id: "h2", method: "POST", statusCode: 201, url: "https://api.example.test/orders", date: now.addingTimeInterval(-2 * 3600)),
        SidebarHistoryItem(id: "h4", method: "GET", statusCode: nil, url: "https://down.example.test/", date: now.addingTimeInterval(-20)),
    ]

    static func sidebar(area: Rect = Rect(x: 0, y: 0, width: 32, height: 24)) -> SidebarState {
        var state = SidebarState(now: now)
        state.setCollection(name: "Sample API", nodes: nodes)
        state.setHistory(history)
        state.setViewport(for: area)
        return state
    }

    /// The names shown in the rows, in order.
    static func names(_ state: SidebarState) -> [String] {
        state.rows.map { row in
            switch row.content {
            case .folder(let name, let open): return (open ? "▾" : "▸") + name
            case .request(let name, _): return name
            case .history(let item): return item.id
            }
        }
    }

    static func render(_ state: SidebarState, width: Int = 32, height: Int = 24, focused: Bool = true) -> Buffer {
        var buffer = Buffer(width: width, height: height)
        state.render(into: &buffer, area: buffer.area, theme: .dark, focused: focused)
        return buffer
    }
}

/// The sidebar's tree, history, filter, selection, keys and effects.
@Suite struct SidebarTests {
    typealias F = SidebarFixtures

    @Test func foldersExpandAndCollapse() {
        var state = F.sidebar()
        #expect(F.names(state) == ["▸Users", "▸Orders", "Health check"])
        _ = state.apply(.expand)
        #expect(F.names(state) == ["▾Users", "List users", "Create user", "▸Admin", "▸Orders", "Health check"])
        _ = state.apply(.moveDown)
        _ = state.apply(.moveDown)
        _ = state.apply(.moveDown)
        #expect(state.selectedRow?.id == "users/admin")
        #expect(state.apply(.open) == nil, "Enter on a folder opens it")
        #expect(F.names(state).contains("Delete user"))
        _ = state.apply(.moveDown)
        #expect(state.selectedRow?.id == "users/admin/delete")
        _ = state.apply(.collapse)
        #expect(state.selectedRow?.id == "users/admin", "collapse on a request goes to its folder")
        #expect(F.names(state).contains("Delete user"))
        _ = state.apply(.collapse)
        #expect(!F.names(state).contains("Delete user"), "collapse on an open folder closes it")
        _ = state.apply(.collapse)
        #expect(state.selectedRow?.id == "users")
        _ = state.apply(.toggle)
        #expect(F.names(state) == ["▸Users", "▸Orders", "Health check"])
    }

    @Test func selectionMovesWithKeysAndStaysInRange() throws {
        var state = F.sidebar()
        for key: KeyEvent in [.char("j"), KeyEvent(.down), .char("j"), .char("j")] {
            _ = state.apply(try #require(state.handle(key: key)))
        }
        #expect(state.selectedRow?.id == "health")
        _ = state.apply(try #require(state.handle(key: .char("k"))))
        #expect(state.selectedRow?.id == "orders")
        _ = state.apply(.first)
        _ = state.apply(.moveUp)
        #expect(state.selectedIndex == 0)
        _ = state.apply(.last)
        #expect(state.selectedRow?.id == "health")
    }

    @Test func enterOpensRequestsAndHistoryEntries() {
        var state = F.sidebar()
        _ = state.apply(.last)
        #expect(state.apply(.open) == .openRequest(id: "health"))
        _ = state.apply(.selectSection(.history))
        #expect(state.apply(.open) == .openHistoryEntry(id: "h4"))
        _ = state.apply(.moveDown)
        #expect(state.apply(.resend) == .resendHistoryEntry(id: "h1"))
    }

    @Test func historyIsNewestFirstWithAges() {
        var state = F.sidebar()
        _ = state.apply(.nextSection)
        #expect(state.section == .history)
        #expect(F.names(state) == ["h4", "h1", "h2", "h3"])
        let screen = ScreenText.lines(of: F.render(state, width: 60))
        let rows = screen.filter { $0.contains("example.test") }
        #expect(rows.count == 4)
        #expect(rows[0].contains("ERR") && rows[0].hasSuffix("20s │"))
        #expect(rows[1].contains("GET") && rows[1].contains("200") && rows[1].hasSuffix("3m │"))
        #expect(rows[2].contains("POST") && rows[2].contains("201") && rows[2].hasSuffix("2h │"))
        #expect(rows[3].contains("DELETE") && rows[3].contains("404") && rows[3].hasSuffix("5d │"))
    }

    @Test(arguments: [(0.0, "now"), (59.0, "59s"), (60, "1m"), (3599, "59m"), (7200, "2h"), (86_400.0 * 5, "5d"), (86_400.0 * 800, "2y")] as [(Double, String)])
    func agesAreShort(seconds: Double, text: String) {
        #expect(SidebarFormatting.age(of: F.now.addingTimeInterval(-seconds), now: F.now) == text)
    }

    @Test func typingFiltersTheTreeAndShowsMatchesInsideClosedFolders() throws {
        var state = F.sidebar()
        _ = state.apply(try #require(state.handle(key: .char("/"))))
        #expect(state.isEditingFilter)
        for character in "delusr" {
            _ = state.apply(try #require(state.handle(key: .char(character))))
        }
        #expect(state.filter == "delusr")
        #expect(F.names(state) == ["▾Users", "▾Admin", "Delete user"])
        _ = state.apply(try #require(state.handle(key: KeyEvent(.backspace))))
        #expect(state.filter == "delus")
        _ = state.apply(try #require(state.handle(key: KeyEvent(.enter))))
        #expect(!state.isEditingFilter)
        #expect(state.handle(key: .char("j")) == .moveDown, "after Enter, keys move again")
        #expect(state.handle(key: KeyEvent(.escape)) == .clearFilter)
        _ = state.apply(.clearFilter)
        #expect(F.names(state) == ["▸Users", "▸Orders", "Health check"])
        #expect(state.handle(key: KeyEvent(.escape)) == nil, "Esc without a filter is left to the app")
    }

    @Test func filteringHistoryMatchesMethodStatusAndURL() {
        var state = F.sidebar()
        _ = state.apply(.selectSection(.history))
        _ = state.apply(.startFilter)
        for character in "404" { _ = state.apply(.filterInput(character)) }
        #expect(F.names(state) == ["h3"])
        #expect(state.selectedRow?.id == "h3")
        #expect(SidebarFormatting.fuzzyMatches("lsusr", "List users"))
        #expect(!SidebarFormatting.fuzzyMatches("zz", "List users"))
    }

    @Test func renameDuplicateAndDeleteAskTheApp() {
        var state = F.sidebar()
        _ = state.apply(.expand)
        _ = state.apply(.moveDown)
        let target = SidebarTarget(id: "users/list", name: "List users", kind: .request)
        #expect(state.apply(.rename) == .rename(target))
        #expect(state.apply(.duplicate) == .duplicate(target))
        #expect(state.apply(.delete) == .confirmDelete(target))
        #expect(state.handle(key: .char("d")) == .delete)
        #expect(state.handle(key: KeyEvent(.function(2))) == .rename)
        guard case .notify = state.apply(.resend) else {
            Issue.record("resend is for history entries")
            return
        }
        _ = state.apply(.selectSection(.history))
        #expect(state.apply(.delete) == .confirmDelete(SidebarTarget(id: "h4", name: "GET https://down.example.test/", kind: .historyEntry)))
        guard case .notify = state.apply(.rename) else {
            Issue.record("history entries are not renamed")
            return
        }
    }

    @Test func selectionSurvivesReloadsByID() {
        var state = F.sidebar()
        _ = state.apply(.last)
        state.setCollection(name: "Sample API", nodes: [.request(id: "new", name: "New", method: "GET")] + F.nodes)
        #expect(state.selectedRow?.id == "health")
        state.setCollection(name: "Sample API", nodes: [.request(id: "new", name: "New", method: "GET")])
        #expect(state.selectedRow?.id == "new")
    }

    @Test func mouseSelectsOpensAndSwitchesSections() throws {
        var state = F.sidebar()
        let area = Rect(x: 0, y: 0, width: 32, height: 24)
        #expect(state.handle(mouse: MouseEvent(.press(.left), x: 5, y: 2), in: area) == .select(1))
        #expect(state.handle(mouse: MouseEvent(.press(.left), x: 5, y: 1), in: area) == .open)
        #expect(state.handle(mouse: MouseEvent(.press(.left), x: 5, y: 10), in: area) == nil)
        let buffer = F.render(state)
        let history = try #require(ScreenText.position(of: "History", in: buffer))
        #expect(state.handle(mouse: MouseEvent(.press(.left), x: history.x, y: 0), in: area) == .selectSection(.history))
        #expect(state.handle(mouse: MouseEvent(.wheelDown, x: 3, y: 3), in: area) == .moveDown)
        _ = state.apply(.select(2))
        #expect(state.selectedRow?.id == "health")
    }

    @Test func longListsScrollToKeepTheSelectionInView() {
        var state = SidebarState(now: F.now)
        state.setCollection(name: "Many", nodes: (0..<100).map { .request(id: "r\($0)", name: "Request \($0)", method: "GET") })
        state.setViewport(for: Rect(x: 0, y: 0, width: 30, height: 12))
        _ = state.apply(.pageDown)
        _ = state.apply(.pageDown)
        #expect(state.selectedRow?.id == "r18")
        let screen = ScreenText.lines(of: F.render(state, width: 30, height: 12))
        #expect(screen[10].contains("Request 18"))
        #expect(screen[1].contains("Request 9"))
        _ = state.apply(.last)
        #expect(ScreenText.lines(of: F.render(state, width: 30, height: 12))[10].contains("Request 99"))
    }

    @Test func methodsAreColoredByTheTheme() throws {
        var state = F.sidebar()
        _ = state.apply(.expand)
        let buffer = F.render(state)
        let post = try #require(ScreenText.position(of: "POST", in: buffer))
        #expect(buffer[post.x, post.y].style.fg == Theme.dark.methodColor("POST"))
        let get = try #require(ScreenText.position(of: "GET", in: buffer))
        #expect(buffer[get.x, get.y].style.fg == Theme.dark.methodColor("GET"))
    }

    @Test func namesWithControlCharactersAreSanitized() {
        var state = F.sidebar()
        state.setCollection(name: "x", nodes: [.request(id: "evil", name: "bad\u{1B}[2Jname", method: "GET")])
        let buffer = F.render(state)
        #expect(!buffer.cells.contains { $0.symbol.contains("\u{1B}") })
        #expect(ScreenText.position(of: "bad␛[2Jname", in: buffer) != nil)
    }
}

/// Building the sidebar from RequestStore's collection and history types.
@Suite struct SidebarStoreMappingTests {
    @Test func treeFollowsTheCollectionAndIdsLeadBackToLocations() throws {
        let collection = RequestCollection(
            name: "API",
            folders: [Folder(name: "Users", folders: [Folder(name: "Admin", requests: [SavedRequest(name: "Wipe", method: .delete, url: "u")])],
                             requests: [SavedRequest(name: "List", url: "u")])],
            requests: [SavedRequest(name: "Health", method: .head, url: "u")]
        )
        let tree = SidebarNode.tree(of: collection)
        #expect(tree.map(\.name) == ["Users", "Health"])
        guard case .folder(let children) = tree[0].kind, case .folder(let admin) = children[0].kind else {
            Issue.record("expected folders")
            return
        }
        #expect(children.map(\.name) == ["Admin", "List"])
        #expect(admin[0].kind == .request(method: "DELETE"))
        #expect(SidebarLocation(id: admin[0].id) == .request(RequestLocation(folderIndices: [0, 0], requestIndex: 0)))
        #expect(SidebarLocation(id: tree[1].id) == .request(RequestLocation(folderIndices: [], requestIndex: 0)))
        #expect(SidebarLocation(id: children[0].id) == .folder([0, 0]))
        #expect(SidebarLocation(id: "h-123") == nil)
        #expect(SidebarLocation(id: "request:x/1") == nil)
    }

    @Test func historyEntriesMapToRows() {
        let entry = HistoryEntry(id: "e1", time: SidebarFixtures.now, method: .post, url: "https://x.test/a", status: 201)
        #expect(SidebarHistoryItem(entry) == SidebarHistoryItem(id: "e1", method: "POST", statusCode: 201, url: "https://x.test/a", date: SidebarFixtures.now))
    }
}

/// The sidebar and the save dialog over folders nested as deep as a collection may hold.
@Suite struct DeepFolderTests {
    /// Folders `d1/d2/…` nested `FolderDepth.maximum` deep, with a request at the bottom.
    static func deepCollection() -> RequestCollection {
        var innermost = Folder(name: "d\(FolderDepth.maximum)", requests: [SavedRequest(id: "deep", name: "deepest", url: "http://h/")])
        for level in stride(from: FolderDepth.maximum - 1, through: 1, by: -1) {
            innermost = Folder(name: "d\(level)", folders: [innermost], requests: [SavedRequest(name: "r\(level)", url: "http://h/\(level)")])
        }
        return RequestCollection(name: "deep", folders: [innermost], requests: [SavedRequest(name: "root", url: "http://h/")])
    }

    @Test func sidebarTreesReachTheDeepestRequest() {
        let collection = Self.deepCollection()
        var nodes = SidebarNode.tree(of: collection)
        var (appNodes, requests) = SidebarContent.tree(of: collection)
        #expect(nodes.map(\.name) == ["d1", "root"])
        for _ in 1...FolderDepth.maximum {
            guard case .folder(let children) = nodes[0].kind, case .folder(let appChildren) = appNodes[0].kind else {
                Issue.record("expected a folder")
                return
            }
            nodes = children
            appNodes = appChildren
        }
        #expect(nodes.map(\.name) == ["deepest"])
        let indices = Array(repeating: 0, count: FolderDepth.maximum)
        #expect(SidebarLocation(id: nodes[0].id) == .request(RequestLocation(folderIndices: indices, requestIndex: 0)))
        #expect(requests[appNodes[0].id]?.name == "deepest")
        #expect(requests.count == FolderDepth.maximum + 1)
    }

    @Test func savingFindsUpdatesAndAddsAtTheDepthLimit() {
        var collection = Self.deepCollection()
        let paths = CollectionSaving.folderPaths(of: collection)
        #expect(paths.count == FolderDepth.maximum + 1)
        #expect(paths.last == (1...FolderDepth.maximum).map { "d\($0)" }.joined(separator: "/"))
        #expect(CollectionSaving.request(id: "deep", in: collection)?.name == "deepest")
        #expect(CollectionSaving.update(SavedRequest(id: "deep", name: "renamed", url: "http://h/new"), in: &collection))
        #expect(CollectionSaving.request(id: "deep", in: collection)?.url == "http://h/new")
        CollectionSaving.add(SavedRequest(id: "new", name: "added", url: "http://h/a"), toFolder: paths[FolderDepth.maximum - 1] + "/fresh", in: &collection)
        #expect(CollectionSaving.folderPaths(of: collection).last == paths[FolderDepth.maximum - 1] + "/fresh")
        #expect(CollectionSaving.request(id: "new", in: collection)?.name == "added")
        #expect(FolderDepth.of(collection.folders) == FolderDepth.maximum)
    }
}
