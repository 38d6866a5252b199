import Foundation
import Testing
import TestSupport

/// The README's `curlew run sample-requests --env local`, against the test httpbin on loopback.
@Suite struct SampleRunTests {
    static let sampleFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("sample-requests").path

    @Test func everySampleRequestPassesItsChecks() async throws {
        let base = try await LoopbackServers.httpbin("")
        let data = TemporaryFolder.path("curlew-sample")
        defer { try? FileManager.default.removeItem(atPath: data) }
        let result = try await ProcessRunner.curlew(
            ["run", Self.sampleFolder, "--env", "local", "--var", "baseUrl=\(base)", "--data-dir", data, "--concurrency", "4"],
            environment: [:])
        #expect(result.status == 0, "\(result.output)\(result.errorOutput)")
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.last == "19 passed, 0 failed", "\(result.output)")
        #expect(lines.filter { $0.hasPrefix("✔ ") }.count == 19)
        #expect(!result.output.contains("tok-ann"), "the captured token is secret and must not be printed")
    }
}
