import Foundation
import Testing
import TestServers

/// `oauth2` auth in `send --from` and `run` against Authlib's provider on loopback: the grants, the token cache,
/// refresh before expiry and after a 401, and the messages for a refused client or an unreachable endpoint; one at a
/// time, since they count the tokens the shared provider issues and one revokes its access tokens.
@Suite(.serialized) struct OAuth2CommandTests {
    /// A folder whose requests inherit `auth`, holding one request to the provider's `/api/me` that checks for 200.
    static func fixture(auth: String, provider: LoopbackOAuthProvider.Address, variables: String? = nil, extra: String = "") throws -> RunFixture {
        let me = RunFixture.request("Me", provider.url("/api/me"), checks: ["status == 200"], extra: extra)
        return try RunFixture(requests: [], folders: [#"{"name": "Api", "auth": \#(auth), "requests": [\#(me)]}"#], variables: variables)
    }

    /// The grant of every token the provider issued so far.
    static func issued(_ provider: LoopbackOAuthProvider.Address) async throws -> [String] {
        let result = try await ProcessRunner.curlew(["send", provider.url("/admin/issued"), "--no-history"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        return try #require(object["issued"] as? [String])
    }

    /// Posts a form to one of the provider's test controls.
    static func control(_ provider: LoopbackOAuthProvider.Address, _ path: String, _ fields: [String] = []) async throws {
        let result = try await ProcessRunner.curlew(["send", "POST", provider.url(path), "--no-history"] + fields.flatMap { ["-d", $0] })
        #expect(result.status == 0, "\(result.errorOutput)")
    }

    static func send(_ fixture: RunFixture, _ extra: [String] = []) async throws -> ProcessResult {
        try await ProcessRunner.curlew(["send", "--from", fixture.collection, "Api/Me", "--data-dir", fixture.dataDirectory] + extra)
    }

    /// A client credentials block for the confidential client, its secret in a secret variable.
    static func machine(_ provider: LoopbackOAuthProvider.Address, scope: String) -> (auth: String, variables: String) {
        (#"{"type": "oauth2", "grant": "clientCredentials", "tokenUrl": "\#(provider.url("/token"))", "clientId": "machine", "clientSecret": "{{secret}}", "scope": "\#(scope)"}"#,
         #"[{"name": "secret", "value": "s3cret%&+", "secret": true}]"#)
    }

    @Test func clientCredentialsTokenIsSentCachedAndMasked() async throws {
        let provider = try await LoopbackOAuthProvider.ready()
        let scope = "cc-\(UUID().uuidString.prefix(8))"
        let block = Self.machine(provider, scope: scope)
        let fixture = try Self.fixture(auth: block.auth, provider: provider, variables: block.variables)
        let before = try await Self.issued(provider).count
        let first = try await Self.send(fixture)
        #expect(first.status == 0, "\(first.errorOutput)")
        #expect(first.output.contains("\"client\":\"machine\""), "\(first.output)")
        #expect(first.output.contains(scope))
        let second = try await Self.send(fixture)
        #expect(second.status == 0, "\(second.errorOutput)")
        #expect(try await Self.issued(provider).count == before + 1, "the second send uses the cached token")
        let cache = fixture.dataDirectory + "/oauth2-tokens.json"
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: cache)[.posixPermissions] as? Int)
        #expect(mode & 0o077 == 0)
        let token = try #require(try Self.cachedAccessToken(cache))
        let history = String(decoding: try Data(contentsOf: URL(fileURLWithPath: fixture.dataDirectory + "/history.jsonl")), as: UTF8.self)
        #expect(!history.contains(token))
        #expect(!history.contains("s3cret"))
    }

    /// The access token of the cache file's first entry.
    static func cachedAccessToken(_ path: String) throws -> String? {
        let object = try JSONSerialization.jsonObject(with: try Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
        let first = (object?["tokens"] as? [[String: Any]])?.first
        return (first?["token"] as? [String: Any])?["accessToken"] as? String
    }

    @Test func passwordGrantWithDiscoveryAndBodyClientAuth() async throws {
        let provider = try await LoopbackOAuthProvider.ready()
        let auth = #"{"type": "oauth2", "grant": "password", "issuer": "\#(provider.issuer)", "clientId": "bodyonly", "clientSecret": "b0dy", "username": "alice", "password": "wonderland", "clientAuth": "body"}"#
        let fixture = try Self.fixture(auth: auth, provider: provider)
        let result = try await Self.send(fixture, ["--no-history"])
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(result.output.contains("\"user\":\"alice\""), "\(result.output)")
        #expect(result.output.contains("\"grant\":\"password\""))
    }

    @Test func aWrongClientSecretIsInvalidClientWithItsRemedy() async throws {
        let provider = try await LoopbackOAuthProvider.ready()
        let auth = #"{"type": "oauth2", "grant": "clientCredentials", "tokenUrl": "\#(provider.url("/token"))", "clientId": "machine", "clientSecret": "wrong"}"#
        let result = try await Self.send(try Self.fixture(auth: auth, provider: provider), ["--no-history"])
        #expect(result.status == 4)
        #expect(result.errorOutput.contains("refused: invalid_client"), "\(result.errorOutput)")
        #expect(result.errorOutput.contains("Check the clientId and clientSecret"))
        #expect(result.output.isEmpty)
    }

    @Test func anUnreachableTokenEndpointIsNamed() async throws {
        let provider = try await LoopbackOAuthProvider.ready()
        let port = try RunFixture.closedPort()
        let auth = #"{"type": "oauth2", "grant": "clientCredentials", "tokenUrl": "http://127.0.0.1:\#(port)/token", "clientId": "machine", "clientSecret": "x"}"#
        let result = try await Self.send(try Self.fixture(auth: auth, provider: provider), ["--no-history"])
        #expect(result.status == 4)
        #expect(result.errorOutput.contains("Could not reach the OAuth 2.0 endpoint http://127.0.0.1:\(port)/token"), "\(result.errorOutput)")
        #expect(result.errorOutput.contains("connection was refused"))
    }

    @Test func aBlockItsGrantCannotUseIsRefusedWithWhatIsMissing() async throws {
        let provider = try await LoopbackOAuthProvider.ready()
        let auth = #"{"type": "oauth2", "grant": "password", "tokenUrl": "\#(provider.url("/token"))", "clientId": "machine"}"#
        let result = try await Self.send(try Self.fixture(auth: auth, provider: provider), ["--no-history"])
        #expect(result.status != 0)
        #expect(result.errorOutput.contains("the password grant needs a \"username\""), "\(result.errorOutput)")
    }

    @Test func aTokenAboutToExpireIsRefreshed() async throws {
        let provider = try await LoopbackOAuthProvider.ready()
        let auth = #"{"type": "oauth2", "grant": "password", "tokenUrl": "\#(provider.url("/token"))", "clientId": "machine", "clientSecret": "s3cret%&+", "username": "alice", "password": "wonderland", "scope": "refresh-\#(UUID().uuidString.prefix(6))"}"#
        let fixture = try Self.fixture(auth: auth, provider: provider)
        try await Self.control(provider, "/admin/expires-in", ["seconds=5"])
        let first = try await Self.send(fixture, ["--no-history"])
        try await Self.control(provider, "/admin/expires-in", ["seconds=3600"])
        #expect(first.status == 0, "\(first.errorOutput)")
        let before = try await Self.issued(provider)
        let second = try await Self.send(fixture, ["--no-history"])
        #expect(second.status == 0, "\(second.errorOutput)")
        #expect(second.output.contains("\"grant\":\"refresh_token\""), "\(second.output)")
        #expect(try await Self.issued(provider).count == before.count + 1)
    }

    @Test func runRenewsATokenTheServerRefusesOnce() async throws {
        let provider = try await LoopbackOAuthProvider.ready()
        let auth = #"{"type": "oauth2", "grant": "password", "tokenUrl": "\#(provider.url("/token"))", "clientId": "machine", "clientSecret": "s3cret%&+", "username": "alice", "password": "wonderland", "scope": "run-\#(UUID().uuidString.prefix(6))"}"#
        let fixture = try Self.fixture(auth: auth, provider: provider)
        let first = try await fixture.run()
        #expect(first.status == 0, "\(first.output) \(first.errorOutput)")
        try await Self.control(provider, "/admin/revoke-access")
        let before = try await Self.issued(provider)
        let second = try await fixture.run()
        #expect(second.status == 0, "\(second.output) \(second.errorOutput)")
        #expect(try await Self.issued(provider).dropFirst(before.count) == ["refresh_token"])
    }

    @Test func sendRenewsATokenTheServerRefusesOnce() async throws {
        let provider = try await LoopbackOAuthProvider.ready()
        let auth = #"{"type": "oauth2", "grant": "password", "tokenUrl": "\#(provider.url("/token"))", "clientId": "machine", "clientSecret": "s3cret%&+", "username": "alice", "password": "wonderland", "scope": "send-\#(UUID().uuidString.prefix(6))"}"#
        let fixture = try Self.fixture(auth: auth, provider: provider)
        let first = try await Self.send(fixture, ["--no-history", "-i"])
        #expect(first.status == 0, "\(first.errorOutput)")
        try await Self.control(provider, "/admin/revoke-access")
        let before = try await Self.issued(provider)
        let second = try await Self.send(fixture, ["-i"])
        #expect(second.status == 0, "\(second.errorOutput)")
        #expect(try await Self.issued(provider).dropFirst(before.count) == ["refresh_token"])
        #expect(second.output.contains("\"grant\":\"refresh_token\""), "\(second.output)")
        #expect(!second.output.contains("401"), "the refused answer is not printed: \(second.output)")
        let history = String(decoding: try Data(contentsOf: URL(fileURLWithPath: fixture.dataDirectory + "/history.jsonl")), as: UTF8.self)
        #expect(history.split(separator: "\n").count == 2, "both exchanges are recorded")
    }

    @Test func thePlaceholderPutsTheTokenElsewhere() async throws {
        let provider = try await LoopbackOAuthProvider.ready()
        let block = Self.machine(provider, scope: "placeholder")
        let echo = try await LoopbackServers.httpbin("/anything")
        let request = RunFixture.request("Me", echo + "?token={{$oauth2.access_token}}")
        let fixture = try RunFixture(requests: [], folders: [#"{"name": "Api", "auth": \#(block.auth), "requests": [\#(request)]}"#], variables: block.variables)
        let result = try await Self.send(fixture, ["--no-history"])
        #expect(result.status == 0, "\(result.errorOutput)")
        let token = try #require(try Self.cachedAccessToken(fixture.dataDirectory + "/oauth2-tokens.json"))
        #expect(result.output.contains("\"token\": \"\(token)\""), "\(result.output)")
        #expect(!result.output.contains("\"Authorization\""))
    }
}
