import Foundation
import Testing
import TUICore
import TUITesting
@testable import Explorer

/// When the sidebar is hidden, the footer names the key that shows it, as the key map binds it.
@Suite struct SidebarHintTests {
    static func footer(_ app: AppHarness) -> String { app.screen().last ?? "" }

    @Test func theFooterNamesTheSidebarKeyWhileTheSidebarIsHidden() {
        var app = AppHarness(width: 80, height: 24)
        #expect(Self.footer(app).hasPrefix(" ctrl+b show collections"))
        app.press("ctrl+b")
        #expect(!AppLayout(app.state).sidebar.isEmpty)
        #expect(!Self.footer(app).contains("show collections"))
        let wide = AppHarness(width: 120, height: 40)
        #expect(!Self.footer(wide).contains("show collections"))
    }

    @Test func aRemappedKeyIsNamed() {
        var app = AppHarness(width: 80, height: 24)
        app.state.keyMap = Actions.defaultKeyMap.applying(["sidebar.toggle": [KeyEvent(.char("s"), modifiers: .alt)]])
        #expect(Self.footer(app).hasPrefix(" alt+s show collections"))
        app.press("alt+s")
        #expect(!AppLayout(app.state).sidebar.isEmpty)
    }

    @Test func noKeyIsNamedWhereThePaneTakesIt() {
        var app = AppHarness(width: 80, height: 24)
        app.state.keyMap = Actions.defaultKeyMap.applying(["sidebar.toggle": [KeyEvent(.char("b"))]])
        #expect(!Self.footer(app).contains("show collections"))
        app.state.keyMap = Actions.defaultKeyMap.applying(["sidebar.toggle": []])
        #expect(!Self.footer(app).contains("show collections"))
    }

    @Test(arguments: [(80, 24), (120, 40)])
    func footerSnapshot(size: (Int, Int)) throws {
        let app = AppHarness(width: size.0, height: size.1)
        var frame = Frame(size: app.state.size, theme: .monochrome, capabilities: TerminalCapabilities(colorDepth: .none, unicode: true))
        app.program.view(app.state, into: &frame)
        try Snapshot.assert(frame.buffer, named: "sidebar-hint-\(size.0)x\(size.1)")
    }
}
