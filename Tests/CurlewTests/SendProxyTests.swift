import Foundation
import Testing
import TestServers
import TestSupport

/// `curlew send` and proxies: `--proxy`, and `http_proxy`, `HTTPS_PROXY`, `NO_PROXY` from the environment,
/// checked against a loopback forward proxy that records what it relays.
@Suite struct SendProxyTests {
    private func proxy() async throws -> String { try await Blocking.run { try ForwardProxy.url() } }

    private func relayed() async throws -> [String] { try await Blocking.run { try ForwardProxy.relayed() } }

    /// A fresh httpbin URL that no other test asks for.
    private func uniqueURL() async throws -> String {
        try await LoopbackServers.httpbin("/anything/cli-\(UUID().uuidString)")
    }

    @Test func httpProxyFromTheEnvironmentIsUsed() async throws {
        let url = try await uniqueURL()
        let result = try await ProcessRunner.curlew(["send", url, "-i"], environment: ["http_proxy": try await proxy()])
        #expect(result.status == 0)
        #expect(result.output.contains("\r\nVia: \(ForwardProxy.via)\r\n"))
        #expect(try await relayed().contains("GET \(url)"))
    }

    @Test func proxyOptionIsUsedWithoutEnvironment() async throws {
        let url = try await uniqueURL()
        let result = try await ProcessRunner.curlew(["send", url, "--proxy", try await proxy()], environment: [:])
        #expect(result.status == 0)
        #expect(try await relayed().contains("GET \(url)"))
    }

    @Test func httpsProxyFromTheEnvironmentTunnelsTLS() async throws {
        let (url, certificates) = try await Blocking.run { (try MutualTLSServer.url("/", version: .tls12), try MutualTLSServer.certificates()) }
        let components = try #require(URLComponents(string: url))
        let target = "127.0.0.1:\(try #require(components.port))"
        let result = try await ProcessRunner.curlew(
            ["send", url, "--cacert", certificates.authority, "--cert", certificates.clientCertificate, "--key", certificates.clientKey],
            environment: ["HTTPS_PROXY": try await proxy()]
        )
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(result.output == "hello \(MutualTLSCertificates.clientName)")
        #expect(try await relayed().contains("CONNECT \(target)"))
    }

    @Test(arguments: ["NO_PROXY", "no_proxy"])
    func noProxyFromTheEnvironmentGoesDirect(variable: String) async throws {
        let url = try await uniqueURL()
        let result = try await ProcessRunner.curlew(["send", url, "-i"], environment: ["http_proxy": try await proxy(), variable: "127.0.0.1"])
        #expect(result.status == 0)
        #expect(!result.output.contains("Via: \(ForwardProxy.via)"))
        #expect(try await relayed().allSatisfy { !$0.hasSuffix(url) })
    }

    @Test func emptyProxyOptionOverridesTheEnvironment() async throws {
        let url = try await uniqueURL()
        let result = try await ProcessRunner.curlew(["send", url, "--proxy", ""], environment: ["http_proxy": try await proxy()])
        #expect(result.status == 0)
        #expect(try await relayed().allSatisfy { !$0.hasSuffix(url) })
    }

    /// libcurl ignores upper-case HTTP_PROXY for plain HTTP (a CGI program would see a request header as HTTP_PROXY).
    @Test func upperCaseHTTPProxyIsIgnored() async throws {
        let url = try await uniqueURL()
        let result = try await ProcessRunner.curlew(["send", url], environment: ["HTTP_PROXY": try await proxy()])
        #expect(result.status == 0)
        #expect(try await relayed().allSatisfy { !$0.hasSuffix(url) })
    }

    @Test func unreachableProxyExitsWith7AndNamesIt() async throws {
        let result = try await ProcessRunner.curlew(["send", try await uniqueURL(), "--proxy", "http://127.0.0.1:1"], environment: [:])
        #expect(result.status == 7)
        #expect(result.errorOutput.contains("proxy http://127.0.0.1:1"))
    }
}
