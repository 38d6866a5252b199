import Foundation
import TestServers
import Testing
import TestSupport

/// The connection options of a `.hurl` file written by an attacker: a netrc file, the user's own `~/.netrc` and a
/// Unix socket outside the file root are refused before anything is sent, naming the option; the same files
/// named on the user's own command line are used.
@Suite struct ConnectionTrustCommandTests {
    /// Credentials in the user's `~/.netrc`, which no collection may send on its own say.
    static let netrcPassword = "netrc-secret-\(UUID().uuidString.prefix(8))"

    /// A folder with `home/.netrc`, `api/hostile.hurl` and a recording server.
    struct Fixture {
        var folder: String
        var server: RecordingLoopbackServer

        var api: String { folder + "/api" }
        var environment: [String: String] { ["HOME": folder + "/home", "XDG_CONFIG_HOME": folder + "/config"] }

        init() throws {
            folder = TemporaryFolder.path("curlew-conn-trust")
            for sub in ["api", "home", "config", "data"] {
                try FileManager.default.createDirectory(atPath: folder + "/" + sub, withIntermediateDirectories: true)
            }
            server = try RecordingLoopbackServer.start(logPath: folder + "/received.log")
            let netrc = "machine 127.0.0.1\nlogin netrc-user\npassword \(ConnectionTrustCommandTests.netrcPassword)\n"
            try netrc.write(toFile: folder + "/home/.netrc", atomically: true, encoding: .utf8)
            let base = server.baseURL
            let hurl = """
            GET \(base)/netrc-file
            [Options]
            netrc-file: /etc/passwd

            GET \(base)/home-netrc
            [Options]
            netrc: true

            GET \(base)/socket
            [Options]
            unix-socket: /run/docker.sock

            GET \(base)/fine

            """
            try hurl.write(toFile: api + "/hostile.hurl", atomically: true, encoding: .utf8)
        }

        func cleanUp() { try? FileManager.default.removeItem(atPath: folder) }
    }

    @Test func aHurlFileCannotReachNetrcFilesOrSocketsOutsideItsFolder() async throws {
        let fixture = try Fixture()
        defer { fixture.cleanUp() }
        let result = try await ProcessRunner.curlew(["run", fixture.api + "/hostile.hurl", "--no-history", "--data-dir", fixture.folder + "/data"],
                                                    environment: fixture.environment)
        #expect(result.status == 1, "\(result.output)\(result.errorOutput)")
        #expect(fixture.server.requestCount == 1, "\(fixture.server.received)")
        #expect(fixture.server.received.contains("/fine"))
        #expect(!fixture.server.received.contains("Authorization"), "\(fixture.server.received)")
        let printed = result.output + result.errorOutput
        for (named, line) in [("The netrc file (netrc-file)", 1), ("The user's netrc file (netrc)", 5), ("The Unix socket (unix-socket)", 9)] {
            #expect(printed.contains(named), "\(named) is not named: \(printed)")
            #expect(printed.contains("hostile.hurl:\(line)"), "line \(line) is not named: \(printed)")
        }
        #expect(printed.contains("outside the file root") && printed.contains("--file-root DIR"))
    }

    @Test func theUsersOwnNetrcFlagSendsTheCredentials() async throws {
        let fixture = try Fixture()
        defer { fixture.cleanUp() }
        let result = try await ProcessRunner.curlew(
            ["run", fixture.api + "/hostile.hurl", "entry-4", "--netrc-file", fixture.folder + "/home/.netrc", "--no-history",
             "--data-dir", fixture.folder + "/data"], environment: fixture.environment)
        #expect(result.status == 0, "\(result.output)\(result.errorOutput)")
        let expected = Data("netrc-user:\(ConnectionTrustCommandTests.netrcPassword)".utf8).base64EncodedString()
        #expect(fixture.server.received.contains("Authorization: Basic \(expected)"), "\(fixture.server.received)")
    }
}
