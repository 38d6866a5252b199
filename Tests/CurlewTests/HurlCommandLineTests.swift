import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import TestServers
import TestSupport

/// `curlew run` with a `hurl --test` command line, against a loopback server that echoes what it read, redirects,
/// fails on purpose and records when each slow request starts and ends.
@Suite struct HurlCommandLineTests {
    /// `/echo` answers the request it read as JSON; `/redirect` sends to `/echo?redirected=1`; `/flaky/TAG/K`
    /// answers 500 the first K times; `/slow/TAG/FILE/N/SECONDS` waits, recording its start and end under TAG;
    /// `/stats/TAG` answers what was recorded (most requests in flight at once, the events in order).
    static let script = #"""
    import json, threading, time, http.server
    lock = threading.Lock()
    state = {}
    def record(tag):
        return state.setdefault(tag, {"inflight": 0, "max": 0, "events": [], "tries": 0})
    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        def log_message(self, *args):
            pass
        def answer(self, status, value, extra=()):
            body = json.dumps(value).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            for name, text in extra:
                self.send_header(name, text)
            self.end_headers()
            self.wfile.write(body)
        def handle_any(self):
            length = int(self.headers.get("Content-Length", "0"))
            body = self.rfile.read(length) if length else b""
            parts = self.path.split("?")[0].strip("/").split("/")
            if parts[0] == "echo":
                return self.answer(200, {"path": self.path, "headers": dict(self.headers.items()), "body": body.decode("utf-8", "replace")})
            if parts[0] == "redirect":
                return self.answer(302, {}, [("Location", "/echo?redirected=1")])
            if parts[0] == "flaky":
                with lock:
                    entry = record(parts[1])
                    entry["tries"] += 1
                    tries = entry["tries"]
                return self.answer(200 if tries > int(parts[2]) else 500, {"try": tries})
            if parts[0] == "slow":
                tag, name, number, seconds = parts[1], parts[2], parts[3], float(parts[4])
                with lock:
                    entry = record(tag)
                    entry["inflight"] += 1
                    entry["max"] = max(entry["max"], entry["inflight"])
                    entry["events"].append([name, number, "start", time.time()])
                time.sleep(seconds)
                with lock:
                    entry["inflight"] -= 1
                    entry["events"].append([name, number, "end", time.time()])
                return self.answer(200, {"file": name, "n": number})
            if parts[0] == "stats":
                with lock:
                    return self.answer(200, record(parts[1]))
            self.answer(404, {})
        do_GET = do_POST = handle_any
    serve_http(Handler)
    """#

    static let port: Result<Int, ServerStartError> = Result { () throws(ServerStartError) in
        try ScriptServer.launch(script: script, name: "hurl-command-line")
    }

    static func host() throws -> String { "http://127.0.0.1:\(try port.get())" }

    /// A folder with `.hurl` files written into it, and a data folder for the run.
    struct Folder {
        let path: String
        let data: String

        init() throws {
            path = try LoopbackServers.temporaryDirectory() + "/hurl-command-line-" + UUID().uuidString
            data = path + "-data"
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }

        func write(_ relative: String, _ text: String) throws {
            let file = path + "/" + relative
            try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: file, atomically: true, encoding: .utf8)
        }

        /// Runs `curlew run` with the arguments, recording no history.
        func run(_ arguments: [String]) async throws -> ProcessResult {
            try await ProcessRunner.curlew(["run"] + arguments + ["--no-history", "--data-dir", data], environment: [:])
        }
    }

    /// What the server recorded under a tag.
    static func stats(_ tag: String) async throws -> [String: Any] {
        let result = try await ProcessRunner.curlew(["send", "--no-history", try host() + "/stats/" + tag], environment: [:])
        return try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
    }

    /// Checks with Python's html.parser that every element the page opens is closed in order; returns the errors
    /// and how many of each element it holds.
    static func pythonParse(_ path: String) async throws -> (errors: [String], tags: [String: Int]) {
        let check = #"""
        import html.parser, json, sys
        VOID = {"meta", "br", "img", "hr", "input", "link", "area", "base", "col", "embed", "source", "track", "wbr"}
        class Checker(html.parser.HTMLParser):
            def __init__(self):
                super().__init__(convert_charrefs=True)
                self.stack, self.tags, self.errors = [], {}, []
            def handle_starttag(self, tag, attrs):
                self.tags[tag] = self.tags.get(tag, 0) + 1
                if tag not in VOID:
                    self.stack.append(tag)
            def handle_endtag(self, tag):
                if not self.stack or self.stack[-1] != tag:
                    self.errors.append("</%s> closes %s" % (tag, self.stack[-1:]))
                else:
                    self.stack.pop()
        checker = Checker()
        checker.feed(open(sys.argv[1], encoding="utf-8").read())
        checker.close()
        if checker.stack:
            checker.errors.append("left open: %s" % checker.stack)
        print(json.dumps({"errors": checker.errors, "tags": checker.tags}))
        """#
        let result = try await ProcessRunner.run("/usr/bin/python3", ["-c", check, path])
        let object = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any], "\(result.errorOutput)")
        return (object["errors"] as? [String] ?? ["no errors list"], object["tags"] as? [String: Int] ?? [:])
    }

    /// The two files of a `hurl --test` run: headers, credentials and a redirect; and an entry that passes on its third try.
    static func writeSuite(in folder: Folder, tag: String) throws {
        try folder.write("tests/a.hurl", """
        # Header and user
        GET {{host}}/echo
        HTTP 200
        [Asserts]
        jsonpath "$.headers['X-Extra']" == "yes"
        jsonpath "$.headers['Authorization']" == "Basic Ym9iOnB3"
        header "Content-Type" == "application/json"

        # Redirect
        GET {{host}}/redirect
        HTTP 200
        [Asserts]
        jsonpath "$.path" == "/echo?redirected=1"
        jsonpath "$.headers['X-Note']" == "<script>alert(1)</script>"
        """)
        try folder.write("tests/sub/b.hurl", """
        # Flaky
        GET {{host}}/flaky/\(tag)/2
        HTTP 200
        """)
        try folder.write("vars.env", "host=\(try host())\n")
    }

    @Test func aHurlTestCommandLineRunsAsIs() async throws {
        let folder = try Folder()
        let tag = UUID().uuidString
        try Self.writeSuite(in: folder, tag: tag)
        let out = folder.path + "/out"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let result = try await folder.run([
            "--test", "--glob", folder.path + "/tests/**/*.hurl", "--variables-file", folder.path + "/vars.env",
            "--header", "X-Extra: yes", "-H", "X-Note: <script>alert(1)</script>", "--user", "bob:pw", "--location",
            "--retry", "3", "--retry-interval", "10ms", "--delay", "0", "--connect-timeout", "5s", "--max-time", "10",
            "--compressed", "--jobs", "2", "--file-root", folder.path, "--continue-on-error", "--no-color",
            "--report-junit", out + "/junit.xml", "--report-tap", out + "/report.tap", "--report-json", out + "/json",
            "--report-html", out + "/html", "--report", "json:" + out + "/curlew.json",
        ])
        try #require(result.status == 0, "\(result.output)\(result.errorOutput)")
        #expect(result.output.hasSuffix("3 passed, 0 failed\n"), "\(result.output)")
        let lines = result.output.split(separator: "\n")
        try #require(lines.count == 4)
        #expect(lines[0].contains("Header and user") && lines[1].contains("Redirect") && lines[2].contains("Flaky"))

        let junit = try #require(try XMLDocument(contentsOf: URL(fileURLWithPath: out + "/junit.xml")).rootElement())
        #expect(junit.name == "testsuites")
        #expect(junit.elements(forName: "testsuite").map { $0.attribute(forName: "tests")?.stringValue } == ["2", "1"])
        let tap = try String(contentsOfFile: out + "/report.tap", encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(tap.first == "TAP version 13" && tap.last == "1..3")

        let hurl = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out + "/json/report.json"))) as? [[String: Any]])
        #expect(hurl.map { ($0["filename"] as? String).map { ($0 as NSString).lastPathComponent } } == ["a.hurl", "b.hurl"])
        #expect(hurl.allSatisfy { $0["success"] as? Bool == true })
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out + "/curlew.json"))) as? [String: Any])
        let results = try #require(document["results"] as? [[String: Any]])
        #expect(results.map { $0["attempts"] as? Int } == [1, 1, 3])

        let html = try String(contentsOfFile: out + "/html/index.html", encoding: .utf8)
        let parsed = try await Self.pythonParse(out + "/html/index.html")
        #expect(parsed.errors.isEmpty, "\(parsed.errors)")
        #expect(parsed.tags["details"] == 3)
        #expect(parsed.tags["script"] == nil)
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        // bob:pw travels as Basic Ym9iOnB3, which is masked in the heads and in the echoed body (the check's own
        // text still says what it expects).
        #expect(html.contains("<tr><th>Authorization</th><td><code>[redacted]</code></td></tr>"))
        #expect(html.contains("&quot;Authorization&quot;: &quot;[redacted]&quot;"))
        #expect(!html.contains("<code>Basic Ym9iOnB3</code>") && !html.contains("&quot;Authorization&quot;: &quot;Basic"))
    }

    @Test func withoutTheFlagsTheSameFilesFail() async throws {
        let folder = try Folder()
        let tag = UUID().uuidString
        try Self.writeSuite(in: folder, tag: tag)
        let result = try await folder.run(["--test", "--glob", folder.path + "/tests/**/*.hurl", "--variables-file", folder.path + "/vars.env"])
        #expect(result.status == 1)
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.last == "0 passed, 3 failed", "\(result.output)")
        #expect(result.output.contains(#"jsonpath "$.headers['X-Extra']" == "yes""#))
        #expect(result.output.contains("status == 200  actual: 302"))
        #expect(result.output.contains("status == 200  actual: 500"))
    }

    @Test(arguments: [true, false])
    func jobsRunFilesSideBySideWithEachFilesEntriesInOrder(jobs: Bool) async throws {
        let folder = try Folder()
        let tag = UUID().uuidString
        for name in ["one", "two"] {
            try folder.write("\(name).hurl", (1...2).map { "GET {{host}}/slow/\(tag)/\(name)/\($0)/0.5\nHTTP 200\n" }.joined(separator: "\n"))
        }
        let result = try await folder.run([folder.path + "/one.hurl", folder.path + "/two.hurl", "--test", "--variable", "host=" + (try Self.host())]
                                          + (jobs ? ["--jobs", "2"] : []))
        #expect(result.status == 0, "\(result.output)\(result.errorOutput)")
        let stats = try await Self.stats(tag)
        #expect(stats["max"] as? Int == (jobs ? 2 : 1), "\(stats)")
        let events = try #require(stats["events"] as? [[Any]])
        for name in ["one", "two"] {
            let mine = events.filter { $0[0] as? String == name }.map { "\($0[1]) \($0[2])" }
            #expect(mine == ["1 start", "1 end", "2 start", "2 end"], "\(name): \(mine)")
        }
        // Output stays in plan order.
        #expect(result.output.split(separator: "\n").prefix(4).map { $0.contains("/one/") } == [true, true, false, false])
    }

    @Test func maxTimeAndDelayTakeHurlsUnits() async throws {
        let folder = try Folder()
        let tag = UUID().uuidString
        try folder.write("slow.hurl", "GET {{host}}/slow/\(tag)-slow/s/1/1.5\nHTTP 200\n")
        let host = try Self.host()
        let cut = try await folder.run([folder.path + "/slow.hurl", "--variable", "host=" + host, "--max-time", "200ms"])
        #expect(cut.status == 1)
        #expect(cut.output.lowercased().contains("timed out") || cut.output.lowercased().contains("timeout"), "\(cut.output)")
        let whole = try await folder.run([folder.path + "/slow.hurl", "--variable", "host=" + host, "-m", "1m"])
        #expect(whole.status == 0, "\(whole.output)")

        try folder.write("paced.hurl", "GET {{host}}/slow/\(tag)/p/1/0\nHTTP 200\n\nGET {{host}}/slow/\(tag)/p/2/0\nHTTP 200\n")
        let paced = try await folder.run([folder.path + "/paced.hurl", "--variable", "host=" + host, "--delay", "500ms"])
        #expect(paced.status == 0, "\(paced.output)")
        let events = try #require(try await Self.stats(tag)["events"] as? [[Any]])
        let times = events.compactMap { $0[3] as? Double }
        #expect(times.count == 4)
        if times.count == 4 { #expect(times[2] - times[1] >= 0.45, "\(times)") }
    }

    @Test func certificatesFromTheCommandLineAreTheUsersOwn() async throws {
        let (url, certificates) = try await Blocking.run { (try MutualTLSServer.url("/"), try MutualTLSServer.certificates()) }
        let folder = try Folder()
        try folder.write("tls.hurl", "GET \(url)\nHTTP 200\n[Asserts]\nbody == \"hello \(MutualTLSCertificates.clientName)\"\n")
        let file = folder.path + "/tls.hurl"
        let trusted = try await folder.run([file, "--cacert", certificates.authority, "--cert", certificates.clientCertificate, "--key", certificates.clientKey])
        #expect(trusted.status == 0, "\(trusted.output)\(trusted.errorOutput)")
        let insecure = try await folder.run([file, "-k", "-E", certificates.clientCertificate, "--key", certificates.clientKey])
        #expect(insecure.status == 0, "\(insecure.output)\(insecure.errorOutput)")
        let untrusted = try await folder.run([file, "--cert", certificates.clientCertificate, "--key", certificates.clientKey])
        #expect(untrusted.status == 1, "\(untrusted.output)")
        let anonymous = try await folder.run([file, "--cacert", certificates.authority])
        #expect(anonymous.status == 1, "\(anonymous.output)")
    }

    @Test(arguments: [
        (["--color"], "--color"), (["--very-verbose"], "--very-verbose"), (["--to-entry", "2"], "--to-entry"),
        (["--curl", "out.sh"], "--curl"), (["--fail-at-end"], "--fail-at-end"), (["--http3"], "--http3"),
    ])
    func hurlOptionsCurlewLacksAreRefusedByName(arguments: [String], name: String) async throws {
        let folder = try Folder()
        try folder.write("a.hurl", "GET http://127.0.0.1:9/\n")
        let result = try await folder.run([folder.path + "/a.hurl"] + arguments)
        #expect(result.status == 2)
        #expect(result.errorOutput.contains("curlew run does not have Hurl's \(name): "), "\(result.errorOutput)")
        #expect(!result.errorOutput.contains("unknown option"))
    }

    @Test func aGlobThatMatchesNothingStopsTheRun() async throws {
        let folder = try Folder()
        let result = try await folder.run(["--test", "--glob", folder.path + "/none/*.hurl"])
        #expect(result.status == 2)
        #expect(result.errorOutput.contains("--glob '\(folder.path)/none/*.hurl' matches no file"), "\(result.errorOutput)")
    }

    @Test func aRunKilledMidwayLeavesAJSONReportThatTheDocumentedClosingCompletes() async throws {
        let folder = try Folder()
        let tag = UUID().uuidString
        try folder.write("long.hurl", """
        GET {{host}}/echo
        HTTP 200

        GET {{host}}/echo
        HTTP 200

        GET {{host}}/slow/\(tag)/k/3/600
        HTTP 200
        """)
        let report = folder.path + "/report.json"
        let live = try LiveProcess.curlew([
            "run", folder.path + "/long.hurl", "--variable", "host=" + (try Self.host()), "--report", "json:" + report,
            "--max-time", "900", "--no-history", "--data-dir", folder.data,
        ])
        let twoDone = try await live.wait { output, _ in output.split(separator: "\n").count >= 2 }
        #expect(twoDone, "\(live.output)")
        live.signal(SIGKILL)
        _ = try await live.finish()
        // docs/curlew-run.md: a report whose last line does not start with `],"end":` is completed by appending `]}`.
        let recover = #"""
        import json, sys
        text = open(sys.argv[1], encoding="utf-8").read()
        if not text.rstrip("\n").split("\n")[-1].startswith('],"end":'):
            text += "]}"
        document = json.loads(text)
        print(len(document["results"]), "end" in document, document["total"])
        """#
        let result = try await ProcessRunner.run("/usr/bin/python3", ["-c", recover, report])
        #expect(result.output == "2 False 3\n", "\(result.output)\(result.errorOutput)")
    }

    /// Chromium, when it is installed (`make test-deps` installs it).
    static let chromium = "/usr/bin/chromium"

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: chromium), "chromium is not installed (apt-get install chromium, or make test-deps)"))
    func theHTMLReportLoadsInHeadlessChromium() async throws {
        let folder = try Folder()
        let tag = UUID().uuidString
        try Self.writeSuite(in: folder, tag: tag)
        let page = folder.path + "/report.html"
        let run = try await folder.run([
            "--glob", folder.path + "/tests/**/*.hurl", "--variables-file", folder.path + "/vars.env", "-H", "X-Note: <script>alert(1)</script>",
            "--report", "html:" + page,
        ])
        #expect(run.status == 1)
        let profile = try LoopbackServers.temporaryDirectory()
        let dump = try await ProcessRunner.run(Self.chromium, [
            "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=" + profile, "--dump-dom", "file://" + page,
        ])
        #expect(dump.status == 0, "\(dump.errorOutput)")
        let dom = dump.output
        #expect(dom.components(separatedBy: "<details class=\"result").count - 1 == 3, "\(dom.prefix(2000))")
        #expect(dom.contains("<section class=\"summary\" id=\"summary\">"))
        #expect(dom.contains("Summary: <span class=\"failed\">failed</span>"))
        #expect(!dom.contains("<script"))
        #expect(dom.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
    }
}
