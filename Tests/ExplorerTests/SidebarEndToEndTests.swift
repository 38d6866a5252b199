import Foundation
import RequestStore
import Testing

/// The real binary in tmux: the sidebar's width from settings.json, its keys, and a mouse drag on its border.
@Suite("Sidebar width in tmux", .serialized)
struct SidebarEndToEndTests {
    /// The width of the sidebar on a screen: the columns up to the end of its top border.
    static func sidebarWidth(_ screen: String) -> Int? {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        guard let top = lines.first(where: { $0.hasPrefix("╭─ Collection") }), let end = top.firstIndex(of: "╮") else { return nil }
        return top.distance(from: top.startIndex, to: end) + 1
    }

    @Test("the width comes from settings.json, Alt+> and a drag of the border change it, and it is remembered")
    func widthIsSetAndRemembered() throws {
        let tmux = try TmuxDriver()
        defer { tmux.close() }
        let config = tmux.home + "/.config/curlew"
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        try Data("{\"sidebarWidth\": 50}\n".utf8).write(to: URL(fileURLWithPath: config + "/settings.json"))
        try tmux.launch()
        try tmux.waitUntil("a sidebar 50 columns wide") { Self.sidebarWidth($0) == 50 }
        try tmux.keys("M->")
        try tmux.waitUntil("a sidebar 54 columns wide") { Self.sidebarWidth($0) == 54 }
        // A press on the border (its column, 1-based, is the width) and a release at column 70, as SGR mouse reports
        // written one at a time, as a hand drags. A loaded machine may still hand both to curlew in one read, where
        // ncurses reports only one of them; drag again then.
        var dragged = false
        for _ in 0..<3 where !dragged {
            let border = Self.sidebarWidth(try tmux.screen()) ?? 54
            try tmux.type("\u{1b}[<0;\(border);10M")
            try tmux.type("\u{1b}[<0;70;12m")
            dragged = (try? tmux.waitUntil("a sidebar 70 columns wide", timeout: 4) { Self.sidebarWidth($0) == 70 }) != nil
        }
        #expect(dragged)
        try tmux.waitUntil("settings.json to hold the width") { _ in
            (try? String(contentsOfFile: config + "/settings.json", encoding: .utf8)) == "{\n  \"sidebarWidth\": 70\n}\n"
        }
        try tmux.resize(width: 100, height: 30)
        try tmux.waitUntil("the sidebar kept within the screen") { Self.sidebarWidth($0) == 60 }
    }

    @Test("in the real binary: n adds a request, m moves it to a folder, u undoes the move, each in the file at once")
    func collectionEditsReachTheFile() throws {
        let tmux = try TmuxDriver()
        defer { tmux.close() }
        var collection = RequestCollection(name: "Edits")
        collection.folders = [Folder(name: "Archive", requests: [SavedRequest(name: "Old", url: "http://127.0.0.1:9/old")])]
        collection.requests = [SavedRequest(name: "Ping", url: "http://127.0.0.1:9/ping")]
        let path = try tmux.writeCollection(collection)
        func stored() -> RequestCollection? { try? CollectionFile.load(path).document }
        try tmux.launch(path)
        try tmux.keys("Tab", "Tab", "Tab")
        try tmux.waitFor("n new request")
        try tmux.keys("End", "n")
        try tmux.waitUntil("the new request in the file") { _ in stored()?.requests.map(\.name) == ["Ping", "New request"] }
        try tmux.keys("Tab", "Tab", "Tab")
        try tmux.waitFor("n new request")
        try tmux.keys("m")
        try tmux.waitFor("Move 'New request' to")
        try tmux.type("arch")
        try tmux.keys("Enter")
        try tmux.waitUntil("the request moved in the file") { _ in stored()?.folders.first?.requests.map(\.name) == ["Old", "New request"] }
        try tmux.keys("u")
        try tmux.waitUntil("the move undone in the file") { _ in stored()?.requests.map(\.name) == ["Ping", "New request"] }
        try tmux.waitFor("Undone: moved 'New request'")
    }
}
