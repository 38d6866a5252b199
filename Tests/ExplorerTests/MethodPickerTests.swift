import Testing
import TUICore
import TUITesting
@testable import Explorer

/// The method picker (F2): Home and End jump, typing goes to the Custom field, labels sit on the theme's background.
@Suite struct MethodPickerTests {
    /// The picker's state, when it is open.
    private func picker(_ app: AppHarness) -> MethodPickerState? {
        if case .methodPicker(let picker) = app.state.overlay { return picker }
        return nil
    }

    @Test func homeAndEndJumpToTheFirstMethodAndTheCustomRow() {
        var app = AppHarness()
        app.press("f2", "end")
        #expect(picker(app)?.selected == MethodPickerState.choices.count)
        app.press("home")
        #expect(picker(app)?.selected == 0)
        app.press("end", "up", "enter")
        #expect(app.state.draft.method == MethodPickerState.choices.last)
    }

    @Test func typingOnAMethodRowGoesToCustom() {
        var app = AppHarness()
        app.press("f2", "down")
        app.type("purge")
        #expect(picker(app)?.selected == MethodPickerState.choices.count)
        #expect(picker(app)?.custom.text == "purge")
        app.press("enter")
        #expect(app.state.draft.method.rawValue == "PURGE")
    }

    @Test func labelsAreDrawnOnTheThemesBackground() throws {
        let app = { () -> AppHarness in
            var app = AppHarness(width: 80, height: 24)
            app.press("f2")
            return app
        }()
        let theme = Theme.dark
        var frame = Frame(size: app.state.size, theme: theme, capabilities: TerminalCapabilities(colorDepth: .trueColor, unicode: true))
        app.program.view(app.state, into: &frame)
        let position = try #require(ScreenText.position(of: "DELETE", in: frame.buffer))
        #expect(frame.buffer[position.x, position.y].style.bg == theme.surfaceStyle.bg)
        let custom = try #require(ScreenText.position(of: "Custom:", in: frame.buffer))
        #expect(frame.buffer[custom.x, custom.y].style.bg == theme.surfaceStyle.bg)
    }
}
