import Foundation
import Locking
import RequestKit
import Testing
import TestServers

/// The device grant's polling against the provider with the waits recorded instead of slept: the server's interval,
/// and `slow_down` adding five seconds. In `OAuth2CommandTests`, which runs one test at a time against the provider.
extension OAuth2CommandTests {
    @Test func slowDownAddsFiveSecondsToTheInterval() async throws {
        let provider = try await LoopbackOAuthProvider.ready()
        let client = Client()
        let waits = Locked<[Duration]>([])
        let prompts = Locked<[OAuth2SignInPrompt]>([])
        let signIn = OAuth2SignIn(wait: { duration throws(OAuth2Error) in
            let count = waits.withLock { $0.append(duration); return $0.count }
            if count > 5 { throw .cancelled }
            // The provider says slow_down to the first poll of the scope "slow"; the second poll finds it approved.
            guard count == 2, case .enterCode(_, let code, _)? = prompts.withLock({ $0.first }) else { return }
            var approval = Request(method: .post, url: provider.url("/device/approve"))
            approval.body = .raw(Data("user_code=\(code)".utf8), contentType: "application/x-www-form-urlencoded")
            _ = try? await client.send(approval)
        }, show: { prompt in prompts.withLock { $0.append(prompt) } })
        let settings = OAuth2Settings(grant: .deviceCode, issuer: provider.issuer, clientId: "cli", scope: "slow")
        let authorizer = OAuth2Authorizer(client: client, store: OAuth2MemoryTokenStore(), interaction: signIn)
        let token = try await authorizer.token(for: settings, options: RequestOptions())
        #expect(!token.accessToken.isEmpty)
        #expect(waits.withLock { $0 } == [.seconds(1), .seconds(6)])
        #expect(prompts.withLock { $0.contains(.slowingDown(seconds: 6)) })
    }
}
