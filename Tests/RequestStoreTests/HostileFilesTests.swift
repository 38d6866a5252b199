import Foundation
import Testing
import RequestKit
@testable import RequestStore
import TestSupport

/// The store refuses files an attacker put in its place and creates its own files private.
@Suite(.serialized) struct HostileFilesTests {
    private func exchange() -> HistoryExchange {
        HistoryExchange(method: .get, url: "http://h/", headers: [:], body: [],
                        response: Response(statusCode: 200, body: Data("ok".utf8)), time: Date())
    }

    @Test func historyThatIsASymlinkIsRefusedAndItsTargetUntouched() throws {
        let folder = try TemporaryFolder()
        let target = folder.file("target")
        try Data("keep\n".utf8).write(to: URL(fileURLWithPath: target))
        let data = folder.file("data")
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: data + "/history.jsonl", withDestinationPath: target)
        let store = HistoryStore(paths: StorePaths(dataDirectory: data, configDirectory: folder.file("config")))
        #expect { try store.record(exchange()) } throws: { "\($0)".contains("symbolic link") }
        #expect { try store.load() } throws: { "\($0)".contains("symbolic link") }
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep\n")
    }

    @Test func historyThatIsAFIFOIsRefusedWithoutHanging() throws {
        let folder = try TemporaryFolder()
        let data = folder.file("data")
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        #expect(mkfifo(data + "/history.jsonl", 0o600) == 0)
        let store = HistoryStore(paths: StorePaths(dataDirectory: data, configDirectory: folder.file("config")))
        #expect { try store.load() } throws: { "\($0)".contains("not a regular file") }
        #expect { try store.record(exchange()) } throws: { "\($0)".contains("not a regular file") }
    }

    @Test func historyLinkedToDevZeroIsRefused() throws {
        let folder = try TemporaryFolder()
        let data = folder.file("data")
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: data + "/history.jsonl", withDestinationPath: "/dev/zero")
        let store = HistoryStore(paths: StorePaths(dataDirectory: data, configDirectory: folder.file("config")))
        #expect { try store.load() } throws: { "\($0)".contains("symbolic link") }
    }

    @Test func foldersAreCreatedPrivateWhateverTheUmask() throws {
        let folder = try TemporaryFolder()
        let previous = umask(0)
        defer { umask(previous) }
        let nested = folder.file("xdg/curlew/deeper")
        try PrivateFolder.create(nested)
        for path in [folder.file("xdg"), folder.file("xdg/curlew"), nested] {
            #expect(POSIXFile.permissions(path) == 0o700, "\(path)")
        }
        let store = HistoryStore(paths: StorePaths(dataDirectory: folder.file("data"), configDirectory: folder.file("config")))
        try store.record(exchange())
        #expect(POSIXFile.permissions(folder.file("data")) == 0o700)
        #expect(POSIXFile.permissions(folder.file("data/history.jsonl")) == 0o600)
    }

    @Test func folderDepthIsBoundedOnReadAndSave() throws {
        var collection = RequestCollection(name: "deep")
        collection.insert(SavedRequest(name: "r", method: .get, url: "http://h/"), intoFolderPath: (0...FolderDepth.maximum).map { "f\($0)" })
        #expect(FolderDepth.of(collection.folders) == FolderDepth.maximum + 1)
        #expect { try collection.encoded() } throws: { "\($0)".contains("at most \(FolderDepth.maximum)") }
        var allowed = RequestCollection(name: "deep")
        allowed.insert(SavedRequest(name: "r", method: .get, url: "http://h/"), intoFolderPath: (1...FolderDepth.maximum).map { "f\($0)" })
        let data = try allowed.encoded()
        #expect(try RequestCollection.decode(from: data, file: "deep.json") == allowed)
    }

    @Test(arguments: [40, 7_000])
    func httpFileFolderDeeperThanTheMaximumIsCutWithAWarning(components: Int) throws {
        let path = (0..<components).map { "f\($0)" }.joined(separator: "/")
        let result = HTTPFileParser.parse("# @folder \(path)\nGET https://h/\n", collectionName: "deep")
        #expect(FolderDepth.of(result.collection.folders) == FolderDepth.maximum)
        #expect(result.warnings.contains { $0.location == "line 1" && $0.message.contains("at most \(FolderDepth.maximum)") })
        _ = try result.collection.encoded()
    }
}
