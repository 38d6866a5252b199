import Foundation
import RequestKit
import Locking
import Testing

/// TLS against a server with a self-signed certificate: trust, verification switch, pinning.
@Suite struct TransportTLSTests {
    private static let sharedServer = Task { try await TLSServer.start() }

    private func server() async throws -> TLSServer { try await Self.sharedServer.value }

    @Test func selfSignedIsRejectedByDefault() async throws {
        let failures = Locked<[NetworkError]>([])
        let client = Client(configuration: .init(tlsValidationFailed: { error in failures.withLock { $0.append(error) } }))
        let request = Wire.request(.get, try await server().url("/"))
        let error = await Wire.failure { () async throws(NetworkError) in try await client.send(prepared: request, options: Wire.options()) }
        guard case .certificateNotTrusted = error else {
            Issue.record("expected certificateNotTrusted, got \(String(describing: error))")
            return
        }
        #expect(error?.exitCode == 60)
        #expect(failures.withLock { $0 } == [error].compactMap { $0 })
    }

    @Test func acceptedWithCABundle() async throws {
        let certificates = try await TestCertificates.ready()
        let response = try await Client().send(prepared: Wire.request(.get, try await server().url("/")), options: Wire.options { $0.caBundlePath = certificates.certificate })
        #expect(response.statusCode == 200)
        #expect(response.text == "ok")
        #expect(response.timings.tls > 0)
    }

    @Test func acceptedWithoutVerification() async throws {
        let response = try await Client().send(prepared: Wire.request(.get, try await server().url("/")), options: Wire.options { $0.verifyTLS = false })
        #expect(response.statusCode == 200)
    }

    @Test(arguments: ["pem", "der"])
    func pinnedCertificateMatches(format: String) async throws {
        let certificates = try await TestCertificates.ready()
        let path = format == "pem" ? certificates.certificate : certificates.certificateDER
        let options = Wire.options {
            $0.caBundlePath = certificates.certificate
            $0.pinnedCertificatePath = path
        }
        let response = try await Client().send(prepared: Wire.request(.get, try await server().url("/")), options: options)
        #expect(response.statusCode == 200)
    }

    @Test func pinnedKeyListMatchesWhenAnyPinMatches() async throws {
        let certificates = try await TestCertificates.ready()
        let serverPin = try opensslPin(certificates.certificate)
        let options = Wire.options {
            $0.verifyTLS = false
            $0.pinnedPublicKeys = ["sha256//AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=", serverPin]
        }
        let response = try await Client().send(prepared: Wire.request(.get, try await server().url("/")), options: options)
        #expect(response.statusCode == 200)
    }

    @Test func pinMismatchFailsBeforeAnyRequestByte() async throws {
        let server = try await TLSServer.start()
        let certificates = try await TestCertificates.ready()
        let failures = Locked<[NetworkError]>([])
        let client = Client(configuration: .init(tlsValidationFailed: { error in failures.withLock { $0.append(error) } }))
        let options = Wire.options {
            $0.caBundlePath = certificates.certificate
            $0.pinnedCertificatePath = certificates.otherCertificate
        }
        let request = Wire.request(.post, server.url("/secret"), headers: ["Content-Type": "text/plain"], body: [.bytes(Data("secret".utf8))])
        let error = await Wire.failure { () async throws(NetworkError) in try await client.send(prepared: request, options: options) }
        guard case .pinMismatch = error else {
            Issue.record("expected pinMismatch, got \(String(describing: error))")
            return
        }
        #expect(error?.exitCode == 90)
        #expect(failures.withLock { $0.count } == 1)
        let lines = await server.waitForLog { lines in lines.contains { $0.hasPrefix("closed") } }
        #expect(lines.contains("handshake"))
        #expect(lines.filter { $0.hasPrefix("closed") } == ["closed received=0"])
    }

    /// The pin of a certificate computed by the openssl command line, independently of RequestKit.
    private func opensslPin(_ certificate: String) throws -> String {
        let command = "openssl x509 -in '\(certificate)' -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | openssl base64 -A"
        let data = try ShellCommand.run(command).output
        return "sha256//" + String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// The server's certificate as libcurl describes it, recorded when asked for (Hurl's `certificate` query).
@Suite struct TransportCertificateInfoTests {
    private static let sharedServer = Task { try await TLSServer.start() }

    @Test func theCertificateIsRecordedWhenAskedFor() async throws {
        let server = try await Self.sharedServer.value
        let certificates = try await TestCertificates.ready()
        let options = Wire.options {
            $0.caBundlePath = certificates.certificate
            $0.recordsCertificate = true
        }
        let response = try await Client().send(prepared: Wire.request(.get, server.url("/")), options: options)
        let certificate = try #require(response.certificate)
        #expect(certificate.subject?.contains("CN = localhost") == true || certificate.subject?.contains("CN=localhost") == true)
        #expect(certificate.issuer == certificate.subject)
        #expect(certificate.startDate?.hasSuffix("GMT") == true)
        #expect(certificate.expireDate?.hasSuffix("GMT") == true)
        #expect(certificate.serialNumber?.isEmpty == false)
    }

    @Test func noCertificateIsRecordedUnlessAskedFor() async throws {
        let server = try await Self.sharedServer.value
        let response = try await Client().send(prepared: Wire.request(.get, server.url("/")), options: Wire.options { $0.verifyTLS = false })
        #expect(response.certificate == nil)
    }
}
