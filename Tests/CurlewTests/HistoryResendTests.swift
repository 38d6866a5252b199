import Foundation
import Testing
import TestSupport

/// `curlew history resend` as a real process against httpbin on loopback: secrets from variables are resolved
/// again, a secret typed directly is asked for and never sent as `[redacted]`.
@Suite struct HistoryResendTests {
    /// A fresh data folder, removed by the caller.
    private func dataFolder() throws -> String {
        let path = TemporaryFolder.path("curlew-resend")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// The history file's text.
    private func history(_ data: String) throws -> String {
        String(decoding: try Data(contentsOf: URL(fileURLWithPath: data + "/history.jsonl")), as: UTF8.self)
    }

    @Test func aSecretFromTheProcessEnvironmentIsReadAgain() async throws {
        let data = try dataFolder()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let echo = try await LoopbackServers.httpbin("/headers")
        let first = try await ProcessRunner.curlew(
            ["send", "--data-dir", data, echo, "-H", "Authorization: Bearer {{$env.CURLEW_RESEND_TOKEN}}"],
            environment: ["CURLEW_RESEND_TOKEN": "FirstToken1111"])
        #expect(first.status == 0, "\(first.errorOutput)")
        #expect(first.output.contains("Bearer FirstToken1111"))
        let again = try await ProcessRunner.curlew(["history", "resend", "1", "--data-dir", data], environment: ["CURLEW_RESEND_TOKEN": "SecondToken2222"])
        #expect(again.status == 0, "\(again.errorOutput)")
        #expect(again.output.contains("Bearer SecondToken2222"))
        #expect(!again.output.contains("[redacted]"))
        let stored = try history(data)
        #expect(!stored.contains("FirstToken1111"))
        #expect(!stored.contains("SecondToken2222"))
        #expect(stored.contains("Bearer {{$env.CURLEW_RESEND_TOKEN}}"))
    }

    @Test func aSecretVariableOfACollectionIsGivenAgainWithVar() async throws {
        let data = try dataFolder()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let echo = try await LoopbackServers.httpbin("/anything")
        let collection = """
        {"format": "curlew.collection", "version": 2, "name": "api",
         "variables": [{"name": "apiKey", "value": "", "secret": true}],
         "requests": [{"name": "k", "method": "GET", "url": "\(echo)?key={{apiKey}}", "headers": [{"name": "X-Key", "value": "{{apiKey}}"}]}]}

        """
        try collection.write(toFile: data + "/api.json", atomically: true, encoding: .utf8)
        let first = try await ProcessRunner.curlew(["send", "--data-dir", data, "--from", data + "/api.json", "k", "--var", "apiKey=OldKey3333"])
        #expect(first.status == 0, "\(first.errorOutput)")
        let missing = try await ProcessRunner.curlew(["history", "resend", "1", "--data-dir", data])
        #expect(missing.status == 2)
        #expect(missing.errorOutput.contains("--var apiKey=VALUE"))
        let again = try await ProcessRunner.curlew(["history", "resend", "1", "--data-dir", data, "--var", "apiKey=NewKey4444"])
        #expect(again.status == 0, "\(again.errorOutput)")
        #expect(again.output.contains("NewKey4444"))
        #expect(!again.output.contains("redacted"))
        let stored = try history(data)
        #expect(!stored.contains("OldKey3333"))
        #expect(!stored.contains("NewKey4444"))
    }

    @Test func aLiteralSecretWithoutATerminalFailsNamingTheHeaderAndIsGivenWithHeader() async throws {
        let data = try dataFolder()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let echo = try await LoopbackServers.httpbin("/headers")
        let first = try await ProcessRunner.curlew(["send", "--data-dir", data, echo, "-H", "Authorization: Bearer Literal5555"])
        #expect(first.status == 0, "\(first.errorOutput)")
        let list = try await ProcessRunner.curlew(["history", "--data-dir", data, "--json"])
        let id = try #require(list.output.split(separator: "\"").drop { $0 != "id" }.dropFirst(2).first.map(String.init))
        let refused = try await ProcessRunner.curlew(["history", "resend", id, "--data-dir", data])
        #expect(refused.status == 2)
        #expect(refused.errorOutput.contains("the header Authorization"))
        #expect(refused.errorOutput.contains("-H 'Authorization: VALUE'"))
        #expect(refused.output.isEmpty)
        let given = try await ProcessRunner.curlew(["history", "resend", id, "--data-dir", data, "-H", "Authorization: Bearer Given6666"])
        #expect(given.status == 0, "\(given.errorOutput)")
        #expect(given.output.contains("Bearer Given6666"))
        #expect(!(try history(data)).contains("Given6666"))
    }

    @Test func unknownEntriesAndArgumentsAreRefused() async throws {
        let data = try dataFolder()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let none = try await ProcessRunner.curlew(["history", "resend", "7", "--data-dir", data])
        #expect(none.status == 1)
        #expect(none.errorOutput.contains("no entry '7'"))
        let usage = try await ProcessRunner.curlew(["history", "resend", "--data-dir", data])
        #expect(usage.status == 2)
        let bad = try await ProcessRunner.curlew(["history", "resend", "1", "--bogus", "--data-dir", data])
        #expect(bad.status == 2)
        #expect(bad.errorOutput.contains("--bogus"))
    }

    @Test func anEntryFromACollectionFindsTheEnvironmentBesideIt() async throws {
        let data = try dataFolder()
        let project = try dataFolder()
        defer {
            try? FileManager.default.removeItem(atPath: data)
            try? FileManager.default.removeItem(atPath: project)
        }
        let echo = try await LoopbackServers.httpbin("/anything")
        let collection = """
        {"format": "curlew.collection", "version": 2, "name": "api",
         "variables": [{"name": "path", "value": "from-the-collection"}],
         "requests": [{"name": "k", "method": "GET", "url": "\(echo)/{{path}}", "headers": [{"name": "X-Key", "value": "{{token}}"}]}]}

        """
        try collection.write(toFile: project + "/api.json", atomically: true, encoding: .utf8)
        let environment = #"{"format": "curlew.environment", "version": 1, "name": "staging", "variables": [{"name": "token", "value": "StagingKey5555", "secret": true}]}"#
        try environment.write(toFile: project + "/staging.env.json", atomically: true, encoding: .utf8)
        let first = try await ProcessRunner.curlew(["send", "--data-dir", data, "--from", project + "/api.json", "k", "--env", "staging"])
        #expect(first.status == 0, "\(first.errorOutput)")
        #expect(!(try history(data)).contains("StagingKey5555"))
        let named = try await ProcessRunner.curlew(["history", "resend", "1", "--data-dir", data, "--env", "staging"])
        #expect(named.status == 0, "\(named.errorOutput)")
        #expect(named.output.contains("StagingKey5555"))
        #expect(named.output.contains("from-the-collection"))
        let own = try await ProcessRunner.curlew(["history", "resend", "2", "--data-dir", data])
        #expect(own.status == 0, "\(own.errorOutput)")
        #expect(own.output.contains("StagingKey5555"))
        let unknown = try await ProcessRunner.curlew(["history", "resend", "3", "--data-dir", data, "--env", "nope"])
        #expect(unknown.status == 2)
        #expect(unknown.errorOutput.contains("Known environments: staging."))
    }
}
