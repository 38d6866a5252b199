import Foundation
import Testing
import TestServers

/// What `curlew send` says when a server misbehaves: what the server sent, not a wrong guess.
@Suite struct HostileMessagesTests {
    @Test(arguments: [
        ("/malformed-status", Int32(1), "did not answer with an HTTP status line"),
        ("/redirect/ftp", Int32(1), "redirect to 'ftp://127.0.0.1/etc/passwd' was refused"),
        ("/redirect/file", Int32(1), "redirect to 'file:///etc/passwd' was refused"),
        ("/many-headers", Int32(56), "response headers"),
        ("/huge-header", Int32(27), "header line longer than 100 KB"),
        ("/redirect-port/1", Int32(7), "127.0.0.1:1"),
    ])
    func misbehavingServerIsNamedForWhatItDid(path: String, status: Int32, message: String) async throws {
        let result = try await ProcessRunner.curlew(["send", "--no-history", try HostileServer.url(path)])
        #expect(result.status == status)
        #expect(result.errorOutput.contains(message), "\(result.errorOutput)")
        #expect(!result.errorOutput.contains("Invalid URL"))
    }

    @Test func paramsNestedTooDeeplySaySo() async throws {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        let result = try await ProcessRunner.curlew(["send", "--no-history", "http://127.0.0.1:1/", "-p", deep])
        #expect(result.status == 2)
        #expect(result.errorOutput.contains("-p is not valid JSON: nesting deeper than"))
    }
}
