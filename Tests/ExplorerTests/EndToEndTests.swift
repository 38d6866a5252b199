import Foundation
import RequestStore
import TestServers
import Testing

/// The real binary in tmux against httpbin on loopback.
@Suite("End to end in tmux", .serialized)
struct EndToEndTests {
    @Test("type a URL, press Enter, see the status and the body")
    func typeAndSend() throws {
        let url = try LoopbackHTTPBin.url("/get?greeting=hello")
        let tmux = try TmuxDriver()
        defer { tmux.close() }
        try tmux.launch()
        try tmux.type(url)
        try tmux.keys("Enter")
        // The status line shows first; the body follows once it is classified and indexed off the UI thread.
        let screen = try tmux.waitUntil("the status and the body") { $0.contains("200 OK") && $0.contains("\"greeting\": \"hello\"") }
        #expect(screen.contains("200 OK"))
        #expect(screen.contains("Params 1"))
    }

    @Test("paste a curl command and send it")
    func pasteCurl() throws {
        let url = try LoopbackHTTPBin.url("/anything")
        let tmux = try TmuxDriver()
        defer { tmux.close() }
        try tmux.launch()
        try tmux.paste("curl -X PATCH -H 'X-Pasted: yes' \\\n  --json '{\"n\": 42}' \(url)")
        try tmux.waitFor("PATCH")
        try tmux.keys("C-r")
        let screen = try tmux.waitFor("200 OK")
        #expect(screen.contains("PATCH"))
        try tmux.keys("Tab", "Tab")
        try tmux.waitUntil("the echoed header") { _ in
            try tmux.keys("j")
            return try tmux.screen().contains("\"X-Pasted\": \"yes\"")
        }
    }

    @Test("attach a file and send a multipart body")
    func multipart() throws {
        let url = try LoopbackHTTPBin.url("/post")
        let tmux = try TmuxDriver()
        defer { tmux.close() }
        let file = tmux.home + "/note.txt"
        try Data("attached through tmux\n".utf8).write(to: URL(fileURLWithPath: file))
        try tmux.launch()
        try tmux.type("POST " + url)
        try tmux.keys("M-4")
        try tmux.waitFor("No files attached")
        try tmux.keys("a")
        try tmux.waitFor("Attach a file")
        try tmux.type(tmux.home + "/no")
        try tmux.keys("Tab")
        try tmux.waitFor("note.txt")
        try tmux.keys("Enter")
        try tmux.waitFor("22 B")
        try tmux.keys("C-r")
        let screen = try tmux.waitUntil("the status and the echoed part") { $0.contains("200 OK") && $0.contains("attached through tmux") }
        #expect(screen.contains("200 OK"))
    }

    @Test("resizing relayouts; a tiny window asks to be enlarged")
    func resize() throws {
        let tmux = try TmuxDriver()
        defer { tmux.close() }
        try tmux.launch()
        try tmux.waitFor("Collection")
        try tmux.resize(width: 80, height: 24)
        try tmux.waitUntil("the narrow layout without the sidebar") { !$0.contains("Collection") && $0.contains("Response") }
        try tmux.resize(width: 30, height: 10)
        try tmux.waitFor("Terminal too small")
        try tmux.resize(width: 120, height: 40)
        try tmux.waitFor("Collection")
    }

    @Test("Esc cancels a slow request and keeps what was typed")
    func cancelSlow() throws {
        let url = try LoopbackHTTPBin.url("/delay/10")
        let tmux = try TmuxDriver()
        defer { tmux.close() }
        try tmux.launch()
        try tmux.type(url)
        try tmux.keys("Enter")
        try tmux.waitFor("Sending")
        try tmux.keys("Escape")
        let screen = try tmux.waitFor("Cancelled", timeout: 3)
        #expect(screen.contains("/delay/10"))
    }

    @Test("Ctrl+C quits at once, leaves the alternate screen and keeps the draft")
    func quitRestores() throws {
        let tmux = try TmuxDriver()
        defer { tmux.close() }
        try tmux.launch()
        #expect(try tmux.alternateScreenOn())
        try tmux.type("http://draft.test/kept")
        try tmux.keys("C-c")
        try tmux.waitUntil("the shell prompt after curlew") { $0.components(separatedBy: "e2e$").count >= 3 }
        #expect(try tmux.alternateScreenOn() == false)
        let draft = try String(contentsOfFile: tmux.home + "/drafts/tab-1.json", encoding: .utf8)
        #expect(draft.contains("http://draft.test/kept"))
        try tmux.type("CURLEW_HOME=\(tmux.home) \(try TmuxDriver.binary())")
        try tmux.keys("Enter")
        try tmux.waitFor("http://draft.test/kept")
        try tmux.keys("C-c")
    }

    @Test("Ctrl+Z gives the shell back with the terminal restored; fg brings the app back as it was")
    func suspendAndResume() throws {
        let tmux = try TmuxDriver()
        defer { tmux.close() }
        try tmux.launch()
        try tmux.type("http://suspend.test/kept")
        try tmux.waitFor("http://suspend.test/kept")
        try tmux.keys("C-z")
        try tmux.waitFor("Stopped")
        #expect(try tmux.alternateScreenOn() == false)
        try tmux.type("echo shell-is-live")
        try tmux.keys("Enter")
        try tmux.waitUntil("the shell running a command") { $0.components(separatedBy: "shell-is-live").count >= 3 }
        try tmux.type("fg")
        try tmux.keys("Enter")
        // The whole frame is redrawn on resume; wait for its last pane rather than read it half drawn.
        let screen = try tmux.waitUntil("the app drawn again") { $0.contains("http://suspend.test/kept") && $0.contains("Response") }
        #expect(screen.contains("Params"))
        try tmux.waitUntil("the alternate screen again") { _ in try tmux.alternateScreenOn() }
        try tmux.type("/more")
        try tmux.waitFor("http://suspend.test/kept/more")
        try tmux.keys("C-c")
    }

    @Test("Ctrl+O hands the terminal to $EDITOR on the body and takes back what was written")
    func externalEditor() throws {
        let tmux = try TmuxDriver()
        defer { tmux.close() }
        let editor = tmux.home + "/editor.sh"
        let script = """
        #!/bin/sh
        printf 'EDITOR-RUNNING on %s\\n' "$(basename "$1")"
        read -r word
        printf '{"typed": "%s"}' "$word" > "$1"
        """
        try Data(script.utf8).write(to: URL(fileURLWithPath: editor))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: editor)
        try tmux.launch(environment: "EDITOR=\(editor)")
        try tmux.keys("M-3")
        try tmux.waitFor("Mode:")
        try tmux.keys("C-o")
        let handedOver = try tmux.waitFor("EDITOR-RUNNING on")
        #expect(!handedOver.contains("Type a URL"))
        try tmux.type("fromtheeditor")
        try tmux.keys("Enter")
        let screen = try tmux.waitFor("\"typed\": \"fromtheeditor\"")
        #expect(screen.contains("Mode:"))
        #expect(try tmux.alternateScreenOn())
        try tmux.keys("C-c")
    }

    @Test("Ctrl+C while the editor runs ends the editor alone; the app stays, says so and keeps the body")
    func interruptedEditor() throws {
        let tmux = try TmuxDriver()
        defer { tmux.close() }
        let editor = tmux.home + "/editor.sh"
        try Data("#!/bin/sh\nprintf 'WAITING-FOR-KEYS\\n'\nread -r word\nprintf 'changed' > \"$1\"\n".utf8).write(to: URL(fileURLWithPath: editor))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: editor)
        try tmux.launch(environment: "EDITOR=\(editor)")
        try tmux.keys("M-3")
        try tmux.waitFor("Mode:")
        try tmux.keys("C-o")
        try tmux.waitFor("WAITING-FOR-KEYS")
        try tmux.keys("C-c")
        let screen = try tmux.waitFor("status 130")
        #expect(screen.contains("left unchanged"))
        #expect(try tmux.alternateScreenOn())
        try tmux.keys("Enter", "C-l")
        try tmux.type("http://still.running/")
        try tmux.waitFor("http://still.running/")
        try tmux.keys("C-c")
    }

    @Test("a dropped connection (SIGHUP) ends the app at once and keeps what was typed as the draft")
    func hangUpKeepsDraft() throws {
        let tmux = try TmuxDriver()
        defer { tmux.close() }
        try tmux.launch()
        try tmux.type("http://hangup.test/kept")
        try tmux.waitFor("http://hangup.test/kept")
        let app = try #require(try tmux.shellChildren().first)
        #expect(TmuxDriver.isRunning(app))
        try tmux.hangUp()
        let deadline = Date().addingTimeInterval(10)
        while TmuxDriver.isRunning(app), Date() < deadline { usleep(10_000) }
        #expect(!TmuxDriver.isRunning(app))
        let draft = try String(contentsOfFile: tmux.home + "/drafts/tab-1.json", encoding: .utf8)
        #expect(draft.contains("http://hangup.test/kept"))
    }

    @Test("libcurl is not loaded for the first frame, only for the first send")
    func libcurlLoadedOnFirstSend() throws {
        let url = try LoopbackHTTPBin.url("/get?loaded=late")
        let tmux = try TmuxDriver()
        defer { tmux.close() }
        try tmux.launch()
        let app = try #require(try tmux.shellChildren().first)
        func mapsLibcurl() throws -> Bool {
            let maps = try #require(TmuxDriver.procFile("/proc/\(app)/maps"))
            #expect(maps.contains("/curlew"))
            return maps.contains("libcurl")
        }
        #expect(try !mapsLibcurl())
        #expect(try TmuxDriver.procFile("/proc/\(app)/maps")?.contains("libxml2") == false)
        try tmux.type(url)
        try tmux.keys("Enter")
        try tmux.waitFor("200 OK")
        #expect(try mapsLibcurl())
        try tmux.keys("C-c")
    }

    @Test("run a folder from the sidebar: rows fill in, then Enter opens a result's response")
    func runFromSidebar() throws {
        let tmux = try TmuxDriver()
        defer { tmux.close() }
        var collection = RequestCollection(name: "E2E")
        collection.folders = [Folder(name: "Smoke", requests: [
            SavedRequest(id: "ok", name: "Fine", url: try LoopbackHTTPBin.url("/get?run=e2e"), checks: [try Check.parse("status == 200")]),
            SavedRequest(id: "gone", name: "Gone", url: try LoopbackHTTPBin.url("/status/404")),
        ])]
        let path = try tmux.writeCollection(collection)
        try tmux.launch(path)
        try tmux.keys("Tab", "Tab", "Tab")
        try tmux.waitFor("x run folder/request")
        try tmux.keys("x")
        let screen = try tmux.waitFor("Done: 2 of 2")
        #expect(screen.contains("Run · E2E/Smoke"))
        #expect(screen.contains("Smoke/Gone"))
        #expect(screen.contains("failed"))
        try tmux.keys("Down", "Enter")
        let opened = try tmux.waitFor("404")
        #expect(opened.contains("Gone"))
    }

    @Test("a collection's file outside its folder is sent only after y, in the real binary")
    func fileOutsideTheRootAsks() throws {
        let tmux = try TmuxDriver()
        defer { tmux.close() }
        var collection = RequestCollection(name: "Stranger")
        collection.requests = [SavedRequest(id: "up", name: "Upload hostname", method: .post, url: try LoopbackHTTPBin.url("/post"),
                                            body: .multipart([.file(name: "f", path: "/etc/hostname", fileName: nil, contentType: nil, enabled: true)]))]
        let path = try tmux.writeCollection(collection)
        try tmux.launch(path)
        try tmux.keys("Tab", "Tab", "Tab")
        try tmux.waitFor("Upload hostname")
        try tmux.keys("Enter")
        try tmux.waitFor("POST")
        try tmux.keys("C-r")
        let asked = try tmux.waitFor("Send a file from outside the collection?")
        #expect(asked.contains("/etc/hostname"))
        try tmux.keys("n")
        try tmux.waitFor("Not sent")
        try tmux.keys("C-r")
        try tmux.waitFor("Send a file from outside the collection?")
        try tmux.keys("y")
        let sent = try tmux.waitFor("200 OK")
        #expect(!sent.contains("Send a file from outside the collection?"))
    }

    @Test("--env shows in the top bar; Alt+E switches to none and back")
    func environmentSwitch() throws {
        let tmux = try TmuxDriver()
        defer { tmux.close() }
        var collection = RequestCollection(name: "E2E")
        collection.requests = [SavedRequest(id: "get", name: "Get", url: "{{baseUrl}}/get")]
        let path = try tmux.writeCollection(collection)
        _ = try EnvironmentFile.create(Environment(name: "local", variables: [Variable(name: "baseUrl", value: try LoopbackHTTPBin.url(""))]),
                                       at: tmux.home + "/local.env.json")
        try tmux.launch(path + " --env local")
        try tmux.waitFor("env: local")
        try tmux.keys("M-e")
        try tmux.waitFor("environment: none")
        // The switcher opens on the active environment; the one above it is "none".
        try tmux.keys("Up", "Enter")
        try tmux.waitFor("no environment")
        try tmux.keys("M-e")
        try tmux.waitFor("environment: local")
        try tmux.keys("Down", "Enter")
        // The notice is drawn in the same frame as the top bar; waiting for it avoids a capture taken mid-frame.
        let screen = try tmux.waitFor("Environment 'local' is active.")
        #expect(screen.contains("env: local"))
    }

    @Test("--var gives a {{variable}} its value in the app, over the collection's")
    func commandLineVariable() throws {
        let tmux = try TmuxDriver()
        defer { tmux.close() }
        var collection = RequestCollection(name: "E2E")
        collection.variables = [Variable(name: "greeting", value: "from-collection")]
        collection.requests = [SavedRequest(name: "Get", url: try LoopbackHTTPBin.url("/get?greeting={{greeting}}"))]
        let path = try tmux.writeCollection(collection)
        try tmux.launch(path + " --var greeting=from-command-line --var other=x=y")
        try tmux.type(try LoopbackHTTPBin.url("/get?greeting={{greeting}}"))
        try tmux.keys("Enter")
        let screen = try tmux.waitUntil("the status and the body") { $0.contains("200 OK") && $0.contains("\"greeting\": \"from-command-line\"") }
        #expect(screen.contains("200 OK"))
    }

    @Test("history resend asks on the terminal, without echo, for a secret the history holds as [redacted]")
    func resendAsksForATypedSecret() throws {
        let url = try LoopbackHTTPBin.url("/headers")
        let tmux = try TmuxDriver()
        defer { tmux.close() }
        let curlew = "CURLEW_HOME=\(tmux.home) \(try TmuxDriver.binary())"
        try tmux.type("\(curlew) send \(url) -H 'Authorization: Bearer Typed123456' > /dev/null && \(curlew) history resend 1")
        try tmux.keys("Enter")
        _ = try tmux.waitFor("The header Authorization was stored as [redacted]")
        try tmux.type("Bearer Again654321")
        #expect(try !tmux.screen().contains("Again654321"))
        try tmux.keys("Enter")
        let screen = try tmux.waitFor("Bearer Again654321")
        #expect(!screen.contains("Bearer [redacted]"))
    }
}
