import Foundation
import RequestKit
import Testing
import TestServers

/// The client's cookie jar read and changed as Netscape cookie-file lines: listed after a response sets a cookie,
/// seeded before the first request, cleared, and absent with cookies off.
@Suite struct TransportCookieJarTests {
    @Test func cookiesSetByAResponseAreListed() async throws {
        let client = Client()
        let server = try await LoopbackHTTPBin.ready()
        _ = try await client.send(prepared: Wire.request(.get, server.url("/cookies/set?flavour=oat")), options: Wire.options())
        let lines = await client.cookieLines()
        #expect(lines.count == 1)
        let fields = try #require(lines.first).split(separator: "\t", omittingEmptySubsequences: false)
        #expect(fields.count == 7)
        #expect(fields[0] == "127.0.0.1")
        #expect(fields[5] == "flavour")
        #expect(fields[6] == "oat")
    }

    @Test func initialCookiesAreSentByTheFirstRequest() async throws {
        let client = Client(configuration: Client.Configuration(initialCookies: ["127.0.0.1\tFALSE\t/\tFALSE\t0\tsession\tfrom-file"]))
        let response = try await client.send(prepared: Wire.request(.get, try await LoopbackHTTPBin.ready().url("/cookies")), options: Wire.options())
        let json = try Wire.json(response)
        let cookies = try #require(json["cookies"] as? [String: Any])
        #expect(cookies["session"] as? String == "from-file")
    }

    @Test func clearingForgetsEveryCookie() async throws {
        let client = Client()
        let loaded = await client.loadCookies(["127.0.0.1\tFALSE\t/\tFALSE\t0\ta\t1", "127.0.0.1\tFALSE\t/\tFALSE\t0\tb\t2"])
        #expect(loaded.count == 2)
        await client.clearCookies()
        #expect(await client.cookieLines().isEmpty)
        let response = try await client.send(prepared: Wire.request(.get, try await LoopbackHTTPBin.ready().url("/cookies")), options: Wire.options())
        let cookies = try #require(try Wire.json(response)["cookies"] as? [String: Any])
        #expect(cookies.isEmpty)
    }

    @Test func aClientWithoutCookiesKeepsNone() async throws {
        let client = Client(configuration: Client.Configuration(cookies: false, initialCookies: ["127.0.0.1\tFALSE\t/\tFALSE\t0\ta\t1"]))
        _ = try await client.send(prepared: Wire.request(.get, try await LoopbackHTTPBin.ready().url("/cookies/set?b=2")), options: Wire.options())
        #expect(await client.cookieLines().isEmpty)
    }
}
