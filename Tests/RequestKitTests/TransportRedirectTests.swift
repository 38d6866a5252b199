import Foundation
import RequestKit
import Testing
import TestServers

/// Redirects, compression and cookies.
@Suite struct TransportRedirectTests {
    let client = Client()

    @Test func redirectsAreFollowedAndCounted() async throws {
        let response = try await client.send(prepared: Wire.request(.get, try await LoopbackHTTPBin.ready().url("/redirect/3")), options: Wire.options())
        #expect(response.statusCode == 200)
        #expect(response.redirectCount == 3)
        let final = try await LoopbackHTTPBin.ready().url("/get")
        #expect(response.effectiveURL == final)
    }

    @Test func eachRedirectFollowedIsRecordedWithItsAbsoluteLocation() async throws {
        let base = try await LoopbackHTTPBin.ready().url("")
        let response = try await client.send(prepared: Wire.request(.get, try await LoopbackHTTPBin.ready().url("/redirect/2")), options: Wire.options())
        #expect(response.redirects == [RedirectStep(status: 302, location: base + "/relative-redirect/1"), RedirectStep(status: 302, location: base + "/get")])
        let unfollowed = try await client.send(prepared: Wire.request(.get, try await LoopbackHTTPBin.ready().url("/redirect/2")),
                                               options: Wire.options { $0.followRedirects = false })
        #expect(unfollowed.redirects.isEmpty)
    }

    @Test func redirectsCanBeLeftUnfollowed() async throws {
        let options = Wire.options { $0.followRedirects = false }
        let response = try await client.send(prepared: Wire.request(.get, try await LoopbackHTTPBin.ready().url("/redirect/2")), options: options)
        #expect(response.statusCode == 302)
        #expect(response.redirectCount == 0)
        #expect(response.headers["Location"] != nil)
    }

    @Test func tooManyRedirectsFail() async throws {
        let options = Wire.options { $0.maxRedirects = 2 }
        let request = Wire.request(.get, try await LoopbackHTTPBin.ready().url("/redirect/5"))
        let error = await Wire.failure { () async throws(NetworkError) in try await client.send(prepared: request, options: options) }
        #expect(error?.exitCode == 47)
    }

    @Test func bodyIsRewoundFor307Redirect() async throws {
        let contents = Data("field=rewound-body".utf8)
        let path = try Wire.temporaryFile("form.txt", contents: contents)
        let target = try await LoopbackHTTPBin.ready().url("/redirect-to?url=/anything&status_code=307")
        let request = Wire.request(.post, target, headers: ["Content-Type": "application/x-www-form-urlencoded"], body: [.file(path: path)])
        let response = try await client.send(prepared: request, options: Wire.options())
        #expect(response.redirectCount == 1)
        let json = try Wire.json(response)
        #expect((json["form"] as? [String: Any])?["field"] as? String == "rewound-body")
    }

    @Test(arguments: ["gzip", "deflate", "brotli"])
    func compressedBodiesAreDecoded(encoding: String) async throws {
        let response = try await client.send(prepared: Wire.request(.get, try await LoopbackHTTPBin.ready().url("/\(encoding)")), options: Wire.options())
        #expect(response.statusCode == 200)
        let key = encoding == "gzip" ? "gzipped" : encoding == "deflate" ? "deflated" : "brotli"
        #expect(try Wire.json(response)[key] as? Bool == true)
    }

    @Test func cookiesAreSentBack() async throws {
        let client = Client()
        _ = try await client.send(prepared: Wire.request(.get, try await LoopbackHTTPBin.ready().url("/cookies/set?flavour=oat")), options: Wire.options { $0.followRedirects = false })
        let response = try await client.send(prepared: Wire.request(.get, try await LoopbackHTTPBin.ready().url("/cookies")), options: Wire.options())
        let cookies = try Wire.json(response)["cookies"] as? [String: String]
        #expect(cookies?["flavour"] == "oat")
        let fresh = try await Client().send(prepared: Wire.request(.get, try await LoopbackHTTPBin.ready().url("/cookies")), options: Wire.options())
        #expect((try Wire.json(fresh)["cookies"] as? [String: String])?["flavour"] == nil)
    }

    @Test func aClientWithoutCookiesKeepsNoneButSendsCookieHeadersGiven() async throws {
        let client = Client(configuration: Client.Configuration(cookies: false))
        _ = try await client.send(prepared: Wire.request(.get, try await LoopbackHTTPBin.ready().url("/cookies/set?flavour=oat")), options: Wire.options { $0.followRedirects = false })
        let response = try await client.send(prepared: Wire.request(.get, try await LoopbackHTTPBin.ready().url("/cookies")), options: Wire.options())
        #expect((try Wire.json(response)["cookies"] as? [String: String])?["flavour"] == nil)
        var own = Wire.request(.get, try await LoopbackHTTPBin.ready().url("/cookies"))
        own.headers.add(name: "Cookie", value: "mine=1")
        let withHeader = try await client.send(prepared: own, options: Wire.options())
        #expect((try Wire.json(withHeader)["cookies"] as? [String: String]) == ["mine": "1"])
    }
}
