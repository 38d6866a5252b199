import Foundation
import Testing
import TestSupport

/// Secrets sent by `curlew send`, `curlew run` and `curlew history resend` never reach the data folder in clear,
/// however they were given.
@Suite struct SecretMaskingTests {
    /// Every file under `folder`, read whole, joined.
    private func everything(under folder: String) throws -> String {
        var text = ""
        let enumerator = FileManager.default.enumerator(atPath: folder)
        while let name = enumerator?.nextObject() as? String {
            var isFolder: ObjCBool = false
            let path = folder + "/" + name
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue {
                text += String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
            }
        }
        return text
    }

    @Test func secretsGivenEveryWayAreMaskedInTheHistory() async throws {
        let folder = TemporaryFolder.path("curlew-secrets")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let data = folder + "/data"
        let echo = try await LoopbackServers.httpbin("/anything")
        let collection = """
        {
          "format": "curlew.collection",
          "version": 1,
          "name": "api",
          "variables": [{"name": "apiKey", "value": "", "secret": true}],
          "requests": [
            {"name": "k", "method": "POST", "url": "\(echo)?key={{apiKey}}",
             "headers": [{"name": "X-Key", "value": "{{apiKey}}"}],
             "body": {"type": "json", "text": "{\\"key\\": \\"{{apiKey}}\\"}"}}
          ]
        }

        """
        try collection.write(toFile: folder + "/api.json", atomically: true, encoding: .utf8)
        let secrets: [(String, [String], [String: String]?)] = [
            ("VarSecretValue111", ["send", "--data-dir", data, "--from", folder + "/api.json", "k", "--var", "apiKey=VarSecretValue111"], nil),
            ("EnvSecretValue222", ["send", "--data-dir", data, echo + "?t={{$env.CURLEW_TEST_TOKEN}}", "-H", "X-T: {{$env.CURLEW_TEST_TOKEN}}"], ["CURLEW_TEST_TOKEN": "EnvSecretValue222"]),
            ("BearerSecret333", ["send", "--data-dir", data, echo, "--bearer", "BearerSecret333"], nil),
            ("BasicPassword444", ["send", "--data-dir", data, echo, "--basic", "user:BasicPassword444"], nil),
            ("CookieSecret555", ["send", "--data-dir", data, echo, "-H", "Cookie: session=CookieSecret555"], nil),
            ("PastedToken666", ["send", "--data-dir", data, echo, "-H", "Authorization: Bearer PastedToken666"], nil),
        ]
        for (_, arguments, environment) in secrets {
            let result = try await ProcessRunner.curlew(arguments, environment: environment ?? [:])
            #expect(result.status == 0, "\(arguments): \(result.errorOutput)")
        }
        let stored = try everything(under: data)
        #expect(stored.contains("[redacted]"))
        for (secret, _, _) in secrets {
            #expect(!stored.contains(secret), "\(secret) is in the data folder")
        }
    }

    @Test func runMasksASecretVariableGivenWithVarAndAProcessEnvironmentValue() async throws {
        let folder = TemporaryFolder.path("curlew-secrets")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let data = folder + "/data"
        let echo = try await LoopbackServers.httpbin("/anything")
        let collection = """
        {
          "format": "curlew.collection",
          "version": 1,
          "name": "api",
          "variables": [{"name": "apiKey", "value": "", "secret": true}],
          "requests": [
            {"name": "k", "method": "POST", "url": "\(echo)?key={{apiKey}}&t={{$env.CURLEW_RUN_TOKEN}}",
             "headers": [{"name": "X-Key", "value": "{{apiKey}}"}, {"name": "X-T", "value": "{{$env.CURLEW_RUN_TOKEN}}"}],
             "body": {"type": "json", "text": "{\\"key\\": \\"{{apiKey}}\\"}"}}
          ]
        }

        """
        try collection.write(toFile: folder + "/api.json", atomically: true, encoding: .utf8)
        let result = try await ProcessRunner.curlew(["run", folder + "/api.json", "--data-dir", data, "--var", "apiKey=RunVarSecret111",
                                                     "--allow-env", "CURLEW_RUN_TOKEN"],
                                                    environment: ["CURLEW_RUN_TOKEN": "RunEnvSecret222"])
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(!result.output.contains("RunVarSecret111"))
        #expect(!result.output.contains("RunEnvSecret222"))
        let stored = try everything(under: data)
        #expect(stored.contains("[redacted]"))
        #expect(!stored.contains("RunVarSecret111"))
        #expect(!stored.contains("RunEnvSecret222"))
    }

    @Test func resendMasksAHeaderGivenWithHeaderInPlaceOfARedactedOne() async throws {
        let folder = TemporaryFolder.path("curlew-secrets")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let data = folder + "/data"
        let echo = try await LoopbackServers.httpbin("/anything")
        let first = try await ProcessRunner.curlew(["send", "--data-dir", data, echo, "-H", "Authorization: Bearer LiteralKey1234",
                                                    "-H", "X-Api-Key: LiteralKey1234"])
        #expect(first.status == 0, "\(first.errorOutput)")
        let again = try await ProcessRunner.curlew(["history", "resend", "1", "--data-dir", data,
                                                    "-H", "Authorization: Bearer GivenAuth5555", "-H", "X-Api-Key: GivenKey6666"])
        #expect(again.status == 0, "\(again.errorOutput)")
        #expect(again.output.contains("GivenKey6666"))
        let stored = try everything(under: data)
        #expect(stored.contains("[redacted]"))
        for secret in ["LiteralKey1234", "GivenAuth5555", "GivenKey6666"] {
            #expect(!stored.contains(secret), "\(secret) is in the data folder")
        }
    }
}
