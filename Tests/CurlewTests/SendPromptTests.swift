import Foundation
import Testing
import TestServers
import TestSupport

/// `{{$prompt …}}` on the command line without a terminal: `send` and `run` stop before sending with exit 2,
/// naming the `--var` that answers the prompt; given that `--var`, the answer is sent.
@Suite struct SendPromptTests {
    /// A fresh folder with a recording server writing its log in it.
    private func recorder() throws -> (folder: URL, server: RecordingLoopbackServer) {
        let folder = TemporaryFolder.url("curlew-prompt")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return (folder, try RecordingLoopbackServer.start(logPath: folder.appendingPathComponent("received.log").path))
    }

    @Test func withoutATerminalSendStopsAndNamesTheVarThatAnswers() async throws {
        let (folder, recorder) = try recorder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await ProcessRunner.curlew(["send", recorder.baseURL + "/x", "-H", "X-Code: {{$prompt \"One-time code\"}}", "--no-history"])
        #expect(result.status == 2)
        #expect(result.errorOutput.contains("asks for \"One-time code\", and there is no terminal to ask on. Answer it with --var 'One-time code=VALUE'"))
        #expect(recorder.requestCount == 0)
    }

    @Test func aVarNamedByTheLabelAnswersThePrompt() async throws {
        let url = try await LoopbackServers.httpbin("/headers")
        let result = try await ProcessRunner.curlew([
            "send", url, "-H", "X-Region: {{$select \"Region\" \"eu-west-1\" \"us-east-1\"}}", "--var", "Region=us-east-1", "--no-history",
        ])
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(result.output.contains("\"X-Region\": \"us-east-1\""))
    }

    @Test func withoutATerminalARunStopsTheRequest() async throws {
        let (folder, recorder) = try recorder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("prompt.hurl")
        try "GET \(recorder.baseURL)/x\nX-Code: {{$prompt \"Code\"}}\nHTTP 200\n".write(to: file, atomically: true, encoding: .utf8)
        let result = try await ProcessRunner.curlew(["run", file.path, "--no-history"])
        #expect(result.status != 0)
        #expect((result.output + result.errorOutput).contains("Answer it with --var 'Code=VALUE'"))
        #expect(recorder.requestCount == 0)
    }
}
