import Foundation
import Testing
import TestServers
import TestSupport

/// Hurl's own integration suite run through `curlew run`, against Tests/HurlSuite/server.py on 127.0.0.1:8000.
///
/// The outcome must match Tests/HurlSuite/known-failures.tsv exactly: a test failing that is not listed is a
/// regression, and a listed test that passes must leave the list.
@Suite(.serialized) struct HurlConformanceTests {
    static let commands = HurlSuiteWorkspace.ownFolder + "/commands.tsv"
    static let knownFailuresFile = HurlSuiteWorkspace.ownFolder + "/known-failures.tsv"
    /// How many tests run at once (each topic's tests run one after the other, since they share server state).
    static let parallelTopics = max(2, min(4, ProcessInfo.processInfo.activeProcessorCount))
    /// Topics that take seconds each, started first so that the run ends sooner.
    static let slowTopics = ["get_large", "limit_rate", "delay", "sse", "retry", "post"]

    @Test func everyTestOfTheManifestHasACommandLine() throws {
        let manifest = try String(contentsOfFile: HurlSuiteWorkspace.peerSuite + "/manifest.tsv", encoding: .utf8)
        let rows = manifest.split(separator: "\n").dropFirst().map { line -> String in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            return "\(fields[0])/\(fields[1])/\(fields[2])"
        }
        let cases = try HurlSuiteCase.load(Self.commands)
        #expect(cases.map(\.id) == rows)
        for test in cases {
            #expect(FileManager.default.fileExists(atPath: HurlSuiteWorkspace.peerSuite + "/" + test.file), "\(test.id): \(test.file)")
        }
        let known = try Self.knownFailures()
        #expect(Set(known.keys).subtracting(cases.map(\.id)).isEmpty, "known-failures.tsv names tests that do not exist")
    }

    @Test func hurlCommandLinesBecomeCurlewOnes() {
        #expect(HurlSuiteCase.curlewArguments(file: "a.hurl", hurl: ["--verbose", "--color", "--json"]) == ["run", "a.hurl", "--bail", "--verbose"])
        #expect(HurlSuiteCase.curlewArguments(file: "a.hurl", hurl: ["--continue-on-error", "--location"]) == ["run", "a.hurl", "--location"])
        #expect(HurlSuiteCase.curlewArguments(file: "a.hurl", hurl: ["--from-entry", "2", "--to-entry", "3"])
            == ["run", "a.hurl", "entry-2", "entry-3", "--bail"])
        #expect(HurlSuiteCase.words("--header 'a: b' --user x") == ["--header", "a: b", "--user", "x"])
        #expect(HurlSuiteVerdict.namedLines(in: "at t/a.hurl:9\n--> t/a.hurl:12:3 t/b.hurl:4", file: "t/a.hurl") == [9, 12])
        #expect(HurlSuiteVerdict.reportedLines(in: "✘ x\n    line 7: status == 200\n    line 8x\n    at t/a.hurl:7", file: "t/a.hurl") == [7])
    }

    @Test func hurlsOwnSuite() async throws {
        let cases = try HurlSuiteCase.load(Self.commands)
        let known = try Self.knownFailures()
        // Copying the suite and waiting for the server's port block; they run on a thread of their own, so the
        // cooperative pool the other suites share is never held up by them.
        let workspace = try await Blocking.run {
            let workspace = try HurlSuiteWorkspace.make(in: try LoopbackServers.temporaryDirectory())
            try Self.startServer(suite: workspace.root)
            return workspace
        }
        let verdicts = try await Self.runAll(cases, in: workspace)

        let failing = Set(verdicts.filter { !$0.passed }.map(\.test.id))
        for verdict in verdicts where !verdict.passed && known[verdict.test.id] == nil {
            Issue.record("\(verdict.test.id) fails and is not in known-failures.tsv: \(verdict.detail.prefix(3000))")
        }
        for id in known.keys.sorted() where !failing.contains(id) && cases.contains(where: { $0.id == id }) {
            Issue.record("\(id) passes now: take it out of known-failures.tsv")
        }
        let okTotal = cases.filter(\.mustPass).count, failedTotal = cases.count - okTotal
        let okPassing = verdicts.filter { $0.test.mustPass && $0.passed }.count
        let failedPassing = verdicts.filter { !$0.test.mustPass && $0.passed }.count
        print("Hurl conformance: \(okPassing) of \(okTotal) tests_ok pass, \(failedPassing) of \(failedTotal) tests_failed fail as Hurl does"
              + " (\(okPassing + failedPassing) of \(cases.count))")
    }

    /// Runs every test, a bounded number of topics at a time.
    static func runAll(_ cases: [HurlSuiteCase], in workspace: HurlSuiteWorkspace) async throws -> [HurlSuiteVerdict] {
        var topics: [String: [HurlSuiteCase]] = [:]
        for test in cases { topics[test.topic, default: []].append(test) }
        let order = topics.keys.sorted { a, b in
            let slowA = slowTopics.firstIndex(of: a) ?? slowTopics.count, slowB = slowTopics.firstIndex(of: b) ?? slowTopics.count
            return slowA != slowB ? slowA < slowB : a < b
        }
        let data = try LoopbackServers.temporaryDirectory() + "/hurl-suite-data-\(UUID().uuidString)"
        for folder in ["home", "config", "store"] {
            try FileManager.default.createDirectory(atPath: data + "/" + folder, withIntermediateDirectories: true)
        }
        return try await withThrowingTaskGroup(of: [HurlSuiteVerdict].self) { group in
            var pending = order[...], verdicts: [HurlSuiteVerdict] = []
            func startNext() {
                guard let topic = pending.popFirst(), let tests = topics[topic] else { return }
                group.addTask { try await runTopic(tests, in: workspace, data: data) }
            }
            for _ in 0..<parallelTopics { startNext() }
            while let done = try await group.next() {
                verdicts += done
                startNext()
            }
            return verdicts.sorted { $0.test.id < $1.test.id }
        }
    }

    /// Runs one topic's tests in order.
    static func runTopic(_ tests: [HurlSuiteCase], in workspace: HurlSuiteWorkspace, data: String) async throws -> [HurlSuiteVerdict] {
        var verdicts: [HurlSuiteVerdict] = []
        for test in tests {
            try await Blocking.run { try workspace.prepare(test.setup) }
            var runs: [ProcessResult] = []
            for hurl in test.hurlRuns {
                let arguments = HurlSuiteCase.curlewArguments(file: test.file, hurl: hurl) + ["--no-history", "--data-dir", data + "/store"]
                runs.append(try await ProcessRunner.run(
                    "/usr/bin/env", ["-C", workspace.root, "timeout", "120", ProcessRunner.curlewPath] + arguments,
                    environment: ["HOME": data + "/home", "XDG_CONFIG_HOME": data + "/config", "NO_COLOR": "1"]))
            }
            verdicts.append(HurlSuiteVerdict.judge(test, runs: runs, expectedLines: HurlSuiteVerdict.expectedLines(test, root: workspace.root)))
        }
        return verdicts
    }

    /// Starts the suite's server on 127.0.0.1:8000, where the `.hurl` files send their requests.
    static func startServer(suite: String) throws {
        let script = try String(contentsOfFile: HurlSuiteWorkspace.ownFolder + "/server.py", encoding: .utf8)
        let port = try ScriptServer.launch(script: script, arguments: ["--suite", suite], name: "hurl-suite")
        guard port == 8000 else { throw HurlSuiteError("the Hurl suite's server listens on \(port), not 8000") }
    }

    /// Tests that fail today, with the reason: `ID<TAB>REASON` lines, `#` comments.
    static func knownFailures() throws -> [String: String] {
        let text = try String(contentsOfFile: knownFailuresFile, encoding: .utf8)
        var known: [String: String] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", maxSplits: 1).map(String.init)
            known[fields[0]] = fields.count > 1 ? fields[1] : ""
        }
        return known
    }
}
