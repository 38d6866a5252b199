import Foundation
import RequestKit
import Testing
import TestServers

/// Connection overrides, the path as written, rate limits, `.netrc` and the schemes libcurl carries out, against
/// httpbin (and the fault server, for a body larger than httpbin sends) on loopback.
@Suite struct TransportConnectionTests {
    let client = Client()

    @Test func connectToSendsANamedHostToTheLoopbackServer() async throws {
        let port = try await LoopbackHTTPBin.ready().port
        let request = Wire.request(.get, "http://api.curlew.invalid/headers")
        let response = try await client.send(prepared: request, options: Wire.options { $0.connectTo = ["api.curlew.invalid:80:127.0.0.1:\(port)"] })
        #expect(response.statusCode == 200)
        #expect((try Wire.json(response)["headers"] as? [String: Any])?["Host"] as? String == "api.curlew.invalid")
        let unresolved = await Wire.failure { () async throws(NetworkError) in try await client.send(prepared: request, options: Wire.options()) }
        #expect(unresolved != nil)
    }

    @Test func resolveGivesANameItsAddressWithoutDNS() async throws {
        let port = try await LoopbackHTTPBin.ready().port
        let request = Wire.request(.get, "http://named.curlew.invalid:\(port)/get")
        let response = try await client.send(prepared: request, options: Wire.options { $0.resolve = ["named.curlew.invalid:\(port):127.0.0.1"] })
        #expect(response.statusCode == 200)
        #expect(try Wire.json(response)["url"] as? String == "http://named.curlew.invalid:\(port)/get")
    }

    @Test func pathAsIsKeepsTheDotSegments() async throws {
        let url = try await LoopbackHTTPBin.ready().url("/anything/../get")
        let kept = try await client.send(prepared: Wire.request(.get, url), options: Wire.options { $0.pathAsIs = true })
        #expect((try Wire.json(kept)["url"] as? String)?.hasSuffix("/anything/../get") == true)
        let worked = try await client.send(prepared: Wire.request(.get, url), options: Wire.options())
        #expect((try Wire.json(worked)["url"] as? String)?.hasSuffix(":\(try await LoopbackHTTPBin.ready().port)/get") == true)
    }

    @Test func digestAuthenticationAnswersTheChallenge() async throws {
        let url = try await LoopbackHTTPBin.ready().url("/digest-auth/auth/user/passwd")
        let right = PreparedRequest(method: .get, url: url, credentials: SchemeCredentials(scheme: .digest, user: "user", password: "passwd"))
        let response = try await client.send(prepared: right, options: Wire.options())
        #expect(response.statusCode == 200)
        #expect(try Wire.json(response)["authenticated"] as? Bool == true)
        let wrong = PreparedRequest(method: .get, url: url, credentials: SchemeCredentials(scheme: .digest, user: "user", password: "nope"))
        #expect(try await client.send(prepared: wrong, options: Wire.options()).statusCode == 401)
    }

    @Test func aNetrcFileGivesTheCredentials() async throws {
        let url = try await LoopbackHTTPBin.ready().url("/basic-auth/netrc-user/netrc-pass")
        let netrc = try Wire.temporaryFile("netrc", contents: Data("machine 127.0.0.1\nlogin netrc-user\npassword netrc-pass\n".utf8))
        let response = try await client.send(prepared: Wire.request(.get, url), options: Wire.options {
            $0.netrc = .required
            $0.netrcFile = netrc
        })
        #expect(response.statusCode == 200)
        #expect(try await client.send(prepared: Wire.request(.get, url), options: Wire.options()).statusCode == 401)
    }

    @Test func aNetrcFileThatIsAFIFOIsRefusedBeforeLibcurlWaitsOnIt() async throws {
        let path = try TestFiles.path("netrc.fifo")
        #expect(mkfifo(path, 0o600) == 0)
        let url = try await LoopbackHTTPBin.ready().url("/get")
        let error = await Wire.failure { () async throws(NetworkError) in
            try await client.send(prepared: Wire.request(.get, url), options: Wire.options { $0.netrc = .required; $0.netrcFile = path })
        }
        #expect(error.map { "\($0)" }?.contains("FIFO") == true, "\(String(describing: error))")
    }

    @Test func theRateLimitSlowsTheTransferDown() async throws {
        // The rate libcurl itself measured over the transfer (bytes over its own total time) stays near the limit,
        // where loopback runs at hundreds of MB/s. libcurl lets a first burst through, hence the margin; a loaded
        // machine can only lower the rate, so the check cannot fail by slowness.
        let url = try await FaultServer.ready().url("/bytes?n=3000000")
        let response = try await client.send(prepared: Wire.request(.get, url), options: Wire.options { $0.rateLimit = 1_000_000 })
        #expect(response.body.count == 3_000_000)
        let measuredRate = Double(response.body.count) / max(response.timings.total, 0.000_001)
        #expect(measuredRate <= 2_000_000, "libcurl measured \(Int(measuredRate)) B/s under a 1,000,000 B/s limit")
    }

    @Test func credentialsFollowARedirectToAnotherHostOnlyWhenTrusted() async throws {
        let port = try await LoopbackHTTPBin.ready().port
        let target = "http://other.curlew.invalid:\(port)/headers"
        let url = try await LoopbackHTTPBin.ready().url("/redirect-to?url=" + target.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
        let request = Wire.request(.get, url, headers: ["Authorization": "Bearer carried-token"])
        func authorization(trusted: Bool) async throws -> String? {
            let response = try await client.send(prepared: request, options: Wire.options {
                $0.resolve = ["other.curlew.invalid:\(port):127.0.0.1"]
                $0.redirectCredentials = trusted
            })
            #expect(response.redirectCount == 1)
            return (try Wire.json(response)["headers"] as? [String: Any])?["Authorization"] as? String
        }
        #expect(try await authorization(trusted: true) == "Bearer carried-token")
        #expect(try await authorization(trusted: false) == nil)
    }

    @Test func awsSigV4SignsTheRequest() async throws {
        let url = try await LoopbackHTTPBin.ready().url("/headers")
        let request = PreparedRequest(method: .get, url: url, credentials: SchemeCredentials(
            scheme: .awsSigV4(provider: "aws:amz:eu-central-1:hurltest"), user: "someAccessKeyId", password: "someSecretKey"))
        let response = try await client.send(prepared: request, options: Wire.options())
        let signature = (try Wire.json(response)["headers"] as? [String: Any])?["Authorization"] as? String ?? ""
        #expect(signature.hasPrefix("AWS4-HMAC-SHA256 Credential=someAccessKeyId/"), "\(signature)")
        #expect(signature.contains("/eu-central-1/hurltest/aws4_request") && !signature.contains("someSecretKey"))
    }

    @Test func anIPv6OnlyRequestToAnIPv4OnlyNameFails() async throws {
        let port = try await LoopbackHTTPBin.ready().port
        let request = Wire.request(.get, "http://v4only.curlew.invalid:\(port)/get")
        let options = Wire.options { $0.resolve = ["v4only.curlew.invalid:\(port):127.0.0.1"] }
        #expect(try await client.send(prepared: request, options: options).statusCode == 200)
        let error = await Wire.failure { () async throws(NetworkError) in
            try await client.send(prepared: request, options: Wire.options { $0.resolve = options.resolve; $0.ipVersion = .v6 })
        }
        #expect(error != nil)
    }
}
