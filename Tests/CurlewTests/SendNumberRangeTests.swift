import Foundation
import Testing
import TestSupport

/// Numbers on `curlew send`'s command line and in the files it reads are range-checked, never a crash.
@Suite struct SendNumberRangeTests {
    @Test(arguments: [
        ("--timeout", "1e16"), ("--timeout", "99999999999999999999"), ("--timeout", "9223372036854775.807"),
        ("--timeout", "1e309"), ("--timeout", "-1"), ("--max-redirs", "99999999999999999999"), ("--max-redirs", "1001"),
        ("--max-filesize", "9999999999999G"),
    ])
    func outOfRangeOptionsAreUsageErrors(option: String, value: String) async throws {
        let result = try await ProcessRunner.curlew(["send", "--no-history", "http://127.0.0.1:1/", option, value])
        #expect(result.status == 2)
        #expect(result.errorOutput.contains("\(option): '\(value)'"))
    }

    @Test func collectionTimeoutOutOfRangeNamesTheFileLineAndColumn() async throws {
        let folder = TemporaryFolder.path("curlew-numbers")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let collection = """
        {
          "format": "curlew.collection",
          "version": 1,
          "name": "api",
          "requests": [
            {"name": "k", "method": "GET", "url": "http://127.0.0.1:1/", "options": {"timeout": 1e300}}
          ]
        }

        """
        try collection.write(toFile: folder + "/api.json", atomically: true, encoding: .utf8)
        let result = try await ProcessRunner.curlew(["send", "--no-history", "--from", folder + "/api.json", "k"])
        #expect(result.status == 2)
        #expect(result.errorOutput.contains("api.json:6:"))
        #expect(result.errorOutput.contains("timeout") && result.errorOutput.contains("out of range"))
    }
}
