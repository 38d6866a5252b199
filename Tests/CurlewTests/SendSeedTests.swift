import Foundation
import Testing
import TestServers
import TestSupport

/// `--seed N` on `send` and `run`: the random built-ins a request sends repeat for the same seed (httpbin echoes them).
@Suite struct SendSeedTests {
    private func sentArgument(_ arguments: [String]) async throws -> String {
        let result = try await ProcessRunner.curlew(arguments + ["--no-history"])
        #expect(result.status == 0, "\(result.errorOutput)")
        let object = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
        let sent = (object?["args"] as? [String: Any])?["v"] as? String
        return try #require(sent, "\(result.output)")
    }

    @Test func aSeedRepeatsTheRandomValuesASendSends() async throws {
        let url = try await LoopbackServers.httpbin("/get") + "?v={{$randomEmail}},{{$guid}},{{randomInt 1 1000000}}"
        let first = try await sentArgument(["send", url, "--seed", "7"])
        #expect(first.contains("@"))
        #expect(try await sentArgument(["send", url, "--seed", "7"]) == first)
        #expect(try await sentArgument(["send", url, "--seed", "8"]) != first)
    }

    @Test func aSeedThatIsNotANumberIsAUsageError() async throws {
        let result = try await ProcessRunner.curlew(["send", "http://127.0.0.1:9/", "--seed", "-1"])
        #expect(result.status == 2)
        #expect(result.errorOutput.contains("--seed needs a whole number from 0 to 18446744073709551615, not '-1'"))
    }

    @Test func aRunWithTheSameSeedSendsTheSameValues() async throws {
        let folder = TemporaryFolder.url("curlew-seed")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("seed.hurl")
        let url = try await LoopbackServers.httpbin("/get")
        try "GET \(url)?v={{$randomUserName}}-{{$randomUUID}}\nHTTP 200\n".write(to: file, atomically: true, encoding: .utf8)
        func run(_ seed: String) async throws -> String {
            let output = folder.appendingPathComponent("out-\(seed)-\(UUID().uuidString).json").path
            let result = try await ProcessRunner.curlew(["run", file.path, "--seed", seed, "--no-history", "-o", output])
            #expect(result.status == 0, "\(result.output) \(result.errorOutput)")
            return try String(contentsOfFile: output, encoding: .utf8)
        }
        let first = try await run("11")
        #expect(first.contains("\"v\""))
        #expect(try await run("11") == first)
        #expect(try await run("12") != first)
    }
}
