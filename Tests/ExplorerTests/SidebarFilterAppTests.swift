import Foundation
import Testing
import TUICore
import TUITesting
import RequestKit
import RequestStore
@testable import Explorer

/// The sidebar filter in the app: matches inside closed folders show with their folders open while it is on, and Esc clears it.
@Suite struct SidebarFilterAppTests {
    /// The app with a collection of two closed folders and a top-level request, the sidebar focused.
    static func app(width: Int = 120, height: Int = 40) -> AppHarness {
        var collection = RequestCollection(name: "Shop")
        collection.folders = [
            Folder(name: "Users", requests: [SavedRequest(name: "List users", url: "http://127.0.0.1:9/users")]),
            Folder(name: "Orders", requests: [SavedRequest(name: "List orders", url: "http://127.0.0.1:9/orders"),
                                              SavedRequest(name: "Cancel order", method: .delete, url: "http://127.0.0.1:9/orders/1")]),
        ]
        collection.requests = [SavedRequest(name: "Health", url: "http://127.0.0.1:9/health")]
        var app = AppHarness(width: width, height: height)
        app.state.open(collection: collection, baseDirectory: nil)
        if AppLayout(app.state).sidebar.isEmpty { app.press("ctrl+b") }
        app.state.focus = .sidebar
        return app
    }

    /// The sidebar's rows as drawn.
    static func names(_ app: AppHarness) -> [String] {
        app.state.sidebar.rows.map { row in
            switch row.content {
            case .folder(let name, let open): return (open ? "▾" : "▸") + name
            case .request(let name, _): return name
            case .history(let item): return item.id
            }
        }
    }

    @Test(arguments: ["orders", "cancel", "lsord"])
    func typingShowsMatchesInsideClosedFoldersAndClearingClosesThemAgain(filter: String) {
        var app = Self.app()
        #expect(Self.names(app) == ["▸Users", "▸Orders", "Health"])
        app.press("/")
        app.type(filter)
        let shown = Self.names(app)
        #expect(shown.first == "▾Orders")
        #expect(shown.contains("List orders") || shown.contains("Cancel order"))
        #expect(!shown.contains("Users") && !shown.contains("Health"))
        #expect(app.screen().joined(separator: "\n").contains(shown.contains("List orders") ? "List orders" : "Cancel order"))
        app.press("enter")
        app.press("esc")
        #expect(app.state.sidebar.filter.isEmpty)
        #expect(Self.names(app) == ["▸Users", "▸Orders", "Health"], "the folders are closed again, as they were")
    }

    @Test func aFolderOpenedBeforeTheFilterStaysOpenAfterIt() {
        var app = Self.app()
        app.press("down", "right")
        #expect(Self.names(app) == ["▸Users", "▾Orders", "List orders", "Cancel order", "Health"])
        app.press("/")
        app.type("users")
        #expect(Self.names(app) == ["▾Users", "List users"])
        app.press("esc")
        #expect(Self.names(app) == ["▸Users", "▾Orders", "List orders", "Cancel order", "Health"])
    }

    @Test func escWhileTypingClearsTheTextAndLeavesTheLine() {
        var app = Self.app()
        app.press("/")
        app.type("ord")
        app.press("esc")
        #expect(app.state.sidebar.filter.isEmpty)
        #expect(!app.state.sidebar.isEditingFilter, "one Esc empties the filter and closes its line")
        #expect(app.state.focus == .sidebar)
        #expect(Self.names(app) == ["▸Users", "▸Orders", "Health"])
        app.type("j")
        #expect(app.state.sidebar.filter.isEmpty, "keys move the selection again")
    }

    @Test func escAfterEnterClearsAKeptFilter() {
        var app = Self.app()
        app.press("/")
        app.type("heal")
        app.press("enter")
        #expect(!app.state.sidebar.isEditingFilter)
        #expect(Self.names(app) == ["Health"])
        app.press("esc")
        #expect(app.state.sidebar.filter.isEmpty)
        #expect(Self.names(app) == ["▸Users", "▸Orders", "Health"])
    }

    @Test(arguments: [(80, 24), (120, 40)])
    func filteredSnapshot(size: (Int, Int)) throws {
        var app = Self.app(width: size.0, height: size.1)
        app.press("/")
        app.type("orders")
        var frame = Frame(size: app.state.size, theme: .monochrome, capabilities: TerminalCapabilities(colorDepth: .none, unicode: true))
        app.program.view(app.state, into: &frame)
        try Snapshot.assert(frame.buffer, named: "sidebar-filter-open-folders-\(size.0)x\(size.1)")
    }
}
