import Foundation
import TestServers
import Testing
import TestSupport

/// A collection and a `.hurl` file written by an attacker, run with `run`, `send --from` and `history resend`
/// against a server that writes down everything it receives: no local file, no environment variable and no
/// write leaves the file root without the user's own say.
@Suite struct TrustBoundaryCommandTests {
    /// A secret the process environment holds; it must never reach the server unless allowed.
    static let secret = "aws-secret-\(UUID().uuidString.prefix(8))"

    /// A folder for one test: `api/` holds the hostile files, `data/` the data folder, `config/` the config folder.
    struct Fixture {
        var folder: String
        var server: RecordingLoopbackServer
        var pwned: String

        var api: String { folder + "/api" }
        var data: String { folder + "/data" }
        var environment: [String: String] {
            ["XDG_CONFIG_HOME": folder + "/config", "AWS_SECRET_ACCESS_KEY": TrustBoundaryCommandTests.secret,
             "CURLEW_VAR_greeting": "hello-from-curlew-var"]
        }

        init() throws {
            folder = TemporaryFolder.path("curlew-trust")
            try FileManager.default.createDirectory(atPath: folder + "/api", withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: folder + "/config/curlew", withIntermediateDirectories: true)
            server = try RecordingLoopbackServer.start(logPath: folder + "/received.log")
            pwned = folder + "/pwned-\(UUID().uuidString.prefix(8))"
            try "INSIDE-THE-ROOT".write(toFile: api + "/inside.txt", atomically: true, encoding: .utf8)
            try FileManager.default.createSymbolicLink(atPath: api + "/link.txt", withDestinationPath: "/etc/passwd")
            try collection.write(toFile: api + "/hostile.json", atomically: true, encoding: .utf8)
            try hurl.write(toFile: api + "/hostile.hurl", atomically: true, encoding: .utf8)
        }

        var collection: String {
            let base = server.baseURL
            return """
            {
              "format": "curlew.collection",
              "version": 1,
              "name": "hostile",
              "requests": [
                {"name": "passwd", "method": "POST", "url": "\(base)/passwd", "body": {"type": "file", "path": "/etc/passwd"}},
                {"name": "climb", "method": "POST", "url": "\(base)/climb", "body": {"type": "file", "path": "../../../../../../etc/hostname"}},
                {"name": "home key", "method": "POST", "url": "\(base)/home", "body": {"type": "file", "path": "~/.ssh/id_rsa"}},
                {"name": "symlink", "method": "POST", "url": "\(base)/symlink",
                 "body": {"type": "multipart", "parts": [{"name": "f", "file": "link.txt"}]}},
                {"name": "env", "method": "GET", "url": "\(base)/env", "headers": [{"name": "X-Key", "value": "{{$env.AWS_SECRET_ACCESS_KEY}}"}]},
                {"name": "output", "method": "GET", "url": "\(base)/output", "options": {"output": "\(pwned)"}},
                {"name": "fine", "method": "POST", "url": "\(base)/fine?g={{greeting}}", "body": {"type": "file", "path": "inside.txt"}}
              ]
            }

            """
        }

        var hurl: String {
            let base = server.baseURL
            return """
            POST \(base)/hurl-passwd
            file,/etc/passwd;

            POST \(base)/hurl-multipart
            [Multipart]
            f: file,/etc/hostname;

            GET \(base)/hurl-output
            [Options]
            output: \(pwned)-hurl

            GET \(base)/hurl-env
            X-Key: {{$env.AWS_SECRET_ACCESS_KEY}}

            POST \(base)/hurl-fine
            file,inside.txt;

            """
        }

        /// What no server may ever see: the files' contents and the secret.
        var forbidden: [String] {
            var texts = [TrustBoundaryCommandTests.secret, "root:x:0:0"]
            if let host = try? String(contentsOfFile: "/etc/hostname", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines), !host.isEmpty {
                texts.append("\r\n\(host)")
            }
            return texts
        }

        func cleanUp() {
            try? FileManager.default.removeItem(atPath: folder)
        }
    }

    @Test func runRefusesEveryHostileRequestOfACollectionAndSendsTheRest() async throws {
        let fixture = try Fixture()
        defer { fixture.cleanUp() }
        let result = try await ProcessRunner.curlew(["run", fixture.api + "/hostile.json", "--data-dir", fixture.data], environment: fixture.environment)
        #expect(result.status == 1, "\(result.output)\(result.errorOutput)")
        let received = fixture.server.received
        for text in fixture.forbidden { #expect(!received.contains(text), "the server received \(text)") }
        #expect(received.contains("INSIDE-THE-ROOT"), "the request inside the root was not sent")
        #expect(received.contains("g=hello-from-curlew-var"))
        #expect(!FileManager.default.fileExists(atPath: fixture.pwned), "the output outside the root was written")
        let printed = result.output + result.errorOutput
        #expect(printed.contains("outside the file root"))
        #expect(printed.contains("--file-root DIR"))
        #expect(printed.contains("--allow-env AWS_SECRET_ACCESS_KEY"))
        #expect(printed.contains("hostile.json: symlink"), "\(printed)")
        #expect(!printed.contains("NSFilePath"))
        #expect(fixture.server.requestCount == 1, "\(received)")
    }

    @Test func runRefusesEveryHostileEntryOfAHurlFileNamingItsLine() async throws {
        let fixture = try Fixture()
        defer { fixture.cleanUp() }
        let result = try await ProcessRunner.curlew(["run", fixture.api + "/hostile.hurl", "--data-dir", fixture.data], environment: fixture.environment)
        #expect(result.status == 1, "\(result.output)\(result.errorOutput)")
        let received = fixture.server.received
        for text in fixture.forbidden { #expect(!received.contains(text), "the server received \(text)") }
        #expect(received.contains("INSIDE-THE-ROOT"))
        #expect(fixture.server.requestCount == 1, "\(received)")
        #expect(!FileManager.default.fileExists(atPath: fixture.pwned + "-hurl"))
        let printed = result.output + result.errorOutput
        for line in [1, 4, 8, 12] { #expect(printed.contains("hostile.hurl:\(line)"), "line \(line) is not named: \(printed)") }
    }

    @Test func theUsersOwnCommandLineAllowsWhatItNames() async throws {
        let fixture = try Fixture()
        defer { fixture.cleanUp() }
        let result = try await ProcessRunner.curlew(
            ["run", fixture.api + "/hostile.json", "passwd", "env", "output", "--data-dir", fixture.data,
             "--file-root", "/", "--allow-env", "AWS_SECRET_ACCESS_KEY"], environment: fixture.environment)
        #expect(result.status == 0, "\(result.output)\(result.errorOutput)")
        let received = fixture.server.received
        #expect(received.contains("root:x:0:0"))
        #expect(received.contains(TrustBoundaryCommandTests.secret))
        #expect(FileManager.default.fileExists(atPath: fixture.pwned))
        #expect(!result.output.contains(TrustBoundaryCommandTests.secret))
    }

    @Test func anExistingFileIsReplacedOnlyWithOverwriteOutput() async throws {
        let fixture = try Fixture()
        defer { fixture.cleanUp() }
        let target = fixture.api + "/out.txt"
        try "KEEP-ME".write(toFile: target, atomically: true, encoding: .utf8)
        let hurl = "GET \(fixture.server.baseURL)/out\n[Options]\noutput: out.txt\n"
        try hurl.write(toFile: fixture.api + "/out.hurl", atomically: true, encoding: .utf8)
        let kept = try await ProcessRunner.curlew(["run", fixture.api + "/out.hurl", "--data-dir", fixture.data], environment: fixture.environment)
        #expect(kept.status == 1)
        #expect(fixture.server.requestCount == 0, "the request went out though its output could not be written")
        #expect((kept.output + kept.errorOutput).contains("--overwrite-output"))
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "KEEP-ME")
        let replaced = try await ProcessRunner.curlew(
            ["run", fixture.api + "/out.hurl", "--data-dir", fixture.data, "--overwrite-output"], environment: fixture.environment)
        #expect(replaced.status == 0, "\(replaced.output)\(replaced.errorOutput)")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "ok")
    }

    @Test func sendFromRefusesAFileOutsideTheRootAndSendsNothing() async throws {
        let fixture = try Fixture()
        defer { fixture.cleanUp() }
        for name in ["passwd", "symlink", "env", "climb"] {
            let result = try await ProcessRunner.curlew(
                ["send", "--from", fixture.api + "/hostile.json", name, "--data-dir", fixture.data], environment: fixture.environment)
            #expect(result.status == 2, "\(name): \(result.errorOutput)")
            #expect(result.errorOutput.contains("--file-root") || result.errorOutput.contains("--allow-env"), "\(result.errorOutput)")
        }
        #expect(fixture.server.requestCount == 0, "\(fixture.server.received)")
        let allowed = try await ProcessRunner.curlew(
            ["send", "--from", fixture.api + "/hostile.json", "passwd", "--data-dir", fixture.data, "--file-root", "/etc"], environment: fixture.environment)
        #expect(allowed.status == 0, "\(allowed.errorOutput)")
        #expect(fixture.server.received.contains("root:x:0:0"))
    }

    @Test func historyResendOfACollectionsEntryReadsNoEnvironmentVariableUnlessAllowed() async throws {
        let fixture = try Fixture()
        defer { fixture.cleanUp() }
        let first = try await ProcessRunner.curlew(
            ["send", "--from", fixture.api + "/hostile.json", "env", "--data-dir", fixture.data, "--allow-env", "AWS_SECRET_ACCESS_KEY"],
            environment: fixture.environment)
        #expect(first.status == 0, "\(first.errorOutput)")
        #expect(fixture.server.requestCount == 1)
        let refused = try await ProcessRunner.curlew(["history", "resend", "1", "--data-dir", fixture.data], environment: fixture.environment)
        #expect(refused.status == 2, "\(refused.errorOutput)")
        #expect(refused.errorOutput.contains("--allow-env AWS_SECRET_ACCESS_KEY"), "\(refused.errorOutput)")
        #expect(fixture.server.requestCount == 1)
        let allowed = try await ProcessRunner.curlew(
            ["history", "resend", "1", "--data-dir", fixture.data, "--allow-env", "AWS_SECRET_ACCESS_KEY"], environment: fixture.environment)
        #expect(allowed.status == 0, "\(allowed.errorOutput)")
        #expect(fixture.server.requestCount == 2)
    }

    @Test func theSettingsFileAllowsAnEnvironmentVariableTheCollectionCannot() async throws {
        let fixture = try Fixture()
        defer { fixture.cleanUp() }
        try #"{"allowEnv": ["AWS_SECRET_ACCESS_KEY"]}"#.write(toFile: fixture.folder + "/config/curlew/settings.json", atomically: true, encoding: .utf8)
        let result = try await ProcessRunner.curlew(["run", fixture.api + "/hostile.json", "env", "--data-dir", fixture.data], environment: fixture.environment)
        #expect(result.status == 0, "\(result.output)\(result.errorOutput)")
        #expect(fixture.server.received.contains(TrustBoundaryCommandTests.secret))
    }

    @Test func aFileRootThatIsNotAFolderIsAUsageError() async throws {
        let fixture = try Fixture()
        defer { fixture.cleanUp() }
        let result = try await ProcessRunner.curlew(
            ["run", fixture.api + "/hostile.json", "--file-root", fixture.folder + "/missing", "--data-dir", fixture.data], environment: fixture.environment)
        #expect(result.status == 2)
        #expect(result.errorOutput.contains("--file-root"))
        #expect(fixture.server.requestCount == 0)
    }
}
