import Foundation
import Testing
import TestServers

/// `curlew run` on `.hurl` files against httpbin and a server that echoes what it read.
@Suite struct HurlRunTests {
    /// A server that answers `/echo` with the request it read as JSON (with the SHA-256 of its body), `/set-cookie` with a cookie, and
    /// `/charset/NAME` with a short text in latin1, gb2312 or windows-1256, `/svg` with an SVG using namespaces, and `/raw` with the body it read.
    static let echoScript = #"""
    import base64, hashlib, http.server, json
    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        def log_message(self, *args):
            pass
        def answer(self, status, body, content_type, extra=()):
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            for name, value in extra:
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(body)
        def handle_any(self):
            length = int(self.headers.get("Content-Length", "0"))
            body = self.rfile.read(length) if length else b""
            if self.path == "/repeated-headers":
                return self.answer(200, b"{}", "application/json", [
                    ("Vary", "User-Agent"), ("Vary", "Content-Type"), ("Set-Cookie", "theme=light"),
                    ("Set-Cookie", "sessionToken=abc123; Path=/"), ("X-One", "a b")])
            if self.path == "/set-cookie":
                return self.answer(200, b"{}", "application/json", [("Set-Cookie", "flavour=oat; Path=/")])
            texts = {"latin1": "café", "gb2312": "你好", "windows-1256": "مرحبا"}
            if self.path.startswith("/charset/") and self.path[9:] in texts:
                charset = self.path[9:]
                return self.answer(200, texts[charset].encode(charset), "text/plain; charset=" + charset)
            if self.path == "/raw":
                return self.answer(200, body, "application/octet-stream")
            if self.path == "/svg":
                svg = b'<svg xmlns="http://www.w3.org/2000/svg" xmlns:x="urn:example:extra"><title>Dot</title><x:note>kept</x:note></svg>'
                return self.answer(200, svg, "image/svg+xml")
            headers = {name: value for name, value in self.headers.items()}
            echo = {"method": self.command, "path": self.path, "headers": headers, "body": body.decode("utf-8", "replace"), "sha256": hashlib.sha256(body).hexdigest()}
            self.answer(200, json.dumps(echo).encode(), "application/json")
        do_GET = do_POST = do_PUT = do_DELETE = do_PATCH = handle_any
    serve_http(Handler)
    """#

    static let echoPort: Result<Int, ServerStartError> = Result { () throws(ServerStartError) in
        try ScriptServer.launch(script: echoScript, name: "hurl-echo")
    }

    /// The `.hurl` fixtures, written for these tests.
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("RequestStoreTests/Fixtures/hurl").path

    /// Runs a fixture with the servers' addresses as variables.
    static func run(_ name: String, _ extra: [String] = []) async throws -> ProcessResult {
        let host = try await LoopbackServers.httpbin("")
        let echo = "http://127.0.0.1:\(try echoPort.get())"
        let data = try LoopbackServers.temporaryDirectory()
        return try await ProcessRunner.curlew(
            ["run", fixtures + "/" + name, "--variable", "host=" + host, "--var", "echo=" + echo, "--no-history", "--data-dir", data] + extra,
            environment: [:])
    }

    @Test(arguments: ["sections.hurl", "bodies.hurl", "checks.hurl", "headers.hurl", "multiline.hurl"])
    func fixturesPassAgainstHTTPBin(_ name: String) async throws {
        let outputFolder = try LoopbackServers.temporaryDirectory()
        let output = outputFolder + "/output-\(UUID().uuidString).json"
        let result = try await Self.run(name, ["--var", "count=3", "--var", "out=" + output, "--var", "one=a b", "--var", "name=Ann",
                                               "--file-root", outputFolder])
        #expect(result.status == 0, "\(result.output)\(result.errorOutput)")
        #expect(result.output.contains(" 0 failed"))
        if name == "sections.hurl" {
            #expect(try String(contentsOfFile: output, encoding: .utf8).contains("\"user\": \"bob\""))
        }
    }

    @Test func whatGoesOnTheWireMatchesHurl() async throws {
        let result = try await Self.run("wire.hurl")
        #expect(result.status == 0, "\(result.output)\(result.errorOutput)")
        #expect(result.output.hasSuffix("19 passed, 0 failed\n"), "\(result.output)")
    }

    @Test func headerChecksFailWhereHurlFailsThem() async throws {
        let folder = try LoopbackServers.temporaryDirectory()
        let file = folder + "/headers-\(UUID().uuidString).hurl"
        let lines = [
            "GET {{echo}}/repeated-headers", "HTTP 200", "Vary: Accept", "",
            "GET {{echo}}/repeated-headers", "HTTP 200", "X-One: a", "",
            "GET {{echo}}/repeated-headers", "HTTP 200", "X-Missing: a", "",
            "GET {{echo}}/repeated-headers", "HTTP 200", "[Asserts]", "header \"Vary\" == \"User-Agent\"", "",
            "GET {{echo}}/repeated-headers", "HTTP 200", "[Asserts]", "header \"X-One\" includes \"a b\"", "",
            "GET {{echo}}/repeated-headers", "HTTP 200", "[Asserts]", "header \"X-One\" count == 1", "",
        ]
        try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: file))
        let echo = "http://127.0.0.1:\(try Self.echoPort.get())"
        let result = try await ProcessRunner.curlew(["run", file, "--var", "echo=" + echo, "--no-history", "--data-dir", folder], environment: [:])
        #expect(result.status == 1)
        #expect(result.output.hasSuffix("0 passed, 6 failed\n"), "\(result.output)")
        for line in [3, 7, 11, 16, 21, 26] {
            #expect(result.output.contains("at \(file):\(line)"), "line \(line): \(result.output)")
        }
        #expect(result.output.contains("actual: [\"User-Agent\",\"Content-Type\"]"), "\(result.output)")
    }

    @Test func runFlagsApplyToEveryEntry() async throws {
        let folder = try LoopbackServers.temporaryDirectory()
        let file = folder + "/flags-\(UUID().uuidString).hurl"
        let lines = [
            "GET {{echo}}/echo", "HTTP 200", "[Asserts]", "jsonpath \"$.headers['X-Extra']\" == \"one\"",
            "jsonpath \"$.headers['User-Agent']\" == \"Agent A\"", "jsonpath \"$.headers.Authorization\" == \"Basic Ym9iOnNlY3JldA==\"", "",
            "GET {{echo}}/echo", "User-Agent: Agent B", "[BasicAuth]", "ann: pw", "HTTP 200", "[Asserts]",
            "jsonpath \"$.headers['User-Agent']\" == \"Agent B\"", "jsonpath \"$.headers.Authorization\" == \"Basic YW5uOnB3\"", "",
            "GET {{host}}/redirect/2", "HTTP 200",
        ]
        try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: file))
        let echo = "http://127.0.0.1:\(try Self.echoPort.get())", host = try await LoopbackServers.httpbin("")
        let base = ["run", file, "--var", "echo=" + echo, "--var", "host=" + host, "--no-history", "--data-dir", folder,
                    "--header", "X-Extra: one", "--user-agent", "Agent A", "--user", "bob:secret"]
        let followed = try await ProcessRunner.curlew(base + ["--location"], environment: [:])
        #expect(followed.status == 0, "\(followed.output)\(followed.errorOutput)")
        let limited = try await ProcessRunner.curlew(base + ["--location", "--max-redirs", "1"], environment: [:])
        #expect(limited.status == 1 && limited.output.contains("2 passed, 1 failed"), "\(limited.output)")
        let unfollowed = try await ProcessRunner.curlew(base, environment: [:])
        #expect(unfollowed.output.contains("line 18: status == 200  actual: 302"), "\(unfollowed.output)")
    }

    @Test func aFileOfCommentsOnlyRunsNothingAndPasses() async throws {
        let folder = try LoopbackServers.temporaryDirectory()
        let file = folder + "/comments-\(UUID().uuidString).hurl"
        try Data("# all the entries\n# have been commented\n".utf8).write(to: URL(fileURLWithPath: file))
        let result = try await ProcessRunner.curlew(["run", file, "--no-history", "--data-dir", folder], environment: [:])
        #expect(result.status == 0, "\(result.output)\(result.errorOutput)")
        #expect(result.output == "0 passed, 0 failed\n", "\(result.output)")
        let missing = try await ProcessRunner.curlew(["run", file, "entry-1", "--no-history", "--data-dir", folder], environment: [:])
        #expect(missing.status == 2, "an entry that is not there is still an error: \(missing.output)\(missing.errorOutput)")
    }

    @Test func eachFailureNamesItsLineInHurlsOrder() async throws {
        let folder = try LoopbackServers.temporaryDirectory()
        let file = folder + "/order-\(UUID().uuidString).hurl"
        let lines = [
            "GET {{echo}}/echo", "HTTP 201", "[Asserts]", "jsonpath \"$.method\" == \"POST\"", "",
            "GET {{echo}}/echo", "HTTP 200", "[Asserts]", "jsonpath \"$.method\" == \"POST\"", "jsonpath \"$.path\" == \"/other\"", "",
            "GET {{echo}}/echo", "HTTP 200", "[Captures]", "n: jsonpath \"$.method\" toInt", "[Asserts]", "jsonpath \"$.method\" == \"POST\"",
        ]
        try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: file))
        let echo = "http://127.0.0.1:\(try Self.echoPort.get())"
        let result = try await ProcessRunner.curlew(["run", file, "--var", "echo=" + echo, "--no-history", "--data-dir", folder], environment: [:])
        #expect(result.status == 1)
        #expect(result.output.contains("    line 2: status == 201  actual: 200\n"), "\(result.output)")
        #expect(result.output.contains("    line 9: jsonpath \"$.method\" == \"POST\"  actual: \"GET\"\n"), "\(result.output)")
        #expect(result.output.contains("    line 10: jsonpath \"$.path\" == \"/other\"  actual: \"/echo\"\n"), "\(result.output)")
        #expect(result.output.contains("    line 15: n: jsonpath \"$.method\" toInt"), "\(result.output)")
        for hidden in ["line 4:", "line 17:"] {
            #expect(!result.output.contains(hidden), "a check after a failed status line or capture is not reported: \(result.output)")
        }
        #expect(result.output.contains("at \(file):2\n") && result.output.contains("at \(file):9\n") && result.output.contains("at \(file):15\n"))
    }

    @Test func eachFileKeepsItsOwnCookieJar() async throws {
        let folder = try LoopbackServers.temporaryDirectory() + "/jars-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let file = """
        GET {{echo}}/echo
        HTTP 200
        [Asserts]
        jsonpath "$.headers.Cookie" not exists

        GET {{echo}}/set-cookie
        HTTP 200

        GET {{echo}}/echo
        HTTP 200
        [Asserts]
        jsonpath "$.headers.Cookie" == "flavour=oat"

        """
        try Data(file.utf8).write(to: URL(fileURLWithPath: folder + "/a.hurl"))
        try Data(file.utf8).write(to: URL(fileURLWithPath: folder + "/b.hurl"))
        let echo = "http://127.0.0.1:\(try Self.echoPort.get())"
        let both = try await ProcessRunner.curlew(
            ["run", folder + "/a.hurl", folder + "/b.hurl", "--var", "echo=" + echo, "--no-history", "--data-dir", folder], environment: [:])
        #expect(both.status == 0, "\(both.output)\(both.errorOutput)")
        #expect(both.output.hasSuffix("6 passed, 0 failed\n"), "\(both.output)")
        let repeated = try await ProcessRunner.curlew(
            ["run", folder + "/a.hurl", "--repeat", "2", "--var", "echo=" + echo, "--no-history", "--data-dir", folder], environment: [:])
        #expect(repeated.status == 0, "\(repeated.output)\(repeated.errorOutput)")
        #expect(repeated.output.hasSuffix("6 passed, 0 failed\n"), "\(repeated.output)")
    }

    @Test func aFailingCheckNamesFileAndLine() async throws {
        let folder = try LoopbackServers.temporaryDirectory()
        let file = folder + "/failing.hurl"
        let text = "# fails on purpose\nGET {{host}}/get\n\nHTTP 200\n[Asserts]\njsonpath \"$.url\" endsWith \"/get\"\njsonpath \"$.url\" contains \"nope\"\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        let host = try await LoopbackServers.httpbin("")
        let result = try await ProcessRunner.curlew(["run", file, "--variable", "host=" + host, "--no-history", "--data-dir", folder], environment: [:])
        #expect(result.status == 1)
        #expect(result.output.contains("jsonpath \"$.url\" contains \"nope\""))
        #expect(result.output.contains("at \(file):7"), "\(result.output)")
    }

    @Test func severalFilesRunInTheOrderGivenAndEntriesArePickedById() async throws {
        let host = try await LoopbackServers.httpbin("")
        let data = try LoopbackServers.temporaryDirectory()
        let sections = Self.fixtures + "/sections.hurl", bodies = Self.fixtures + "/bodies.hurl"
        let both = try await ProcessRunner.curlew(
            ["run", bodies, sections, "--variable", "host=" + host, "--var", "count=1", "--var", "out=" + data + "/out-\(UUID().uuidString)",
             "--no-history", "--data-dir", data, "--file-root", data], environment: [:])
        #expect(both.status == 0, "\(both.output)\(both.errorOutput)")
        #expect(both.output.hasSuffix("15 passed, 0 failed\n"), "\(both.output)")
        let one = try await ProcessRunner.curlew(["run", sections, "entry-4", "--variable", "host=" + host, "--no-history", "--data-dir", data], environment: [:])
        #expect(one.status == 0, "\(one.output)\(one.errorOutput)")
        #expect(one.output.hasSuffix("1 passed, 0 failed\n"), "\(one.output)")
    }

    @Test func variablesFileAndUnsupportedOptions() async throws {
        let folder = try LoopbackServers.temporaryDirectory()
        let host = try await LoopbackServers.httpbin("")
        try Data("# the server\r\nhost=\(host)\r\nwho = ann\r\n".utf8).write(to: URL(fileURLWithPath: folder + "/vars.env"))
        try Data("GET {{host}}/anything/{{who}}\n\nHTTP 200\n[Asserts]\njsonpath \"$.url\" endsWith \"/ann\"\n".utf8)
            .write(to: URL(fileURLWithPath: folder + "/who.hurl"))
        let passed = try await ProcessRunner.curlew(["run", folder + "/who.hurl", "--variables-file", folder + "/vars.env", "--no-history", "--data-dir", folder], environment: [:])
        #expect(passed.status == 0, "\(passed.output)\(passed.errorOutput)")

        try Data("GET {{host}}/get\n[Options]\nrepeat: 2\n".utf8).write(to: URL(fileURLWithPath: folder + "/bad.hurl"))
        let refused = try await ProcessRunner.curlew(["run", folder + "/bad.hurl", "--no-history", "--data-dir", folder], environment: [:])
        #expect(refused.status == 2)
        #expect(refused.errorOutput.contains("bad.hurl:3:1: the option repeat"), "\(refused.errorOutput)")
    }
}

/// `curlew import hurl` and `curlew export hurl`.
@Suite struct HurlImportExportTests {
    @Test func importListsUnsupportedConstructsAndExportWritesTheFileBack() async throws {
        let folder = try LoopbackServers.temporaryDirectory() + "/hurl-import-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let source = """
        # Ping
        GET http://127.0.0.1:9/ping
        [Options]
        repeat: 2

        HTTP 200
        [Asserts]
        jsonpath "$.ok" == true

        """
        try Data(source.utf8).write(to: URL(fileURLWithPath: folder + "/ping.hurl"))
        let imported = try await ProcessRunner.curlew(["import", "hurl", folder + "/ping.hurl", "--into", folder + "/api.json"], environment: [:])
        #expect(imported.status == 0, "\(imported.errorOutput)")
        #expect(imported.errorOutput.contains("ping.hurl:4:1: the option repeat"), "\(imported.errorOutput)")
        let json = try String(contentsOfFile: folder + "/api.json", encoding: .utf8)
        #expect(json.contains("\"jsonpath \\\"$.ok\\\" == true\""), "\(json)")

        let exported = try await ProcessRunner.curlew(["export", "hurl", folder + "/api.json", "Ping"], environment: [:])
        #expect(exported.status == 0, "\(exported.errorOutput)")
        #expect(exported.output == "# Ping\nGET http://127.0.0.1:9/ping\n\nHTTP 200\n[Asserts]\njsonpath \"$.ok\" == true\n")
    }

    @Test func anEntryWithoutAResponsePassesOnAnyStatus() async throws {
        let folder = try LoopbackServers.temporaryDirectory()
        let file = folder + "/any-status-\(UUID().uuidString).hurl"
        try Data("GET {{host}}/status/404\n\nGET {{host}}/status/500\nHTTP *\n".utf8).write(to: URL(fileURLWithPath: file))
        let host = try await LoopbackServers.httpbin("")
        let result = try await ProcessRunner.curlew(["run", file, "--variable", "host=" + host, "--no-history", "--data-dir", folder], environment: [:])
        #expect(result.status == 0, "\(result.output)\(result.errorOutput)")
        #expect(result.output.hasSuffix("2 passed, 0 failed\n"))
    }
}

/// The sample collection exported as a `.hurl` file runs as the collection does.
@Suite struct HurlSampleExportTests {
    @Test func theExportedSampleCollectionPassesAgainstHTTPBin() async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let samples = root.appendingPathComponent("sample-requests").path
        let folder = try LoopbackServers.temporaryDirectory() + "/hurl-sample-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: samples + "/upload.txt", toPath: folder + "/upload.txt")
        let exported = try await ProcessRunner.curlew(["export", "hurl", samples + "/httpbin.json"], environment: [:])
        #expect(exported.status == 0, "\(exported.errorOutput)")
        #expect(exported.errorOutput.contains("collection variables are left out"))
        try Data(exported.output.utf8).write(to: URL(fileURLWithPath: folder + "/httpbin.hurl"))
        let host = try await LoopbackServers.httpbin("")
        let variables = folder + "/local.env"
        try Data("baseUrl=\(host)\ntoken=local-token\npassword=s3cret\nuser=ann\n".utf8).write(to: URL(fileURLWithPath: variables))
        let result = try await ProcessRunner.curlew(
            ["run", folder + "/httpbin.hurl", "--variables-file", variables, "--no-history", "--data-dir", folder], environment: [:])
        #expect(result.status == 0, "\(result.output)\(result.errorOutput)")
        #expect(result.output.hasSuffix("19 passed, 0 failed\n"), "\(result.output)")
    }
}
