import Foundation
import RequestKit
import Testing
import TestServers
import TestSupport

/// Mutual TLS against servers that require a client certificate signed by a test CA (TLS 1.3 and TLS 1.2).
@Suite struct TransportClientCertificateTests {
    private func setUp(_ version: MutualTLSServer.Version) async throws -> (url: String, certificates: MutualTLSCertificates) {
        try await Blocking.run { (try MutualTLSServer.url("/", version: version), try MutualTLSServer.certificates()) }
    }

    private func send(_ client: Client, _ url: String, _ change: (inout RequestOptions) -> Void) async -> Result<Response, NetworkError> {
        do {
            return .success(try await client.send(prepared: Wire.request(.get, url), options: Wire.options(change)))
        } catch {
            return .failure(error)
        }
    }

    @Test(arguments: MutualTLSServer.Version.allCases)
    func clientCertificateIsAccepted(version: MutualTLSServer.Version) async throws {
        let (url, certificates) = try await setUp(version)
        let response = try await send(Client(), url) {
            $0.caBundlePath = certificates.authority
            $0.clientCertificatePath = certificates.clientCertificate
            $0.clientKeyPath = certificates.clientKey
        }.get()
        #expect(response.statusCode == 200)
        #expect(response.text == "hello \(MutualTLSCertificates.clientName)")
    }

    @Test func keyInsideTheCertificateFileNeedsNoKeyOption() async throws {
        let (url, certificates) = try await setUp(.tls13)
        let response = try await send(Client(), url) {
            $0.caBundlePath = certificates.authority
            $0.clientCertificatePath = certificates.clientCertificateAndKey
        }.get()
        #expect(response.text == "hello \(MutualTLSCertificates.clientName)")
    }

    @Test func withoutClientCertificateTLS13RefusesWithAClearError() async throws {
        let (url, certificates) = try await setUp(.tls13)
        let result = await send(Client(), url) { $0.caBundlePath = certificates.authority }
        guard case .failure(.clientCertificateRejected(let detail)) = result else {
            Issue.record("expected clientCertificateRejected, got \(result)")
            return
        }
        #expect(detail.contains("certificate required"))
        let error = NetworkError.clientCertificateRejected(detail)
        #expect(error.message.contains("--cert"))
        #expect(error.exitCode == 35)
    }

    @Test func withoutClientCertificateTLS12FailsTheHandshakeNamingClientCertificates() async throws {
        let (url, certificates) = try await setUp(.tls12)
        let result = await send(Client(), url) { $0.caBundlePath = certificates.authority }
        guard case .failure(let error) = result, case .tlsFailure = error else {
            Issue.record("expected tlsFailure, got \(result)")
            return
        }
        #expect(error.exitCode == 35)
        #expect(error.message.contains("client certificate (--cert, --key)"))
    }

    @Test(arguments: MutualTLSServer.Version.allCases)
    func untrustedClientCertificateIsRejected(version: MutualTLSServer.Version) async throws {
        let (url, certificates) = try await setUp(version)
        let result = await send(Client(), url) {
            $0.caBundlePath = certificates.authority
            $0.clientCertificatePath = certificates.rogueCertificate
            $0.clientKeyPath = certificates.rogueKey
        }
        guard case .failure(.clientCertificateRejected(let detail)) = result else {
            Issue.record("expected clientCertificateRejected, got \(result)")
            return
        }
        #expect(detail.contains("unknown ca"))
    }

    @Test func keyThatDoesNotMatchTheCertificateIsUnusable() async throws {
        let (url, certificates) = try await setUp(.tls13)
        let result = await send(Client(), url) {
            $0.caBundlePath = certificates.authority
            $0.clientCertificatePath = certificates.clientCertificate
            $0.clientKeyPath = certificates.rogueKey
        }
        guard case .failure(let error) = result, case .clientCertificateUnusable = error else {
            Issue.record("expected clientCertificateUnusable, got \(result)")
            return
        }
        #expect(error.exitCode == 58)
    }

    @Test func missingCertificateFileIsUnusable() async throws {
        let (url, certificates) = try await setUp(.tls13)
        let missing = try TestFiles.path("no-such-client.pem")
        let result = await send(Client(), url) {
            $0.caBundlePath = certificates.authority
            $0.clientCertificatePath = missing
        }
        guard case .failure(.clientCertificateUnusable(let detail)) = result else {
            Issue.record("expected clientCertificateUnusable, got \(result)")
            return
        }
        #expect(detail.contains(missing))
    }

    /// A client keeps connections and TLS sessions: one made with a certificate must not serve a request without one.
    @Test(arguments: MutualTLSServer.Version.allCases)
    func certificateDoesNotCarryOverToALaterRequestWithoutOne(version: MutualTLSServer.Version) async throws {
        let (url, certificates) = try await setUp(version)
        let client = Client()
        let withCertificate: (inout RequestOptions) -> Void = {
            $0.caBundlePath = certificates.authority
            $0.clientCertificatePath = certificates.clientCertificate
            $0.clientKeyPath = certificates.clientKey
        }
        #expect(try await send(client, url, withCertificate).get().statusCode == 200)
        #expect(try await send(client, url, withCertificate).get().statusCode == 200)
        let without = await send(client, url) { $0.caBundlePath = certificates.authority }
        guard case .failure(let error) = without else {
            Issue.record("a request without a client certificate was answered on the certificate's connection or session")
            return
        }
        #expect(error.exitCode == 35)
    }
}
