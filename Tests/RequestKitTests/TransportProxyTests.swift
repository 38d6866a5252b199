import Foundation
import RequestKit
import Testing
import TestServers
import TestSupport

/// Requests through an explicit HTTP forward proxy on loopback that records what it relays.
@Suite struct TransportProxyTests {
    private func proxy() async throws -> String { try await Blocking.run { try ForwardProxy.url() } }

    private func relayed() async throws -> [String] { try await Blocking.run { try ForwardProxy.relayed() } }

    @Test func plainHTTPGoesThroughTheProxy() async throws {
        let marker = "proxy-\(UUID().uuidString)"
        let url = try await LoopbackHTTPBin.ready().url("/anything/\(marker)?q=1")
        let proxy = try await proxy()
        let response = try await Client().send(prepared: Wire.request(.get, url, headers: ["X-Marker": marker]), options: Wire.options { $0.proxy = proxy })
        #expect(response.statusCode == 200)
        #expect(response.headers["Via"] == ForwardProxy.via)
        let echo = try Echo.json(response)
        #expect(echo["url"]?.stringValue == url)
        #expect(echo["headers"]?["X-Marker"]?.stringValue == marker)
        #expect(try await relayed().contains("GET \(url)"))
    }

    @Test func bodyIsRelayed() async throws {
        let url = try await FaultServer.ready().url("/echo?\(UUID().uuidString)")
        let proxy = try await proxy()
        let body = Data("through the proxy".utf8)
        let request = Wire.request(.post, url, headers: ["Content-Type": "text/plain"], body: [.bytes(body)])
        let response = try await Client().send(prepared: request, options: Wire.options { $0.proxy = proxy })
        #expect(response.body == body)
        #expect(try await relayed().contains("POST \(url)"))
    }

    @Test func httpsIsTunnelledWithConnectAndVerifiedEndToEnd() async throws {
        let server = try await TLSServer.start()
        let certificates = try await TestCertificates.ready()
        let proxy = try await proxy()
        let response = try await Client().send(prepared: Wire.request(.get, server.url("/secret")), options: Wire.options {
            $0.proxy = proxy
            $0.caBundlePath = certificates.certificate
        })
        #expect(response.statusCode == 200)
        #expect(response.text == "ok")
        #expect(response.headers["Via"] == nil)
        #expect(try await relayed().contains("CONNECT 127.0.0.1:\(server.process.port)"))
    }

    @Test func emptyProxyMeansDirect() async throws {
        let marker = "direct-\(UUID().uuidString)"
        let url = try await LoopbackHTTPBin.ready().url("/anything/\(marker)")
        let response = try await Client().send(prepared: Wire.request(.get, url), options: Wire.options { $0.proxy = "" })
        #expect(response.statusCode == 200)
        #expect(response.headers["Via"] == nil)
        #expect(try await relayed().allSatisfy { !$0.contains(marker) })
    }

    @Test func unreachableProxyIsNamed() async throws {
        let (port, socket) = try Wire.refusingPort()
        defer { close(socket) }
        let proxy = "http://127.0.0.1:\(port)"
        let url = try await LoopbackHTTPBin.ready().url("/get")
        let error = await Wire.failure { () async throws(NetworkError) in
            try await Client().send(prepared: Wire.request(.get, url), options: Wire.options { $0.proxy = proxy })
        }
        guard case .proxyUnreachable(let named, let detail) = error else {
            Issue.record("expected proxyUnreachable, got \(String(describing: error))")
            return
        }
        #expect(named == proxy)
        #expect(detail.contains(String(port)))
        #expect(error?.exitCode == 7)
    }
}
