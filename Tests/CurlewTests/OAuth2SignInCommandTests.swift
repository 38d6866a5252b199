import Foundation
import Testing
import TestServers

/// The grants that need a person, in `send --from` and `run`: the authorization code grant with PKCE, its browser
/// played by fetching the printed URL as the provider's signed-in user and following the redirect to curlew's
/// listener; and the device grant, approved, denied or expired through the provider. In `OAuth2CommandTests`, so
/// that they run one at a time with the tests that count issued tokens.
extension OAuth2CommandTests {
    /// `send --from` of the fixture's request, its stderr read as it comes.
    static func startSend(_ fixture: RunFixture, _ extra: [String] = []) throws -> LiveProcess {
        try LiveProcess.curlewWatchingErrors(["send", "--from", fixture.collection, "Api/Me", "--data-dir", fixture.dataDirectory, "--no-history"] + extra)
    }

    /// A code grant block for the public client `cli`, its endpoints discovered.
    static func codeBlock(_ provider: LoopbackOAuthProvider.Address, scope: String, extra: String = "") -> String {
        #"{"type": "oauth2", "grant": "authorizationCode", "issuer": "\#(provider.issuer)", "clientId": "cli", "scope": "\#(scope)"\#(extra)}"#
    }

    /// A device grant block for the public client `cli`, its endpoints discovered.
    static func deviceBlock(_ provider: LoopbackOAuthProvider.Address, scope: String) -> String {
        #"{"type": "oauth2", "grant": "deviceCode", "issuer": "\#(provider.issuer)", "clientId": "cli", "scope": "\#(scope)"}"#
    }

    /// The authorization URL curlew printed, once it is waiting for the redirect.
    static func authorizationURL(_ live: LiveProcess) async throws -> String {
        let waiting = try await live.wait { text, _ in text.contains("waiting for the redirect") }
        try #require(waiting, "\(live.output)")
        let line = try #require(live.output.split(separator: "\n").first { $0.contains("/authorize?") }, "\(live.output)")
        return line.trimmingCharacters(in: .whitespaces)
    }

    /// The browser of the signed-in user alice: where the provider's authorization endpoint redirects her.
    static func redirect(of url: String) async throws -> String {
        let result = try await ProcessRunner.curlew(["send", url, "-H", "Cookie: user=alice", "--no-follow", "-i", "--no-history"])
        let line = try #require(result.output.split(whereSeparator: \.isNewline).first { $0.lowercased().hasPrefix("location:") }, "\(result.output) \(result.errorOutput)")
        return line.dropFirst("location:".count).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The page a URL answers with (curlew's listener, for the redirect).
    static func visit(_ url: String) async throws -> String {
        let result = try await ProcessRunner.curlew(["send", url, "--no-history"])
        #expect(result.status == 0, "\(result.errorOutput)")
        return result.output
    }

    /// The PKCE method of every code the provider issued.
    static func challenges(_ provider: LoopbackOAuthProvider.Address) async throws -> [String] {
        let result = try await ProcessRunner.curlew(["send", provider.url("/admin/issued"), "--no-history"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        return try #require(object["challenges"] as? [String])
    }

    /// The user code curlew printed, once it is waiting for the approval.
    static func userCode(_ live: LiveProcess) async throws -> String {
        let waiting = try await live.wait { text, _ in text.contains("waiting for the approval") }
        try #require(waiting, "\(live.output)")
        let lines = live.output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let prompt = try #require(lines.firstIndex { $0.contains("enter the code") }, "\(live.output)")
        return try #require(lines[(prompt + 1)...].first { !$0.isEmpty })
    }

    @Test func authorizationCodeWithPKCESignsInThroughTheBrowserAndIsCached() async throws {
        let provider = try await LoopbackOAuthProvider.ready()
        let scope = "code-\(UUID().uuidString.prefix(8))"
        let fixture = try Self.fixture(auth: Self.codeBlock(provider, scope: scope), provider: provider)
        let live = try Self.startSend(fixture)
        let url = try await Self.authorizationURL(live)
        #expect(url.contains("code_challenge_method=S256"), "\(url)")
        #expect(url.contains("state="))
        let page = try await Self.visit(try await Self.redirect(of: url))
        #expect(page.contains("Signed in"), "\(page)")
        let result = try await live.finish()
        withExtendedLifetime(fixture) {}
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(result.output.contains("\"grant\":\"authorization_code\""), "\(result.output)")
        #expect(result.output.contains("\"user\":\"alice\""))
        #expect(result.output.contains(scope))
        #expect(try await Self.challenges(provider).last == "S256")
        let again = try await Self.send(fixture, ["--no-history"])
        #expect(again.status == 0, "the cached token is used without a sign-in: \(again.errorOutput)")
        #expect(!again.errorOutput.contains("sign in"))
    }

    @Test func aRedirectWithAnotherStateIsRefused() async throws {
        let provider = try await LoopbackOAuthProvider.ready()
        let fixture = try Self.fixture(auth: Self.codeBlock(provider, scope: "state"), provider: provider)
        let live = try Self.startSend(fixture)
        let location = try await Self.redirect(of: try await Self.authorizationURL(live))
        var parts = try #require(URLComponents(string: location))
        parts.queryItems = parts.queryItems?.map { $0.name == "state" ? URLQueryItem(name: "state", value: "forged") : $0 }
        let page = try await Self.visit(try #require(parts.url?.absoluteString))
        #expect(page.contains("state differs"), "\(page)")
        let result = try await live.finish()
        withExtendedLifetime(fixture) {}
        #expect(result.status == 4)
        #expect(result.errorOutput.contains("redirect carried the wrong state"), "\(result.errorOutput)")
        #expect(result.output.isEmpty)
    }

    @Test func aRedirectUriWithAPortIsListenedOnAndNamedForSSH() async throws {
        let provider = try await LoopbackOAuthProvider.ready()
        let port = try RunFixture.closedPort()
        let block = Self.codeBlock(provider, scope: "port", extra: #", "redirectUri": "http://127.0.0.1:\#(port)/callback""#)
        let fixture = try Self.fixture(auth: block, provider: provider)
        let live = try Self.startSend(fixture)
        let url = try await Self.authorizationURL(live)
        #expect(url.contains("redirect_uri=http%3A%2F%2F127.0.0.1%3A\(port)%2Fcallback"), "\(url)")
        #expect(live.output.contains("ssh -L \(port):127.0.0.1:\(port) HOST"), "\(live.output)")
        let location = try await Self.redirect(of: url)
        #expect(location.hasPrefix("http://127.0.0.1:\(port)/callback?"))
        _ = try await Self.visit(location)
        let result = try await live.finish()
        withExtendedLifetime(fixture) {}
        #expect(result.status == 0, "\(result.errorOutput)")
    }

    @Test func aSignInNotFinishedInTimeStopsWithWhatToDo() async throws {
        let provider = try await LoopbackOAuthProvider.ready()
        let fixture = try Self.fixture(auth: Self.codeBlock(provider, scope: "late"), provider: provider)
        let live = try Self.startSend(fixture, ["--sign-in-timeout", "1"])
        let result = try await live.finish()
        withExtendedLifetime(fixture) {}
        #expect(result.status == 4)
        #expect(result.errorOutput.contains("not finished within 1 s"), "\(result.errorOutput)")
        #expect(result.errorOutput.contains("--sign-in-timeout"))
    }

    @Test func ctrlCStopsASignIn() async throws {
        let provider = try await LoopbackOAuthProvider.ready()
        let fixture = try Self.fixture(auth: Self.codeBlock(provider, scope: "interrupted"), provider: provider)
        let live = try Self.startSend(fixture)
        _ = try await Self.authorizationURL(live)
        live.signal(SIGINT)
        let result = try await live.finish()
        withExtendedLifetime(fixture) {}
        #expect(result.status == 130)
        #expect(result.errorOutput.contains("sign-in was stopped"), "\(result.errorOutput)")
    }

    @Test func runSignsInWithTheCodeGrant() async throws {
        let provider = try await LoopbackOAuthProvider.ready()
        let fixture = try Self.fixture(auth: Self.codeBlock(provider, scope: "run-code-\(UUID().uuidString.prefix(6))"), provider: provider)
        let live = try LiveProcess.curlewWatchingErrors(["run", fixture.collection, "--data-dir", fixture.dataDirectory, "--no-history"])
        _ = try await Self.visit(try await Self.redirect(of: try await Self.authorizationURL(live)))
        let result = try await live.finish()
        withExtendedLifetime(fixture) {}
        #expect(result.status == 0, "\(result.output) \(result.errorOutput)")
        #expect(result.output.contains("1 passed"), "\(result.output)")
    }

    @Test func aDeviceCodeApprovedAtTheProviderGivesTheToken() async throws {
        let provider = try await LoopbackOAuthProvider.ready()
        let scope = "device-\(UUID().uuidString.prefix(8))"
        let fixture = try Self.fixture(auth: Self.deviceBlock(provider, scope: scope), provider: provider)
        let live = try Self.startSend(fixture)
        let code = try await Self.userCode(live)
        #expect(live.output.contains("open \(provider.url("/device")) and enter the code"), "\(live.output)")
        #expect(live.output.contains("user_code=\(code)"), "verification_uri_complete is shown: \(live.output)")
        try await Self.control(provider, "/device/approve", ["user_code=\(code)"])
        let result = try await live.finish()
        withExtendedLifetime(fixture) {}
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(result.output.contains("\"grant\":\"urn:ietf:params:oauth:grant-type:device_code\""), "\(result.output)")
        #expect(result.output.contains(scope))
    }

    @Test("a device code refused or expired at the provider says so", arguments: [
        ("/device/approve", ["decision=deny"], "refused at the provider (access_denied)"),
        ("/device/expire", [], "device code expired"),
    ])
    func aDeviceCodeThatEndsWithoutApproval(control: String, fields: [String], message: String) async throws {
        let provider = try await LoopbackOAuthProvider.ready()
        let fixture = try Self.fixture(auth: Self.deviceBlock(provider, scope: "ended"), provider: provider)
        let live = try Self.startSend(fixture)
        let code = try await Self.userCode(live)
        try await Self.control(provider, control, ["user_code=\(code)"] + fields)
        let result = try await live.finish()
        withExtendedLifetime(fixture) {}
        #expect(result.status == 4)
        #expect(result.errorOutput.contains(message), "\(result.errorOutput)")
    }
}

extension OAuth2CommandTests {
    @Test func requestsSentSideBySideSignInOnce() async throws {
        let provider = try await LoopbackOAuthProvider.ready()
        let auth = Self.codeBlock(provider, scope: "side-\(UUID().uuidString.prefix(6))")
        let requests = ["One", "Two"].map { RunFixture.request($0, provider.url("/api/me"), checks: ["status == 200"]) }.joined(separator: ", ")
        let fixture = try RunFixture(requests: [], folders: [#"{"name": "Api", "auth": \#(auth), "requests": [\#(requests)]}"#])
        let live = try LiveProcess.curlewWatchingErrors(["run", fixture.collection, "--concurrency", "2", "--data-dir", fixture.dataDirectory, "--no-history"])
        _ = try await Self.visit(try await Self.redirect(of: try await Self.authorizationURL(live)))
        let result = try await live.finish()
        withExtendedLifetime(fixture) {}
        #expect(result.status == 0, "\(result.output) \(result.errorOutput)")
        #expect(result.output.contains("2 passed, 0 failed"), "\(result.output)")
        #expect(result.errorOutput.components(separatedBy: "sign in with your browser").count == 2, "one prompt: \(result.errorOutput)")
    }
}
