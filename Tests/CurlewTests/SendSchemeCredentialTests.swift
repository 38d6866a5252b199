import Foundation
import Testing
import TestServers

/// `send`'s credentials written onto the scheme flags: `--digest=USER:PASS` against httpbin's Digest endpoint and
/// `--aws-sigv4` with `--aws-credentials` against moto's signature check.
@Suite struct SendSchemeCredentialTests {
    @Test func digestWithInlineCredentialsAnswersTheChallenge() async throws {
        let url = try await LoopbackServers.httpbin("/digest-auth/auth/user/passwd/SHA-256")
        let right = try await ProcessRunner.curlew(["send", url, "--digest=user:passwd"])
        #expect(right.status == 0, "\(right.errorOutput)")
        #expect(right.output.contains("\"authenticated\": true"))
        let wrong = try await ProcessRunner.curlew(["send", url, "--digest=user:nope", "--fail"])
        #expect(wrong.status != 0)
    }

    @Test func awsCredentialsSignAFormBodyThatMotoAccepts() async throws {
        let moto = try await LoopbackMoto.ready()
        func call(_ secret: String) async throws -> ProcessResult {
            try await ProcessRunner.curlew([
                "send", "POST", moto.url("/"), "-d", "Action=GetCallerIdentity", "-d", "Version=2011-06-15",
                "--aws-sigv4", "aws:amz:us-east-1:sts", "--aws-credentials", "\(moto.accessKey):\(secret)",
            ])
        }
        let accepted = try await call(moto.secretKey)
        #expect(accepted.output.contains("<GetCallerIdentityResult>"), "\(accepted.output) \(accepted.errorOutput)")
        let refused = try await call(moto.secretKey + "x")
        #expect(refused.output.contains("SignatureDoesNotMatch"))
    }

    @Test func awsCredentialsWithoutSigV4AreRefused() async throws {
        let result = try await ProcessRunner.curlew(["send", "http://127.0.0.1:9/", "--aws-credentials", "AKID:secret"])
        #expect(result.status != 0)
        #expect(result.errorOutput.contains("--aws-credentials signs only with --aws-sigv4"))
    }
}
