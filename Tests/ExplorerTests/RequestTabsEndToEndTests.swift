import Explorer
import Foundation
import Testing
import TUICore

/// Request tabs in the real binary inside tmux: keys as a terminal sends them, and a restart over the same data folder.
@Suite("Request tabs end to end in tmux", .serialized)
struct RequestTabsEndToEndTests {
    @Test("two tabs come back after a restart with the shown one; Alt+W on a modified tab asks")
    func tabsComeBackAfterRestart() throws {
        let tmux = try TmuxDriver()
        defer { tmux.close() }
        try tmux.launch()
        try tmux.type("http://tabs.test/first")
        try tmux.keys("C-n")
        try tmux.waitFor("GET /first ●")
        try tmux.type("http://tabs.test/second")
        try tmux.waitFor("GET /second ●")
        try tmux.keys("M-,")
        try tmux.waitFor("http://tabs.test/first")
        try tmux.keys("C-c")
        try tmux.waitUntil("the shell prompt after curlew") { $0.components(separatedBy: "e2e$").count >= 3 }
        #expect(FileManager.default.fileExists(atPath: tmux.home + "/drafts/tab-1.json"))
        #expect(FileManager.default.fileExists(atPath: tmux.home + "/drafts/tab-2.json"))

        try tmux.type("CURLEW_HOME=\(tmux.home) \(try TmuxDriver.binary())")
        try tmux.keys("Enter")
        let screen = try tmux.waitFor("GET /second ●")
        #expect(screen.contains("GET /first ●"))
        #expect(screen.contains("http://tabs.test/first"), "the tab shown at quit is shown again")
        try tmux.keys("M-w")
        try tmux.waitFor("Close the tab?")
        try tmux.keys("Escape")
        try tmux.waitFor("The tab stays open.")
        try tmux.keys("C-c")
    }

    @Test("a broken tab file is reported at start, and the other tab is opened")
    func brokenTabFileIsReported() throws {
        let tmux = try TmuxDriver()
        defer { tmux.close() }
        let draftPath = tmux.home + "/draft.json"
        var draft = RequestDraft()
        draft.url = TextFieldState(text: "http://tabs.test/kept")
        try DraftFile.writeTab(draft, id: 1, draftPath: draftPath)
        try Data("{\"url\": ".utf8).write(to: URL(fileURLWithPath: DraftFile.tabPath(2, draftPath: draftPath)))
        try DraftFile.writeTabList([1, 2], active: 2, draftPath: draftPath)
        try tmux.type("CURLEW_HOME=\(tmux.home) \(try TmuxDriver.binary())")
        try tmux.keys("Enter")
        let screen = try tmux.waitFor("Tabs not restored")
        #expect(screen.contains("tab-2.json") || screen.contains("tab-2"))
        try tmux.keys("Enter")
        try tmux.waitFor("http://tabs.test/kept")
        try tmux.keys("C-c")
    }
}
