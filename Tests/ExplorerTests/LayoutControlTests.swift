import Explorer
import Foundation
import RequestStore
import Testing
import TUICore
import TestSupport

/// Maximizing the focused pane, moving the border between request and response (keys and a mouse drag,
/// remembered in the settings), and the help listing the focused pane's keys first.
@Suite struct LayoutControlTests {
    private func settingsFolder() throws -> String {
        let folder = TemporaryFolder.path("curlew-layout")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func altZFillsTheScreenWithTheFocusedPaneWhileItHasTheFocus() {
        var app = AppHarness(width: 120, height: 40)
        app.state.focus = .response
        app.press("alt+z")
        var layout = AppLayout(app.state)
        #expect(layout.request.isEmpty)
        #expect(layout.sidebar.isEmpty)
        #expect(layout.response == Rect(x: 0, y: 3, width: 120, height: 36))
        #expect(!app.screen().joined().contains("Request"))
        app.state.focus = .url
        #expect(AppLayout(app.state).request.isEmpty, "typing a URL keeps the pane maximized")
        app.state.focus = .request
        layout = AppLayout(app.state)
        #expect(!layout.request.isEmpty && !layout.response.isEmpty, "another pane in focus is drawn in the usual layout")
        app.state.focus = .response
        app.press("alt+z")
        #expect(app.state.maximizedPane == nil)
        #expect(!AppLayout(app.state).request.isEmpty)
    }

    @Test func altZInTheURLBarSaysWhatItWorksOn() {
        var app = AppHarness(width: 120, height: 40)
        app.state.focus = .url
        app.press("alt+z")
        #expect(app.state.maximizedPane == nil)
        #expect(app.state.notice?.contains("request or the response pane") == true)
    }

    @Test func theSplitKeysMoveTheBorderWithinBoundsAndTheSettingsKeepIt() async throws {
        let folder = try settingsFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/settings.json"
        var app = AppHarness(width: 80, height: 24, settingsPath: path)
        let before = AppLayout(app.state).request.height
        app.press("alt+=")
        #expect(app.state.requestSplit == RequestSplit.stackedDefault + RequestSplit.step)
        #expect(AppLayout(app.state).request.height > before)
        await app.runPerformed()
        #expect(try SettingsFile.read(from: path).requestSplit == 50)
        for _ in 0..<20 { app.press("alt+-") }
        #expect(app.state.requestSplit == RequestSplit.minimum)
        #expect(app.state.notice?.contains("smallest") == true)
    }

    @Test func draggingTheBorderPutsItWhereTheButtonIsReleased() {
        var app = AppHarness(width: 80, height: 24)
        let layout = AppLayout(app.state)
        let border = try? #require(layout.splitBorder)
        guard let border else { return }
        #expect(border.y == layout.response.y)
        app.send(.mouse(MouseEvent(.press(.left), x: border.x + 5, y: border.y)))
        #expect(app.state.isDraggingSplitBorder)
        let target = layout.request.y + (layout.request.height + layout.response.height) * 3 / 4
        app.send(.mouse(MouseEvent(.release(.left), x: border.x + 5, y: target)))
        #expect(!app.state.isDraggingSplitBorder)
        #expect(app.state.requestSplit == 75)
        #expect(AppLayout(app.state).response.y == target)
    }

    @Test func aSplitOutsideItsBoundsInTheSettingsIsRefusedByName() throws {
        let folder = try settingsFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/settings.json"
        try Data(#"{"requestSplit": 95}"#.utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: SettingsError.self) { try SettingsFile.read(from: path) }
        do {
            _ = try SettingsFile.read(from: path)
        } catch {
            #expect(error.message.contains("\"requestSplit\""))
        }
        try Data(#"{"requestSplit": 60}"#.utf8).write(to: URL(fileURLWithPath: path))
        #expect(try SettingsFile.read(from: path).requestSplit == 60)
    }

    @Test func helpListsTheFocusedPanesKeysFirstThenTheGlobalOnes() throws {
        var app = AppHarness(width: 120, height: 60)
        app.state.focus = .sidebar
        app.press("f1")
        let rows = app.screen()
        let top = try #require(rows.firstIndex { $0.contains("Keys — any key closes") })
        #expect(rows[top + 1].contains("Sidebar"), "the focused pane's heading comes first: \(rows[top + 1])")
        let everywhere = try #require(rows.firstIndex { $0.contains("Everywhere") })
        let urlBar = rows.firstIndex { $0.contains("URL bar") && !$0.contains("ctrl") }
        #expect(everywhere > top + 1)
        if let urlBar { #expect(urlBar > everywhere, "the other panes' keys follow the global ones") }
    }
}
