import Foundation
import Testing
import TestSupport

/// `curlew send --from` and `curlew run` send the values of folder and request variables.
@Suite struct FolderVariableSendTests {
    /// A collection whose folder `Users` sets `who` over the collection's, and whose request `Own` sets it again.
    private func collection(echo: String) -> String {
        """
        {
          "format": "curlew.collection",
          "version": 2,
          "name": "api",
          "variables": [{"name": "who", "value": "collection-value-111"}],
          "folders": [
            {
              "name": "Users",
              "variables": [{"name": "who", "value": "folder-value-222"}],
              "requests": [
                {"name": "Folder", "url": "\(echo)?who={{who}}"},
                {"name": "Own", "variables": [{"name": "who", "value": "request-value-333"}], "url": "\(echo)?who={{who}}"}
              ]
            }
          ]
        }

        """
    }

    @Test func sendFromPutsTheFolderValueOnTheWire() async throws {
        let folder = try TemporaryFolder("curlew-foldervars")
        let echo = try await LoopbackServers.httpbin("/anything")
        try collection(echo: echo).write(toFile: folder.file("api.json"), atomically: true, encoding: .utf8)
        let result = try await ProcessRunner.curlew(["send", "--data-dir", folder.file("data"), "--from", folder.file("api.json"), "Users/Folder"])
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(result.output.contains("folder-value-222"))
        #expect(!result.output.contains("collection-value-111"))
    }

    @Test func sendFromPutsTheRequestValueOverTheFolderOne() async throws {
        let folder = try TemporaryFolder("curlew-foldervars")
        let echo = try await LoopbackServers.httpbin("/anything")
        try collection(echo: echo).write(toFile: folder.file("api.json"), atomically: true, encoding: .utf8)
        let result = try await ProcessRunner.curlew(["send", "--data-dir", folder.file("data"), "--from", folder.file("api.json"), "Users/Own"])
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(result.output.contains("request-value-333"))
        #expect(!result.output.contains("folder-value-222"))
    }

    @Test func varBeatsTheFolderValue() async throws {
        let folder = try TemporaryFolder("curlew-foldervars")
        let echo = try await LoopbackServers.httpbin("/anything")
        try collection(echo: echo).write(toFile: folder.file("api.json"), atomically: true, encoding: .utf8)
        let result = try await ProcessRunner.curlew(["send", "--data-dir", folder.file("data"), "--from", folder.file("api.json"), "Users/Own",
                                                     "--var", "who=given-value-444"])
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(result.output.contains("given-value-444"))
        #expect(!result.output.contains("request-value-333"))
    }

    @Test func runChecksTheFolderValueTheServerEchoes() async throws {
        let folder = try TemporaryFolder("curlew-foldervars")
        let echo = try await LoopbackServers.httpbin("/anything")
        let text = collection(echo: echo)
            .replacingOccurrences(of: "\"url\": \"\(echo)?who={{who}}\"}", with: "\"url\": \"\(echo)?who={{who}}\", \"checks\": [\"jsonpath \\\"$.args.who\\\" == \\\"folder-value-222\\\"\"]}")
        try text.write(toFile: folder.file("api.json"), atomically: true, encoding: .utf8)
        let result = try await ProcessRunner.curlew(["run", "--data-dir", folder.file("data"), folder.file("api.json"), "--no-history"])
        // `Folder` passes; `Own` sends its own value, so its check fails and the run exits 1.
        #expect(result.status == 1, "\(result.output) \(result.errorOutput)")
        #expect(result.output.contains("1 passed") || result.output.contains("passed: 1") || result.output.contains("1 of 2"), "\(result.output)")
    }
}
