import Foundation
import Testing
import TestServers
import TestSupport

/// `curlew send --cert/--key` against a loopback server that requires a client certificate signed by a test CA.
@Suite struct SendClientCertificateTests {
    private func setUp() async throws -> (url: String, certificates: MutualTLSCertificates) {
        try await Blocking.run { (try MutualTLSServer.url("/"), try MutualTLSServer.certificates()) }
    }

    @Test func certificateAndKeyAreSent() async throws {
        let (url, certificates) = try await setUp()
        let result = try await ProcessRunner.curlew(["send", url, "--cacert", certificates.authority, "--cert", certificates.clientCertificate, "--key", certificates.clientKey])
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(result.output == "hello \(MutualTLSCertificates.clientName)")
    }

    @Test func withoutCertificateExitsWith35AndSaysWhatToPass() async throws {
        let (url, certificates) = try await setUp()
        let result = try await ProcessRunner.curlew(["send", url, "--cacert", certificates.authority])
        #expect(result.status == 35)
        #expect(result.errorOutput.contains("requires a client certificate"))
        #expect(result.errorOutput.contains("with --cert and its key with --key"))
        #expect(result.stdout.isEmpty)
    }

    @Test func mismatchedKeyExitsWith58() async throws {
        let (url, certificates) = try await setUp()
        let result = try await ProcessRunner.curlew(["send", url, "--cacert", certificates.authority, "--cert", certificates.clientCertificate, "--key", certificates.rogueKey])
        #expect(result.status == 58)
        #expect(result.errorOutput.contains("client certificate cannot be used"))
    }

    @Test func printedCurlCommandCarriesCertificateAndKeyAndWorks() async throws {
        let (url, certificates) = try await setUp()
        let printed = try await ProcessRunner.curlew([
            "send", url, "--cacert", certificates.authority, "--cert", certificates.clientCertificate, "--key", certificates.clientKey, "--print-curl",
        ])
        #expect(printed.status == 0)
        let words = printed.output.replacingOccurrences(of: "'", with: "")
        #expect(words.contains("--cert \(certificates.clientCertificate) --key \(certificates.clientKey)"))
        let curl = try await ProcessRunner.run("/bin/sh", ["-c", printed.output.trimmingCharacters(in: .newlines) + " -sS"])
        #expect(curl.status == 0, "\(curl.errorOutput)")
        #expect(curl.output == "hello \(MutualTLSCertificates.clientName)")
    }
}
