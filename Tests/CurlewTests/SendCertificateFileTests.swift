import Foundation
import Testing
import TestServers
import TestSupport

/// A certificate or key option naming something that is not a regular file (a FIFO would block libcurl forever,
/// past the timeout and Ctrl+C) is refused before anything is sent, with the option and the file named.
@Suite struct SendCertificateFileTests {
    /// A folder holding a FIFO named `pipe.pem`, removed when the test ends.
    final class FIFOFolder {
        let path: String
        var fifo: String { path + "/pipe.pem" }

        init() throws {
            path = TemporaryFolder.path("curlew-fifo")
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            #expect(mkfifo(path + "/pipe.pem", 0o600) == 0)
        }

        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    /// Runs curlew, killed after 20 seconds if it has not ended by then (exit 124).
    private func curlewWithin20Seconds(_ arguments: [String]) async throws -> ProcessResult {
        try await ProcessRunner.run("/usr/bin/timeout", ["20", ProcessRunner.curlewPath] + arguments)
    }

    /// The mutual-TLS loopback server's URL and the options that reach it, with `option`'s file replaced by `file`.
    private func options(replacing option: String, with file: String) async throws -> [String] {
        let (url, certificates) = try await Blocking.run { (try MutualTLSServer.url("/"), try MutualTLSServer.certificates()) }
        var files = ["--cacert": certificates.authority, "--cert": certificates.clientCertificate, "--key": certificates.clientKey]
        files[option] = file
        return [url] + files.sorted { $0.key < $1.key }.flatMap { [$0.key, $0.value] } + (option == "--pin-cert" ? ["--pin-cert", file] : [])
    }

    @Test(arguments: [("--cacert", "CA file", Int32(77)), ("--cert", "client certificate", 58), ("--key", "client key", 58), ("--pin-cert", "pinned certificate", 26)])
    func aFIFOIsRefusedAtOnce(option: String, what: String, status: Int32) async throws {
        let folder = try FIFOFolder()
        let result = try await curlewWithin20Seconds(["send", "--no-history"] + (try await options(replacing: option, with: folder.fifo)) + ["--timeout", "3"])
        #expect(result.status == status, "\(result.errorOutput)")
        #expect(result.errorOutput.contains("The \(what) '\(folder.fifo)' (\(option)) is a FIFO (a named pipe), not a regular file"))
    }

    @Test func aFolderAsTheCAFileIsRefused() async throws {
        let folder = try FIFOFolder()
        let result = try await curlewWithin20Seconds(["send", "--no-history"] + (try await options(replacing: "--cacert", with: folder.path)))
        #expect(result.status == 77)
        #expect(result.errorOutput.contains("is a folder, not a regular file"))
    }

    @Test func aCollectionsCAFileThatIsAFIFOFailsTheRequestNamingTheOption() async throws {
        let url = try await Blocking.run { try MutualTLSServer.url("/") }
        let fixture = try RunFixture(requests: [
            RunFixture.request("tls", url, extra: #""options": {"caFile": "pipe.pem", "timeout": 3}"#),
        ])
        #expect(mkfifo(fixture.path + "/pipe.pem", 0o600) == 0)
        let result = try await curlewWithin20Seconds(["run", fixture.collection, "--no-history", "--data-dir", fixture.dataDirectory])
        #expect(result.status == 1, "\(result.output)\(result.errorOutput)")
        #expect(result.output.contains("(the request's caFile option (cacert in a .hurl file)) is a FIFO"), "\(result.output)")
    }
}
