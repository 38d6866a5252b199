import Foundation
import Testing
import TestSupport

/// `curlew export` given a folder, and its message for a variable without a value.
@Suite struct ExportCommandTests {
    /// A temporary folder holding copies of the sample collection under the given names.
    final class Folder {
        let path: String

        init(collections names: [String]) throws {
            path = TemporaryFolder.path("curlew-export")
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            let sample = try Data(contentsOf: ProcessRunner.packageRoot.appendingPathComponent("sample-requests/httpbin.json"))
            for name in names { try sample.write(to: URL(fileURLWithPath: path + "/" + name)) }
        }

        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    @Test func aFolderWithOneCollectionExportsThatCollection() async throws {
        let folder = try Folder(collections: ["only.json"])
        let fromFolder = try await ProcessRunner.curlew(["export", "hurl", folder.path])
        let fromFile = try await ProcessRunner.curlew(["export", "hurl", folder.path + "/only.json"])
        #expect(fromFolder.status == 0, "\(fromFolder.errorOutput)")
        #expect(!fromFolder.output.isEmpty)
        #expect(fromFolder.output == fromFile.output)
    }

    @Test func aFolderWithSeveralCollectionsNamesThem() async throws {
        let folder = try Folder(collections: ["a.json", "b.json"])
        let result = try await ProcessRunner.curlew(["export", "curl", folder.path, "--keep-variables"])
        #expect(result.status == 1)
        #expect(result.errorOutput.contains("holds 2 collections (a.json, b.json); export one at a time"))
        #expect(result.output.isEmpty)
    }

    @Test func anUnresolvedVariableNamesTheRequestAndTheWayOut() async throws {
        let folder = try Folder(collections: ["only.json"])
        let result = try await ProcessRunner.curlew(["export", "curl", folder.path + "/only.json"])
        #expect(result.status == 1)
        #expect(result.errorOutput.contains("the request 'Sign in/Use the captured token': The variable 'sessionToken'"))
        #expect(result.errorOutput.contains("--keep-variables"))
        let kept = try await ProcessRunner.curlew(["export", "curl", folder.path + "/only.json", "--keep-variables"])
        #expect(kept.status == 0, "\(kept.errorOutput)")
        #expect(kept.output.contains("{{sessionToken}}"))
    }
}
