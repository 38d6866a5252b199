import Foundation
import RequestStore
import Testing

/// The real binary in tmux, started without a collection argument: the data folder's collections in the sidebar.
@Suite("Data folder collections in tmux", .serialized)
struct DataFolderEndToEndTests {
    @Test("an imported collection is listed; a request saved with no collection open is listed after a restart and saved in place")
    func savedAndImportedCollectionsAreListed() throws {
        let tmux = try TmuxDriver()
        defer { tmux.close() }
        let binary = try TmuxDriver.binary()
        let curlFile = tmux.home + "/pets.curl"
        try Data("curl http://127.0.0.1:1/pets\n".utf8).write(to: URL(fileURLWithPath: curlFile))
        try tmux.type("CURLEW_HOME=\(tmux.home) \(binary) import curl \(curlFile) --name 'Pet store' && clear")
        try tmux.keys("Enter")
        try tmux.waitUntil("the import to finish") { !$0.contains("import curl") }

        try tmux.launch()
        try tmux.waitFor("Pet store")
        try tmux.type("http://127.0.0.1:1/things")
        try tmux.keys("C-s")
        try tmux.waitFor("Save request")
        try tmux.keys("Enter")
        try tmux.waitFor("Saved 'GET /things'")
        try tmux.keys("C-c")
        try tmux.waitUntil("curlew to quit") { _ in try !tmux.alternateScreenOn() }

        try tmux.type("clear; CURLEW_HOME=\(tmux.home) \(binary)")
        try tmux.keys("Enter")
        let screen = try tmux.waitFor("GET /things")
        #expect(screen.contains("Untitled"))
        #expect(screen.contains("Pet store"))
        #expect(!screen.contains("modified"))
        #expect(!screen.contains("No saved requests"))
        try tmux.keys("End")
        try tmux.type("/1")
        try tmux.waitFor("modified")
        try tmux.keys("C-s")
        try tmux.waitFor("Saved 'GET /things'")
        let saved = try CollectionFile.load(tmux.home + "/collections/Untitled.json").document
        #expect(saved.requests.count == 1)
        #expect(saved.requests.first?.url == "http://127.0.0.1:1/things/1")
    }
}
