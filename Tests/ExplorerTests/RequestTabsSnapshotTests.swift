import Explorer
import Foundation
import RequestKit
import RequestStore
import Testing
import TUICore
import TUITesting

/// The tab bar drawn at 80x24 and 120x40: titles, the modified mark, the shown tab highlighted, scrolling.
///
/// Record again with `RECORD_SNAPSHOTS=1 swift test --filter RequestTabsSnapshotTests`.
@Suite("Request tab bar snapshots")
struct RequestTabsSnapshotTests {
    /// Three tabs: a saved request, a typed one with changes, and the shown saved request.
    static func threeTabs(_ width: Int, _ height: Int) throws -> AppHarness {
        var app = try RequestTabsTests.harness(width: width, height: height)
        try RequestTabsTests.openFromSidebar("List users", &app)
        app.press("ctrl+n")
        app.type("http://127.0.0.1:9/orders/42/items?page=2")
        try RequestTabsTests.openFromSidebar("Create user", &app)
        app.state.sidebar.now = Date(timeIntervalSince1970: 1_800_000_000)
        app.state.focus = .url
        app.send(.resize(Size(width: width, height: height)))
        return app
    }

    @Test("three tabs", arguments: [(80, 24), (120, 40)])
    func threeTabsSnapshot(size: (Int, Int)) throws {
        let app = try Self.threeTabs(size.0, size.1)
        try Snapshot.assert(app.screen().joined(separator: "\n"), named: "app-request-tabs-\(size.0)x\(size.1)")
    }

    @Test("many tabs scroll so the shown one stays in view", arguments: [(80, 24), (120, 40)])
    func manyTabs(size: (Int, Int)) throws {
        var app = try RequestTabsTests.harness(width: size.0, height: size.1)
        for n in 1...12 {
            app.press("ctrl+n")
            app.type("http://127.0.0.1:9/resource-number-\(n)")
        }
        app.state.sidebar.now = Date(timeIntervalSince1970: 1_800_000_000)
        app.send(.resize(Size(width: size.0, height: size.1)))
        let last = app.screen()[0]
        #expect(last.contains("/resource-number-12"))
        #expect(last.hasPrefix("‹"))
        try Snapshot.assert(app.screen().joined(separator: "\n"), named: "app-request-tabs-scrolled-\(size.0)x\(size.1)")
        app.press("alt+.")
        let first = app.screen()[0]
        #expect(first.contains("/resource-number-1 "))
        #expect(first.trimmingCharacters(in: .whitespaces).hasSuffix("›"))
    }

    @Test("the shown tab is drawn highlighted, the others plain")
    func shownTabIsHighlighted() throws {
        let app = try Self.threeTabs(120, 40)
        var frame = Frame(size: app.state.size, theme: .dark, capabilities: TerminalCapabilities(colorDepth: .trueColor, unicode: true))
        app.program.view(app.state, into: &frame)
        let row = frame.buffer.text(row: 0)
        let shown = try #require(row.range(of: "Create user"))
        let other = try #require(row.range(of: "List users"))
        let shownColumn = row.distance(from: row.startIndex, to: shown.lowerBound)
        let otherColumn = row.distance(from: row.startIndex, to: other.lowerBound)
        #expect(frame.buffer[shownColumn, 0].style.modifiers.contains(.reverse))
        #expect(!frame.buffer[otherColumn, 0].style.modifiers.contains(.reverse))
    }

    @Test("a click on a tab shows it")
    func clickShowsTab() throws {
        var app = try Self.threeTabs(120, 40)
        let row = app.screen()[0]
        let target = try #require(row.range(of: "List users"))
        let column = row.distance(from: row.startIndex, to: target.lowerBound)
        app.send(.mouse(MouseEvent(.press(.left), x: column, y: 0)))
        #expect(app.state.draft.name == "List users")
    }
}
