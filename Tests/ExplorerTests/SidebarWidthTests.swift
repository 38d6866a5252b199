import Foundation
import Testing
import TUICore
@testable import Explorer
import TestSupport

/// The sidebar's width: keys and a drag on its border change it, the settings file remembers it, the screen bounds it.
@Suite struct SidebarWidthTests {
    static func settingsPath() -> String {
        TemporaryFolder.path("curlew-sidebar-width", suffix: "/settings.json")
    }

    @Test func theWidthIsKeptWithinTheScreen() {
        #expect(SidebarWidth.shown(chosen: nil, screenWidth: 120) == 30)
        #expect(SidebarWidth.shown(chosen: nil, screenWidth: 200) == 32)
        #expect(SidebarWidth.shown(chosen: 200, screenWidth: 120) == 80)
        #expect(SidebarWidth.shown(chosen: 3, screenWidth: 120) == SidebarWidth.minimum)
        #expect(SidebarWidth.shown(chosen: 60, screenWidth: 50) == SidebarWidth.minimum)
    }

    @Test func keysWidenAndNarrowTheSidebarAndTheSettingsFileRemembersIt() async throws {
        let path = Self.settingsPath()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        var app = AppHarness(width: 120, height: 40, settingsPath: path)
        #expect(AppLayout(app.state).sidebar.width == 30)
        app.press("alt+>")
        #expect(AppLayout(app.state).sidebar.width == 34)
        await app.runPerformed()
        #expect(try SettingsFile.read(from: path).sidebarWidth == 34)
        app.state.focus = .sidebar
        app.press("<")
        app.press("<")
        #expect(AppLayout(app.state).sidebar.width == 26)
        await app.runPerformed()
        #expect(try SettingsFile.read(from: path).sidebarWidth == 26)
        for _ in 0..<30 { app.press(">") }
        #expect(AppLayout(app.state).sidebar.width == 80)
        #expect(app.state.notice?.contains("as wide as this screen allows") == true)
    }

    @Test func theWidenKeyShowsAHiddenSidebarFirst() {
        var app = AppHarness(width: 80, height: 24)
        #expect(AppLayout(app.state).sidebar.isEmpty)
        app.press("alt+>")
        #expect(AppLayout(app.state).sidebar.width == 20)
        app.press("alt+>")
        #expect(AppLayout(app.state).sidebar.width == 24)
    }

    @Test func draggingTheBorderSetsTheWidthAndAResizeKeepsItOnTheScreen() {
        var app = AppHarness(width: 120, height: 40)
        let border = AppLayout(app.state).sidebar.right - 1
        app.send(.mouse(MouseEvent(.press(.left), x: border, y: 10)))
        #expect(app.state.isDraggingSidebarBorder)
        app.send(.mouse(MouseEvent(.release(.left), x: 59, y: 12)))
        #expect(!app.state.isDraggingSidebarBorder)
        #expect(AppLayout(app.state).sidebar.width == 60)
        #expect(app.state.sidebarWidth == 60)

        app.send(.mouse(MouseEvent(.press(.left), x: 5, y: 10)))
        app.send(.mouse(MouseEvent(.release(.left), x: 90, y: 10)))
        #expect(AppLayout(app.state).sidebar.width == 60)
        #expect(app.state.focus == .sidebar)

        app.send(.mouse(MouseEvent(.press(.left), x: 59, y: 3)))
        app.send(.mouse(MouseEvent(.release(.left), x: 119, y: 3)))
        #expect(AppLayout(app.state).sidebar.width == 80)

        app.state.sidebarPreference = true
        app.send(.resize(Size(width: 90, height: 30)))
        #expect(AppLayout(app.state).sidebar.width == 50)
        app.send(.resize(Size(width: 160, height: 40)))
        #expect(AppLayout(app.state).sidebar.width == 80)
    }

    @Test(arguments: [("{\"sidebarWidth\": 40}", 40), ("{\"sidebarWidth\": 16}", 16)])
    func theSettingsFileHoldsTheWidth(text: String, width: Int) throws {
        let path = Self.settingsPath()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let settings = try SettingsFile.read(from: path)
        #expect(settings.sidebarWidth == width)
        try SettingsFile.write(settings, to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "{\n  \"sidebarWidth\": \(width)\n}\n")
    }

    @Test(arguments: ["{\"sidebarWidth\": 5}", "{\"sidebarWidth\": 99999999999999999999}", "{\"sidebarWidth\": \"wide\"}", "{\"sidebarWidth\": 4.5}"])
    func aWidthOutOfRangeIsRefused(text: String) throws {
        let path = Self.settingsPath()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: SettingsError.self) { try SettingsFile.read(from: path) }
    }
}
