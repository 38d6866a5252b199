import Foundation
import Testing
import TestServers
import TestSupport

/// `--http1.1`, `--http2` and `--http2-prior-knowledge` on `curlew send` and `curlew run`, against nghttpd and httpbin.
@Suite struct SendHTTPVersionTests {
    @Test func theStatusLineShowsHTTP2OverTLS() async throws {
        let (url, certificate) = try await Blocking.run { (try HTTP2Server.tlsURL("/hello.txt"), try HTTP2Server.certificate()) }
        let result = try await ProcessRunner.curlew(["send", url, "-i", "--http2", "--cacert", certificate, "--no-history"], environment: [:])
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(result.output.hasPrefix("HTTP/2 200"))
        #expect(result.output.hasSuffix(HTTP2Server.helloBody))
    }

    @Test func priorKnowledgeReachesACleartextHTTP2Server() async throws {
        let url = try await Blocking.run { try HTTP2Server.plainURL("/hello.txt") }
        let result = try await ProcessRunner.curlew(["send", url, "--http2-prior-knowledge", "--format", "json", "--no-history"], environment: [:])
        #expect(result.status == 0, "\(result.errorOutput)")
        let json = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        #expect(json["httpVersion"] as? String == "HTTP/2")
    }

    @Test func http1_1IsShownAgainstAnHTTP1Server() async throws {
        let result = try await ProcessRunner.curlew(["send", try await LoopbackServers.httpbin("/get"), "-i", "--http1.1", "--no-history"], environment: [:])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("HTTP/1.1 200"))
    }

    @Test func aSavedRequestsVersionCanBeOverridden() async throws {
        let url = try await Blocking.run { try HTTP2Server.plainURL("/hello.txt") }
        let fixture = try RunFixture(requests: [
            RunFixture.request("h2", url, checks: [#"version == "2""#], extra: #""options": {"httpVersion": "2-prior-knowledge"}"#),
        ])
        let saved = try await ProcessRunner.curlew(["send", "--from", fixture.collection, "h2", "-i", "--no-history", "--data-dir", fixture.dataDirectory], environment: [:])
        #expect(saved.output.hasPrefix("HTTP/2 200"), "\(saved.errorOutput)")
        let run = try await fixture.run()
        #expect(run.status == 0, "\(run.output)")
        // Forcing HTTP/1.1 on an HTTP/2-only server fails the run: the flag reached the transfer.
        let forced = try await fixture.run(["--http1.1"])
        #expect(forced.status == 1)
    }
}
