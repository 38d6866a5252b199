import Foundation
import Testing

/// A misspelled key in a collection is warned about by `curlew run` and `curlew send --from`, never a failure.
@Suite struct CollectionKeyWarningTests {
    @Test func runWarnsAboutAMisspelledKeyAndStillRuns() async throws {
        let url = try await LoopbackServers.httpbin("/anything")
        let fixture = try RunFixture(requests: [#"{"name": "Echo", "methd": "POST", "url": \#(RunFixture.quote(url))}"#])
        let result = try await fixture.run()
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(result.errorOutput.contains("curlew run: warning: \(fixture.collection):"))
        #expect(result.errorOutput.contains("request 'Echo' has an unknown key 'methd' (did you mean 'method'?); it is ignored"))
        #expect(result.output.contains("GET"))
    }

    @Test func sendFromWarnsToo() async throws {
        let url = try await LoopbackServers.httpbin("/anything")
        let fixture = try RunFixture(requests: [#"{"name": "Echo", "url": \#(RunFixture.quote(url)), "hedaers": []}"#])
        let result = try await ProcessRunner.curlew(["send", "--from", fixture.collection, "Echo", "--no-history", "--data-dir", fixture.dataDirectory])
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(result.errorOutput.contains("unknown key 'hedaers' (did you mean 'headers'?)"))
        #expect(result.output.contains("\"method\": \"GET\""))
    }

    @Test func aCleanCollectionGetsNoWarning() async throws {
        let fixture = try RunFixture(requests: [RunFixture.request("Echo", try await LoopbackServers.httpbin("/get"))])
        let result = try await fixture.run()
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(!result.errorOutput.contains("warning"))
    }
}
