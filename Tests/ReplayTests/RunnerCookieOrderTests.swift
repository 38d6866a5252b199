import Foundation
import RequestKit
import RequestStore
import Testing
import TestServers
@testable import Replay

/// Cookies set by one request reach the requests after it when they run concurrently, and `.hurl` jars stay whole
/// however attempts are made.
@Suite struct RunnerCookieOrderTests {
    /// Steps as if read from a `.hurl` file: each has a line in that file.
    static func hurlSteps(_ requests: [SavedRequest], file: String) -> [RunStep] {
        RunHarness.steps(requests, file: file).enumerated().map { index, step in
            var step = step
            step.sourceLine = index * 4 + 1
            return step
        }
    }

    @Test func concurrentlyRequestsAfterOneCheckingACookieWaitForIt() async throws {
        let base = try RunTestServer.baseURL()
        let name = RunHarness.uniqueName()
        // The cookie's response is held, so requests not waiting for it would go out without the cookie.
        let requests = try [
            RunHarness.get("Set", "\(base)/set-cookie?name=\(name)-set&cookie=flavor&value=oat&seconds=0.3", checks: ["cookie \"flavor\" == \"oat\""]),
        ] + (1...3).map {
            try RunHarness.get("Read \($0)", "\(base)/cookies?name=\(name)-read\($0)", checks: ["jsonpath \"$.cookie\" == \"flavor=oat\""])
        }
        let runner = Runner(plan: RunPlan(steps: RunHarness.steps(requests)), variables: RunVariables(), options: RunOptions(concurrency: 4))
        let results = RunHarness.results(await RunHarness.events(runner))
        #expect(results.map(\.passed) == [true, true, true, true], "\(results.map { $0.checks.filter { !$0.passed } })")
        let log = try await RunHarness.log(prefix: name)
        let setEnds = try #require(log.firstIndex(of: "end \(name)-set"))
        for read in 1...3 {
            #expect(try #require(log.firstIndex(of: "start \(name)-read\(read)")) > setEnds)
        }
    }

    @Test func dependenciesOrderCookiesAndHurlFilesOnlyWhenConcurrent() throws {
        let setting = try RunHarness.get("Set", "http://a/", checks: ["cookie \"id\" exists"])
        let plain = try RunHarness.get("Plain", "http://a/")
        let steps = RunHarness.steps([plain, setting, plain, plain])
        #expect(RunDependencies(steps: steps, variables: RunVariables(), concurrent: true).waitsFor == [[], [], [1], [1]])
        #expect(RunDependencies(steps: steps, variables: RunVariables(), concurrent: false).waitsFor == [[], [], [], []])
        #expect(RunDependencies(steps: steps, variables: RunVariables(), concurrent: true, cookies: false).waitsFor == [[], [], [], []])
        // A capture of a cookie counts as reading it; a later cookie step takes over from the earlier one.
        let capturing = try RunHarness.get("Capture", "http://a/", captures: ["session: cookie \"id\""])
        let chained = RunHarness.steps([setting, plain, capturing, plain])
        #expect(RunDependencies(steps: chained, variables: RunVariables(), concurrent: true).waitsFor == [[], [0], [0], [2]])
        // Each `.hurl` file runs in order on its own; the files do not wait for each other.
        let hurl = Self.hurlSteps([plain, setting, plain], file: "/x/a.hurl") + Self.hurlSteps([plain, plain], file: "/x/b.hurl")
        #expect(RunDependencies(steps: hurl, variables: RunVariables(), concurrent: true).waitsFor == [[], [0], [1], [], [3]])
        #expect(RunDependencies(steps: hurl, variables: RunVariables(), concurrent: false).waitsFor == [[], [], [], [], []])
    }

    @Test func concurrentlyEachHurlFileRunsInOrderWithItsOwnJar() async throws {
        let base = try RunTestServer.baseURL()
        let name = RunHarness.uniqueName()
        // The first file's cookie is answered only once the second file's request has arrived, so the files overlap;
        // the second's is held, so a read not waiting for it would go out without the cookie.
        let setA = "\(base)/set-cookie?name=\(name)-a&cookie=flavor&value=a&until=\(name)-b&seconds=20"
        let setB = "\(base)/set-cookie?name=\(name)-b&cookie=flavor&value=b&seconds=0.3"
        func file(_ letter: String, setting url: String) throws -> [RunStep] {
            Self.hurlSteps([
                try RunHarness.get("Set \(letter)", url, checks: ["status == 200"]),
                try RunHarness.get("Read \(letter)", "\(base)/cookies?name=\(name)-\(letter)read", checks: ["jsonpath \"$.cookie\" == \"flavor=\(letter)\""]),
            ], file: "/jars/\(letter).hurl")
        }
        let steps = try file("a", setting: setA) + file("b", setting: setB)
        let runner = Runner(plan: RunPlan(steps: steps), variables: RunVariables(), options: RunOptions(concurrency: 4))
        let results = RunHarness.results(await RunHarness.events(runner))
        #expect(results.map(\.passed) == [true, true, true, true], "\(results.map { $0.checks.filter { !$0.passed } })")
    }

    @Test func aHurlJarIsKeptUntilEveryEntryHasStartedHoweverOftenItIsAskedFor() throws {
        let plain = try RunHarness.get("Plain", "http://a/")
        let steps = Self.hurlSteps([plain, plain], file: "/x/a.hurl")
        let jars = HurlCookieJars(steps: steps, like: Client())
        let first = try #require(jars.client(for: steps[0], pass: 0))
        // Attempts made and dropped (as the one-at-a-time lane does) neither count nor change the jar.
        #expect(jars.client(for: steps[0], pass: 0) === first)
        #expect(jars.client(for: steps[1], pass: 0) === first)
        jars.started(steps[0], pass: 0)
        #expect(jars.client(for: steps[1], pass: 0) === first)
        #expect(jars.client(for: steps[0], pass: 1) !== first, "another pass has a jar of its own")
        jars.started(steps[1], pass: 0)
        #expect(jars.client(for: steps[0], pass: 0) !== first, "a jar whose entries have all started is let go")
        #expect(jars.client(for: RunHarness.steps([plain])[0], pass: 0) == nil, "a step outside .hurl files uses the run's client")
    }
}
