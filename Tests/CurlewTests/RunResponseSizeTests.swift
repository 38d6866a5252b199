import Foundation
import Testing
import TestServers

/// `curlew run` obeys the same response size limit as `send`.
@Suite struct RunResponseSizeTests {
    @Test func anEndlessBodyFailsTheRequestWithTheLimitNamed() async throws {
        let fixture = try RunFixture(requests: [RunFixture.request("Endless", try HostileServer.url("/endless"))])
        let result = try await fixture.run(["--max-filesize", "2M"])
        #expect(result.status == 1, "\(result.errorOutput)")
        #expect(result.output.contains("2097152 bytes (2 MiB)"), "\(result.output)")
        #expect(result.output.contains("--max-filesize"))
    }

    @Test func theDefaultLimitStopsABomb() async throws {
        let fixture = try RunFixture(requests: [RunFixture.request("Bomb", try HostileServer.url("/bomb/gzip"))])
        let result = try await fixture.run(["--timeout", "600"])
        #expect(result.status == 1, "\(result.errorOutput)")
        #expect(result.output.contains("104857600 bytes (100 MiB)"), "\(result.output)")
    }

    @Test(arguments: ["9999999999999G", "1e3", "-1"])
    func anOutOfRangeLimitIsAUsageError(value: String) async throws {
        let fixture = try RunFixture(requests: [RunFixture.request("Get", "http://127.0.0.1:1/")])
        let result = try await fixture.run(["--max-filesize", value])
        #expect(result.status == 2)
        #expect(result.errorOutput.contains("--max-filesize"))
    }
}
