import Foundation
import RequestKit
import Testing
import TestServers

/// Methods, statuses, headers and response metadata against httpbin and the fault server.
@Suite struct TransportMethodTests {
    let client = Client()

    @Test(arguments: [HTTPMethod.get, .post, .put, .patch, .delete])
    func methodReachesServer(method: HTTPMethod) async throws {
        let body: [BodySegment] = method == .get || method == .delete ? [] : [.bytes(Data("hello=world".utf8))]
        let headers: HTTPHeaders = body.isEmpty ? [] : ["Content-Type": "application/x-www-form-urlencoded"]
        let response = try await client.send(prepared: Wire.request(method, try await LoopbackHTTPBin.ready().url("/anything"), headers: headers, body: body), options: Wire.options())
        #expect(response.statusCode == 200)
        let json = try Wire.json(response)
        #expect(json["method"] as? String == method.rawValue)
        if !body.isEmpty {
            #expect((json["form"] as? [String: Any])?["hello"] as? String == "world")
        }
    }

    @Test func headHasNoBody() async throws {
        let response = try await client.send(prepared: Wire.request(.head, try await LoopbackHTTPBin.ready().url("/get")), options: Wire.options())
        #expect(response.statusCode == 200)
        #expect(response.body.isEmpty)
        #expect(response.headers["Content-Type"] == "application/json")
    }

    @Test(arguments: [201, 204, 404, 418, 500, 503])
    func nonSuccessStatusIsAResponse(code: Int) async throws {
        let response = try await client.send(prepared: Wire.request(.get, try await LoopbackHTTPBin.ready().url("/status/\(code)")), options: Wire.options())
        #expect(response.statusCode == code)
        #expect(!response.reason.isEmpty)
    }

    @Test func requestHeadersAreSent() async throws {
        let headers: HTTPHeaders = ["X-Custom-Thing": "value one", "Accept": "application/json"]
        let response = try await client.send(prepared: Wire.request(.get, try await LoopbackHTTPBin.ready().url("/headers"), headers: headers), options: Wire.options())
        let echoed = try Wire.json(response)["headers"] as? [String: String]
        #expect(echoed?["X-Custom-Thing"] == "value one")
        #expect(echoed?["Accept"] == "application/json")
        #expect(echoed?["User-Agent"] == "curlew/" + LibraryVersion.requestKit)
    }

    @Test func aUserAgentOfTheRequestReplacesCurlews() async throws {
        let url = try await LoopbackHTTPBin.ready().url("/headers")
        let own = try await client.send(prepared: Wire.request(.get, url, headers: ["User-Agent": "probe/2"]), options: Wire.options())
        #expect((try Wire.json(own)["headers"] as? [String: String])?["User-Agent"] == "probe/2")
    }

    @Test func responseHeadersKeepOrderAndDuplicates() async throws {
        let response = try await client.send(prepared: Wire.request(.get, try await FaultServer.ready().url("/headers")), options: Wire.options())
        #expect(response.headers.values(for: "set-cookie") == ["a=1; Path=/", "b=2; Path=/"])
        let names = response.headers.map(\.name)
        let zeta = try #require(names.firstIndex(of: "X-Zeta"))
        let alpha = try #require(names.firstIndex(of: "X-Alpha"))
        #expect(zeta < alpha)
    }

    @Test func metadataIsFilledIn() async throws {
        let server = try await LoopbackHTTPBin.ready()
        let response = try await client.send(prepared: Wire.request(.get, server.url("/bytes/2048")), options: Wire.options())
        #expect(response.body.count == 2048)
        #expect(response.httpVersion == "HTTP/1.1")
        #expect(response.reason == "OK")
        #expect(response.remoteAddress == "127.0.0.1:\(server.port)")
        #expect(response.effectiveURL == server.url("/bytes/2048"))
        #expect(response.timings.total > 0)
        #expect(response.timings.total >= response.timings.firstByte)
        #expect(response.bytesSent > 0)
        #expect(response.bytesReceived >= 2048)
    }

    @Test func statusLineOfHTTP10AndCustomReason() async throws {
        let response = try await client.send(prepared: Wire.request(.get, try await FaultServer.ready().url("/http10")), options: Wire.options())
        #expect(response.statusCode == 299)
        #expect(response.reason == "Custom Phrase")
        #expect(response.httpVersion == "HTTP/1.0")
        #expect(response.text == "ok")
    }
}

/// Whole requests, built by `prepared()` and sent by the client.
@Suite struct ClientRequestTests {
    let client = Client()

    @Test func multipartWithNulBytesRoundTripsThroughHTTPBin() async throws {
        let binary = Data([0x00, 0x01, 0x00, 0x7F, 0x41, 0x00])
        let path = try Wire.temporaryFile("part.txt", contents: binary)
        let form = MultipartForm(fields: [FormField(name: "note", value: "héllo & bye")], files: [MultipartFile(name: "upload", path: path, contentType: "text/plain")])
        let request = Request(method: .post, url: try await LoopbackHTTPBin.ready().url("/post"), body: .multipart(form))
        let response = try await client.send(request)
        let json = try Wire.json(response)
        #expect((json["form"] as? [String: Any])?["note"] as? String == "héllo & bye")
        #expect((json["files"] as? [String: Any])?["upload"] as? String == String(decoding: binary, as: UTF8.self))
    }

    @Test func jsonBodyAndBearerAuth() async throws {
        let request = Request(method: .post, url: try await LoopbackHTTPBin.ready().url("/anything"), body: .json("{\"a\": [1, 2]}"), auth: .bearer("t0ken"))
        let json = try Wire.json(try await client.send(request))
        #expect((json["json"] as? [String: Any])?["a"] as? [Int] == [1, 2])
        #expect((json["headers"] as? [String: String])?["Authorization"] == "Bearer t0ken")
    }

    @Test func invalidURLFailsBeforeSending() async throws {
        let request = Request(url: "ftp://example.com/file")
        let error = await Wire.failure { () async throws(NetworkError) in try await client.send(request) }
        #expect(error?.exitCode == 3)
    }
}

/// Proxies and status-line parsing.
@Suite struct TransportProxyAndStatusLineTests {
    @Test func requestsGoThroughTheGivenProxy() async throws {
        let proxy = try await FaultServer.ready().url("")
        let options = Wire.options { $0.proxy = proxy }
        let response = try await Client().send(prepared: Wire.request(.get, "http://target.invalid/thing?x=1"), options: options)
        #expect(response.text == "proxied http://target.invalid/thing?x=1")
    }
}
