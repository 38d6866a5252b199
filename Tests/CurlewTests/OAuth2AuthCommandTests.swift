import Foundation
import Testing
import TestServers

/// `curlew auth status` and `curlew auth clear` over the tokens `send --from` cached. In `OAuth2CommandTests`, which
/// runs one test at a time against the provider.
extension OAuth2CommandTests {
    /// `curlew auth ARGUMENTS --data-dir` the fixture's data folder.
    static func auth(_ fixture: RunFixture, _ arguments: [String]) async throws -> ProcessResult {
        try await ProcessRunner.curlew(["auth"] + arguments + ["--data-dir", fixture.dataDirectory])
    }

    @Test func authStatusListsCachedTokensWithoutTheirValueAndClearForgetsThem() async throws {
        let provider = try await LoopbackOAuthProvider.ready()
        let scope = "status-\(UUID().uuidString.prefix(8))"
        let block = Self.machine(provider, scope: scope)
        let fixture = try Self.fixture(auth: block.auth, provider: provider, variables: block.variables)
        #expect(try await Self.send(fixture, ["--no-history"]).status == 0)
        let token = try #require(try Self.cachedAccessToken(fixture.dataDirectory + "/oauth2-tokens.json"))

        let status = try await Self.auth(fixture, ["status"])
        #expect(status.status == 0, "\(status.errorOutput)")
        let lines = status.output.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("COLLECTION") == true, "\(status.output)")
        let row = try #require(lines.dropFirst().first)
        #expect(row.contains("api.json") && row.contains("clientCredentials") && row.contains(scope), "\(row)")
        #expect(row.contains("valid for 59 min") || row.contains("valid for 60 min"), "\(row)")
        #expect(!status.output.contains(token))

        let json = try await Self.auth(fixture, ["status", "--json"])
        let listed = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
        #expect(listed.count == 1)
        #expect(listed.first?["grant"] as? String == "clientCredentials")
        #expect(!json.output.contains(token))

        #expect(try await Self.auth(fixture, ["status", "other.json"]).output == "No cached OAuth 2.0 token matches.\n")
        #expect(try await Self.auth(fixture, ["status", "--env", "staging"]).output == "No cached OAuth 2.0 token matches.\n")
        let cleared = try await Self.auth(fixture, ["clear", fixture.collection])
        #expect(cleared.output == "Forgot 1 cached OAuth 2.0 token.\n", "\(cleared.output) \(cleared.errorOutput)")
        #expect(try await Self.auth(fixture, ["status"]).output == "No OAuth 2.0 tokens are cached.\n")

        let before = try await Self.issued(provider).count
        #expect(try await Self.send(fixture, ["--no-history"]).status == 0)
        #expect(try await Self.issued(provider).count == before + 1, "a forgotten token is got again")
    }

    @Test func aTokenPastItsExpiryIsListedAsExpired() async throws {
        let provider = try await LoopbackOAuthProvider.ready()
        let block = Self.machine(provider, scope: "expired-\(UUID().uuidString.prefix(6))")
        let fixture = try Self.fixture(auth: block.auth, provider: provider, variables: block.variables)
        try await Self.control(provider, "/admin/expires-in", ["seconds=0"])
        let sent = try await Self.send(fixture, ["--no-history"])
        try await Self.control(provider, "/admin/expires-in", ["seconds=3600"])
        #expect(sent.status == 0, "\(sent.errorOutput)")
        let status = try await Self.auth(fixture, ["status"])
        #expect(status.output.contains("  expired"), "\(status.output)")
    }

    @Test func authNeedsStatusOrClear() async throws {
        let missing = try await ProcessRunner.curlew(["auth"])
        #expect(missing.status == 2)
        #expect(missing.errorOutput.contains("auth needs a command: status or clear"), "\(missing.errorOutput)")
        let typo = try await ProcessRunner.curlew(["auth", "stauts"])
        #expect(typo.status == 2)
        #expect(typo.errorOutput.contains("did you mean 'status'"), "\(typo.errorOutput)")
    }
}
