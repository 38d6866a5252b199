import Foundation
import Testing
import TestServers

/// `curlew run` as a real process against loopback servers.
@Suite struct RunCommandTests {
    @Test func oneLinePerRequestInOrderThenTheSummary() async throws {
        let port = try RunFixture.closedPort()
        let fixture = try RunFixture(requests: [
            RunFixture.request("Get", try await LoopbackServers.httpbin("/get")),
            RunFixture.request("Missing", try await LoopbackServers.httpbin("/status/404")),
            RunFixture.request("Refused", "http://127.0.0.1:\(port)/"),
        ])
        let result = try await fixture.run()
        #expect(result.status == 1, "\(result.errorOutput)")
        let lines = RunFixture.lines(result)
        #expect(lines.count == 8, "\(result.output)")
        #expect(lines.first?.hasPrefix("✔ Get") == true)
        #expect(lines.first?.contains("GET") == true && lines.first?.contains("/get  200") == true)
        #expect(lines[1].hasPrefix("✘ Missing") && lines[1].contains("404"))
        #expect(lines[2] == "    status 404 is not 2xx or 3xx (the request has no checks)")
        #expect(lines[3] == "    at \(fixture.collection): Missing")
        #expect(lines[4].hasPrefix("✘ Refused") && lines[4].hasSuffix("---"))
        #expect(lines[5].contains("refused"))
        #expect(lines[6] == "    at \(fixture.collection): Refused")
        #expect(lines.last == "1 passed, 2 failed")
    }

    @Test func everythingPassingExitsWithZero() async throws {
        let fixture = try RunFixture(requests: [
            RunFixture.request("One", try await LoopbackServers.httpbin("/get")),
            RunFixture.request("Two", try await LoopbackServers.httpbin("/anything"), method: "POST"),
        ])
        let result = try await fixture.run(["--concurrency", "2"])
        #expect(result.status == 0, "\(result.output)\(result.errorOutput)")
        #expect(RunFixture.lines(result).last == "2 passed, 0 failed")
    }

    @Test(arguments: [
        (["--concurrency", "0"], "--concurrency needs a whole number from 1 to 256, not '0'"),
        (["--concurrency", "1e300"], "--concurrency needs a whole number"),
        (["--timeout", "1e300"], "--timeout needs a number of seconds from 0 to 86400 (or 20s, 3500ms, 1m), not '1e300'"),
        (["--max-time", "5 s"], "--max-time needs a number of seconds"),
        (["--connect-timeout", "-1"], "--connect-timeout needs a number of seconds"),
        (["--timeout", "nan"], "--timeout needs a number of seconds"),
        (["--retry", "-2"], "--retry needs a whole number from 0 to 1000, or -1 for 1000, not '-2'"),
        (["--repeat", "99999999999999999999999"], "--repeat needs a whole number"),
        (["--delay", "soon"], "--delay needs milliseconds from 0 to 3600000"),
        (["--delay", "2d"], "--delay needs milliseconds"),
        (["--user", "bob"], "--user needs USER:PASSWORD, not 'bob'"),
        (["--connect-to", "a.com:80"], "--connect-to takes HOST:PORT:CONNECT-TO-HOST:CONNECT-TO-PORT"),
        (["--resolve", "a.com"], "--resolve takes HOST:PORT:ADDRESS"),
        (["--limit-rate", "fast"], "--limit-rate: 'fast' is not a size"),
        (["--limit-rate", "0"], "--limit-rate needs at least 1 byte a second"),
        (["--aws-sigv4", "a b"], "--aws-sigv4 takes PROVIDER1"),
        (["--netrc-file", "/nonexistent/netrc"], "--netrc-file cannot find '/nonexistent/netrc'"),
        (["-H", "NoColon"], "-H needs 'Name: value', not 'NoColon'"),
        (["--cacert", "/nonexistent/ca.pem"], "--cacert cannot find the file '/nonexistent/ca.pem'"),
        (["--report", "hurl-json:out.json"], "--report needs FORMAT:FILE with FORMAT one of junit, json, jsonl, tap, html"),
        (["--delay", "soon"], "--delay needs milliseconds from 0 to 3600000, or a duration such as 100ms, 2s or 1m, not 'soon'"),
        (["--report", "xml:out.xml"], "--report needs FORMAT:FILE"),
        (["--bogus"], "unknown option '--bogus'"),
        (["--quiet", "--verbose"], "--quiet and --verbose cannot be used together"),
        (["Nowhere"], "No request named 'Nowhere'"),
        (["--env", "staging"], "No environment named 'staging'"),
        (["--data", "/nonexistent/rows.csv"], "--data /nonexistent/rows.csv: no such file"),
        (["--report", "junit:/nonexistent/dir/report.xml"], "--report junit:/nonexistent/dir/report.xml"),
    ])
    func usageAndFileErrorsExitWithTwoNamingTheCulprit(arguments: [String], message: String) async throws {
        let fixture = try RunFixture(requests: [RunFixture.request("One", "http://127.0.0.1:9/")])
        let result = try await fixture.run(arguments)
        #expect(result.status == 2)
        #expect(result.errorOutput.contains(message), "\(result.errorOutput)")
        #expect(result.output.isEmpty)
    }

    @Test func aMissingTargetIsAUsageError() async throws {
        let missing = try await ProcessRunner.curlew(["run", "/nonexistent/collection.json", "--no-history"])
        #expect(missing.status == 2)
        #expect(missing.errorOutput.contains("No collection at '/nonexistent/collection.json'"))
        let none = try await ProcessRunner.curlew(["run"])
        #expect(none.status == 2)
        #expect(none.errorOutput.contains("give a collection file or folder"))
    }

    @Test func aDataFileRunsEveryRequestOncePerRowAndNamesTheRow() async throws {
        let fixture = try RunFixture(requests: [RunFixture.request("Echo", try await LoopbackServers.httpbin("/anything/{{user}}"))])
        let csv = try fixture.write("rows.csv", "user,note\r\nann,\"a, \"\"quoted\"\" note\"\r\nbob,\"two\r\nlines\"\r\n")
        let result = try await fixture.run(["--data", csv])
        #expect(result.status == 0, "\(result.output)\(result.errorOutput)")
        let lines = RunFixture.lines(result)
        #expect(lines.count == 3)
        #expect(lines[0].contains("/anything/ann  200") && lines[0].hasSuffix("row 1"))
        #expect(lines[1].contains("/anything/bob  200") && lines[1].hasSuffix("row 2"))
    }

    @Test func aRaggedDataFileIsAFileErrorNamingTheLine() async throws {
        let fixture = try RunFixture(requests: [RunFixture.request("Echo", "http://127.0.0.1:9/{{user}}")])
        let csv = try fixture.write("rows.csv", "user,note\nann,1\nbob\n")
        let result = try await fixture.run(["--data", csv])
        #expect(result.status == 2)
        #expect(result.errorOutput.contains("\(csv):3: this row has 1 field but the header has 2"), "\(result.errorOutput)")
    }

    @Test func jsonDataRowsRunToo() async throws {
        let fixture = try RunFixture(requests: [RunFixture.request("Echo", try await LoopbackServers.httpbin("/anything/{{id}}"))])
        let json = try fixture.write("rows.json", #"[{"id": 7}, {"id": "x"}]"#)
        let result = try await fixture.run(["--data", json])
        #expect(result.status == 0, "\(result.errorOutput)")
        let lines = RunFixture.lines(result)
        #expect(lines[0].contains("/anything/7  200") && lines[1].contains("/anything/x  200"))
    }

    @Test func quietPrintsOnlyFailuresAndTheSummary() async throws {
        let fixture = try RunFixture(requests: [
            RunFixture.request("Good", try await LoopbackServers.httpbin("/get")),
            RunFixture.request("Bad", try await LoopbackServers.httpbin("/status/500")),
        ])
        let result = try await fixture.run(["--quiet"])
        #expect(result.status == 1)
        let lines = RunFixture.lines(result)
        #expect(lines.count == 4)
        #expect(lines[0].hasPrefix("✘ Bad"))
        #expect(lines.last == "1 passed, 1 failed")
    }

    @Test func verboseAddsTheHeadsOfRequestAndResponse() async throws {
        let fixture = try RunFixture(requests: [RunFixture.request("Good", try await LoopbackServers.httpbin("/get"))])
        let result = try await fixture.run(["--verbose"])
        #expect(result.status == 0)
        #expect(result.output.contains("> GET http://127.0.0.1:"))
        #expect(result.output.contains("< HTTP/1.1 200 OK"))
    }

    @Test func bailSkipsTheRestAndSaysSo() async throws {
        let fixture = try RunFixture(requests: [
            RunFixture.request("Bad", try await LoopbackServers.httpbin("/status/500")),
            RunFixture.request("Never", try await LoopbackServers.httpbin("/get")),
        ])
        let result = try await fixture.run(["--bail"])
        #expect(result.status == 1)
        #expect(RunFixture.lines(result).last == "0 passed, 1 failed, 1 skipped")
    }

    @Test func repeatAndRetry() async throws {
        let name = "cli" + UUID().uuidString.replacingOccurrences(of: "-", with: "")
        let base = try RunTestServer.baseURL()
        let fixture = try RunFixture(requests: [RunFixture.request("Flaky", "\(base)/flaky?name=\(name)&fails=2")])
        let result = try await fixture.run(["--retry", "2", "--retry-interval", "1", "--repeat", "2"])
        #expect(result.status == 0, "\(result.output)")
        let lines = RunFixture.lines(result)
        #expect(lines.count == 3)
        #expect(lines[0].hasSuffix("run 1  3 attempts"))
        #expect(lines[1].hasSuffix("run 2"))
    }

    @Test func namesPickRequestsAndFoldersInCollectionOrder() async throws {
        let url = try await LoopbackServers.httpbin("/get")
        let folder = #"{"name": "Users", "requests": [\#(RunFixture.request("List", url)), \#(RunFixture.request("Show", url))]}"#
        let fixture = try RunFixture(requests: [RunFixture.request("Top", url), RunFixture.request("Other", url)], folders: [folder])
        let result = try await fixture.run(["Other", "Users"])
        #expect(result.status == 0, "\(result.errorOutput)")
        let names = RunFixture.lines(result).dropLast().map { $0.split(separator: " ")[1] }
        #expect(names == ["Users/List", "Users/Show", "Other"])
    }

    @Test func textFromFilesReachesTheTerminalSanitized() async throws {
        let fixture = try RunFixture(requests: [RunFixture.request("Evil\u{1B}[2J name", try await LoopbackServers.httpbin("/status/500"))])
        let result = try await fixture.run()
        #expect(!result.output.contains("\u{1B}"))
        #expect(result.output.contains("Evil\u{241B}[2J name"))
    }

    @Test func exchangesGoToTheHistoryUnlessTurnedOff() async throws {
        let fixture = try RunFixture(requests: [
            RunFixture.request("One", try await LoopbackServers.httpbin("/get")),
            RunFixture.request("Two", try await LoopbackServers.httpbin("/get")),
        ])
        _ = try await fixture.run()
        #expect(!FileManager.default.fileExists(atPath: fixture.dataDirectory + "/history.jsonl"))
        let result = try await fixture.run(history: true)
        #expect(result.status == 0)
        let history = try String(contentsOfFile: fixture.dataDirectory + "/history.jsonl", encoding: .utf8)
        #expect(history.split(separator: "\n").count == 2)
        #expect(history.contains("api.json/One") && history.contains("api.json/Two"))
    }

    @Test func onATerminalLinesAreColoredAndAProgressLineIsDrawnAndCleared() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/script"))
        let fixture = try RunFixture(requests: [
            RunFixture.request("Good", try await LoopbackServers.httpbin("/get")),
            RunFixture.request("Bad", try await LoopbackServers.httpbin("/status/500")),
        ])
        let command = [ProcessRunner.curlewPath, "run", fixture.collection, "--no-history"].map { "'" + $0 + "'" }.joined(separator: " ")
        let result = try await ProcessRunner.run("/usr/bin/script", ["-qfec", command, "/dev/null"], environment: ["NO_COLOR": ""])
        #expect(result.status == 1)
        #expect(result.output.contains("\u{1B}[32m✔\u{1B}[0m Good"))
        #expect(result.output.contains("\u{1B}[31m✘\u{1B}[0m Bad"))
        #expect(result.output.contains("\r\u{1B}[2K[0/2] Good"))
        #expect(result.output.contains("\r\u{1B}[2K[1/2] Bad"))
        #expect(result.output.hasSuffix("\r\n1 passed, \u{1B}[31m1 failed\u{1B}[0m\r\n"))
    }

    @Test func noColorKeepsATerminalColorless() async throws {
        let fixture = try RunFixture(requests: [RunFixture.request("Good", try await LoopbackServers.httpbin("/get"))])
        let command = [ProcessRunner.curlewPath, "run", fixture.collection, "--no-history"].map { "'" + $0 + "'" }.joined(separator: " ")
        let result = try await ProcessRunner.run("/usr/bin/script", ["-qfec", command, "/dev/null"], environment: ["NO_COLOR": "1"])
        #expect(result.status == 0)
        #expect(result.output.contains("✔ Good"))
        #expect(!result.output.contains("\u{1B}[32m"))
    }
}
