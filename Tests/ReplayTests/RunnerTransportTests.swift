import Foundation
import Testing
import RequestKit
import RequestStore
@testable import Replay
import RequestKitTesting

/// The runner sends through whatever transport it is given: here a stub, with no server and no libcurl.
@Suite struct RunnerTransportTests {
    @Test(arguments: [1, 4])
    func aRunGoesThroughTheTransportItIsGiven(concurrency: Int) async throws {
        let transport = StubTransport(status: 201, body: #"{"id": 7}"#, contentType: "application/json")
        let requests = try (0..<5).map { try RunHarness.get("R\($0)", "http://api.test/items/\($0)", checks: ["status == 201", "jsonpath \"$.id\" == 7"]) }
        let runner = Runner(plan: RunPlan(steps: RunHarness.steps(requests)), variables: RunVariables(),
                            options: RunOptions(concurrency: concurrency), client: transport)
        let results = RunHarness.results(await RunHarness.events(runner))
        #expect(results.map(\.passed) == Array(repeating: true, count: 5))
        #expect(transport.sent.map(\.url).sorted() == (0..<5).map { "http://api.test/items/\($0)" })
    }

}
