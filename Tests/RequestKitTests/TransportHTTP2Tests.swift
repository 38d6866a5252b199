import Foundation
import RequestKit
import Testing
import TestServers

/// HTTP/2 against nghttpd on loopback: h2 over TLS through ALPN, h2 with prior knowledge in cleartext, and HTTP/1.1 on request.
@Suite struct TransportHTTP2Tests {
    let client = Client()

    private func options(_ version: HTTPVersionPreference) -> RequestOptions {
        Wire.options {
            $0.httpVersion = version
            $0.caBundlePath = try? HTTP2Server.certificate()
        }
    }

    @Test(arguments: [HTTPVersionPreference.automatic, .http2])
    func tlsNegotiatesHTTP2ThroughALPN(version: HTTPVersionPreference) async throws {
        let request = Wire.request(.get, try HTTP2Server.tlsURL("/hello.txt"))
        let response = try await client.send(prepared: request, options: options(version))
        #expect(response.statusCode == 200)
        #expect(response.httpVersion == "HTTP/2")
        #expect(String(decoding: response.body, as: UTF8.self) == HTTP2Server.helloBody)
    }

    @Test func priorKnowledgeSpeaksHTTP2OverPlainHTTP() async throws {
        let request = Wire.request(.get, try HTTP2Server.plainURL("/hello.txt"))
        let response = try await client.send(prepared: request, options: options(.http2PriorKnowledge))
        #expect(response.statusCode == 200)
        #expect(response.httpVersion == "HTTP/2")
        #expect(String(decoding: response.body, as: UTF8.self) == HTTP2Server.helloBody)
    }

    @Test func http2OverPlainHTTPWithoutPriorKnowledgeStaysOnHTTP1() async throws {
        let request = Wire.request(.get, try await LoopbackHTTPBin.ready().url("/get"))
        let response = try await client.send(prepared: request, options: options(.http2))
        #expect(response.statusCode == 200)
        #expect(response.httpVersion == "HTTP/1.1")
    }

    @Test func http1_1IsUsedWhenAsked() async throws {
        let request = Wire.request(.get, try await LoopbackHTTPBin.ready().url("/get"))
        let response = try await client.send(prepared: request, options: options(.http1_1))
        #expect(response.httpVersion == "HTTP/1.1")
        // nghttpd speaks only HTTP/2, so asking it for HTTP/1.1 gets no response at all: the version was really sent.
        let url = try HTTP2Server.tlsURL("/hello.txt")
        let refused = await Wire.failure { () async throws(NetworkError) in
            try await client.send(prepared: Wire.request(.get, url), options: options(.http1_1))
        }
        #expect(refused != nil)
    }
}
