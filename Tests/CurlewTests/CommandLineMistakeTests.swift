import Foundation
import Testing
import TestSupport

/// Mistakes typed on the command line: each is a usage error (exit 2) with one help hint and a way forward.
@Suite struct CommandLineMistakeTests {
    /// A fresh folder, removed by the caller.
    private func folder() throws -> String {
        let path = TemporaryFolder.path("curlew-mistake")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func aMethodWithoutAURLIsAUsageError() async throws {
        let result = try await ProcessRunner.curlew(["send", "GET"])
        #expect(result.status == 2)
        #expect(result.errorOutput.contains("a URL is needed after the method: curlew send GET URL"))
        #expect(!result.errorOutput.contains("resolve"))
    }

    @Test func aMisspelledSchemeIsNotGivenHTTPInFront() async throws {
        let result = try await ProcessRunner.curlew(["send", "htp:/bad url"])
        #expect(result.status == 2)
        #expect(result.errorOutput.contains("'htp:/bad url' is not a valid URL"))
        #expect(result.errorOutput.contains("did you mean 'http:'?"))
        #expect(!result.errorOutput.contains("http://htp"))
    }

    @Test func aHostWithAPortStillGetsHTTPInFront() async throws {
        let url = try await LoopbackServers.httpbin("/get")
        let bare = String(url.dropFirst("http://".count))
        let result = try await ProcessRunner.curlew(["send", bare])
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(result.output.contains("\"url\""))
    }

    @Test func historyShowTakesTheNthNewestAsResendDoes() async throws {
        let data = try folder()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let first = try await ProcessRunner.curlew(["send", "--data-dir", data, try await LoopbackServers.httpbin("/anything/older")])
        #expect(first.status == 0, "\(first.errorOutput)")
        let second = try await ProcessRunner.curlew(["send", "--data-dir", data, try await LoopbackServers.httpbin("/anything/newer")])
        #expect(second.status == 0, "\(second.errorOutput)")
        let shown = try await ProcessRunner.curlew(["history", "show", "2", "--data-dir", data])
        #expect(shown.status == 0, "\(shown.errorOutput)")
        #expect(shown.output.contains("/anything/older"))
        #expect(!shown.output.contains("/anything/newer"))
        let none = try await ProcessRunner.curlew(["history", "show", "9", "--data-dir", data])
        #expect(none.status == 1)
        #expect(none.errorOutput.contains("N for the N-th newest"))
    }

    @Test func anUnknownEnvironmentListsTheKnownOnes() async throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try #"{"format": "curlew.collection", "version": 2, "name": "api", "requests": [{"name": "a", "method": "GET", "url": "http://127.0.0.1:1/"}]}"#
            .write(toFile: dir + "/api.json", atomically: true, encoding: .utf8)
        for name in ["staging", "production"] {
            try #"{"format": "curlew.environment", "version": 1, "name": "\#(name)", "variables": []}"#
                .write(toFile: dir + "/\(name).env.json", atomically: true, encoding: .utf8)
        }
        let result = try await ProcessRunner.curlew(["run", dir + "/api.json", "--env", "stagin", "--data-dir", dir + "/data"])
        #expect(result.status == 2)
        #expect(result.errorOutput.contains("Known environments: production, staging."))
        #expect(result.errorOutput.contains("Did you mean 'staging'?"))
    }

    @Test(arguments: [
        ["run", "--bogus"], ["send", "http://127.0.0.1/", "--bogus"], ["history", "--bogus"], ["import", "--bogus"],
        ["export", "--bogus"], ["--bogus"], ["run"], ["history", "resend"],
    ])
    func aUsageErrorPrintsTheHelpHintOnce(arguments: [String]) async throws {
        let result = try await ProcessRunner.curlew(arguments)
        #expect(result.status == 2)
        #expect(result.errorOutput.components(separatedBy: "--help").count == 2, "\(result.errorOutput)")
    }

    @Test func aMisspelledOptionGetsTheNearestOne() async throws {
        let result = try await ProcessRunner.curlew(["send", "http://127.0.0.1/", "--heder", "A: b"])
        #expect(result.status == 2)
        #expect(result.errorOutput.contains("did you mean '--header'?"))
    }

    @Test(arguments: [
        ["import", "curl", "/nonexistent/curlew-missing.txt"], ["import", "postman", "/nonexistent/curlew-missing.json"],
        ["run", "/nonexistent/curlew-missing.json"], ["export", "curl", "/nonexistent/curlew-missing.json"],
        ["send", "--from", "/nonexistent/curlew-missing.json", "a"],
    ])
    func aMissingFileExitsWith2Everywhere(arguments: [String]) async throws {
        let result = try await ProcessRunner.curlew(arguments)
        #expect(result.status == 2, "\(result.errorOutput)")
        #expect(result.errorOutput.contains("curlew-missing"))
    }

    @Test func aMisspelledCommandGetsDidYouMean() async throws {
        let result = try await ProcessRunner.curlew(["sned"])
        #expect(result.status == 2)
        #expect(result.errorOutput.contains("Did you mean 'curlew send'?"))
    }
}
