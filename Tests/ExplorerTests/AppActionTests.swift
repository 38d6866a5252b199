import Explorer
import Foundation
import Testing
import TUICore

/// The app's actions are an enum whose raw values are the ids key map files and the palette use.
@Suite struct AppActionTests {
    @Test func everyDefaultBindingNamesAnAppOrAComponentAction() {
        let unknown = Actions.defaultKeyMap.bindings.map(\.action).filter { AppAction(rawValue: $0) == nil && !Actions.isComponentAction($0) }
        #expect(unknown.isEmpty, "\(unknown)")
    }

    @Test func everyAppActionHasAKeyOrAPaletteEntry() {
        let missing = AppAction.allCases.filter { !Actions.allActionIDs.contains($0.rawValue) }
        #expect(missing.isEmpty, "\(missing)")
    }

    @Test(arguments: [("tab.params", RequestTab.params), ("tab.checks", .checks), ("tab.options", .options)])
    func tabActionsShowTheirTab(id: String, tab: RequestTab) {
        #expect(AppAction(rawValue: id)?.requestTab == tab)
        var app = AppHarness()
        app.action(id)
        #expect(app.state.editor.tab == tab)
        #expect(app.state.focus == .request)
    }

    @Test func bodyModeActionsPickTheirMode() {
        #expect(AppAction.bodyModeGraphQL.pickedBodyMode == .graphQL)
        #expect(AppAction.bodyMode.pickedBodyMode == nil)
        var app = AppHarness()
        app.action("body.mode.raw")
        #expect(app.state.draft.bodyMode == .raw)
        #expect(app.state.editor.tab == .body)
    }

    @Test func aKeyMapFileRebindsAnActionByTodaysID() throws {
        let overrides = try KeyMap.decodeOverrides(Data(#"{"bindings": {"request.new": "f9"}}"#.utf8), knownActions: Actions.allActionIDs)
        var app = AppHarness()
        app.state.keyMap = Actions.defaultKeyMap.applying(overrides)
        app.type("http://h.test/typed")
        app.press("f9")
        #expect(app.state.draft.url.text.isEmpty)
    }

    @Test func anUnknownIDDoesNothing() {
        var app = AppHarness()
        app.type("http://h.test/kept")
        let before = app.state.draft
        app.action("request.sned")
        #expect(app.state.draft == before)
        #expect(app.commands.isEmpty)
        #expect(app.state.overlay == nil)
    }

    @Test func componentIDsStillReachTheirComponents() {
        var app = AppHarness()
        let visible = app.state.isSidebarVisible
        app.action("sidebar.toggle")
        #expect(app.state.isSidebarVisible != visible)
        #expect(Actions.isComponentAction("response.down"))
        #expect(!Actions.isComponentAction("response.nope"))
    }
}
