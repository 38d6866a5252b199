import Foundation
import RequestKit
import Testing
@testable import RequestStore

/// Walks over folders at the deepest nesting a collection may hold, in the same order a recursive walk takes.
@Suite("folder walks")
struct FolderWalkTests {
    /// A collection whose folders nest `FolderDepth.maximum` deep, with a sibling folder and a request at every level.
    static func deepCollection() -> RequestCollection {
        var innermost = Folder(name: "d\(FolderDepth.maximum)", requests: [SavedRequest(name: "deepest", url: "http://h/\(FolderDepth.maximum)", body: .file(path: "data/deep.bin", contentType: nil))])
        for level in stride(from: FolderDepth.maximum - 1, through: 1, by: -1) {
            innermost = Folder(
                name: "d\(level)", headers: level == 1 ? [KeyValueRow(name: "X-Level", value: "1")] : [],
                folders: [innermost, Folder(name: "s\(level)", requests: [SavedRequest(name: "side \(level)", url: "http://h/s\(level)")])],
                requests: [SavedRequest(name: "r\(level)", url: "http://h/\(level)")])
        }
        return RequestCollection(name: "deep", folders: [innermost, Folder(name: "top")], requests: [SavedRequest(name: "root", url: "http://h/")])
    }

    /// The folder paths in the order a recursive walk visits them, as the reference.
    static func recursivePaths(_ folders: [Folder], prefix: [Int] = []) -> [[Int]] {
        folders.indices.flatMap { index in [prefix + [index]] + recursivePaths(folders[index].folders, prefix: prefix + [index]) }
    }

    @Test func everyWalkGoesDepthFirstInFileOrderAtTheDepthLimit() {
        let collection = Self.deepCollection()
        #expect(FolderDepth.of(collection.folders) == FolderDepth.maximum)
        var visited: [[Int]] = []
        FolderWalk.forEachFolder(in: collection.folders) { path, _ in
            visited.append(path)
            return true
        }
        #expect(visited == Self.recursivePaths(collection.folders))
        #expect(visited.count == 2 * FolderDepth.maximum)

        var changed = collection
        var modified: [[Int]] = []
        FolderWalk.modifyEach(folders: &changed.folders, requests: &changed.requests) { path, _, requests in
            modified.append(path)
            for index in requests.indices { requests[index].name += "!" }
            return true
        }
        #expect(modified == [[]] + Self.recursivePaths(collection.folders))
        #expect(changed.folders.map(\.name) == collection.folders.map(\.name))
        var deepest = changed.folders[0]
        while let inner = deepest.folders.first { deepest = inner }
        #expect(deepest.requests.map(\.name) == ["deepest!"])

        let built = FolderWalk.build(
            folders: collection.folders, requests: collection.requests, root: 0,
            enter: { depth, _, _ in depth + 1 },
            finish: { depth, folder, requests, _, children in
                "\(folder?.name ?? "/")@\(depth)(" + (children + requests.map(\.name)).joined(separator: ",") + ")"
            })
        #expect(built.hasPrefix("/@0(d1@1(d2@2("))
        #expect(built.contains("d\(FolderDepth.maximum)@\(FolderDepth.maximum)(deepest)"))
        #expect(built.hasSuffix("),s1@2(side 1),r1),top@1(),root)"))
    }

    @Test func withContainerReachesTheDeepestFolderAndRefusesAPathThatLeadsNowhere() {
        var collection = Self.deepCollection()
        let path = Array(repeating: 0, count: FolderDepth.maximum)
        let names = FolderWalk.withContainer(folders: &collection.folders, requests: &collection.requests, path: path) { _, requests in
            requests.append(SavedRequest(name: "added", url: "http://h/added"))
            return requests.map(\.name)
        }
        #expect(names == ["deepest", "added"])
        let original = collection
        #expect(FolderWalk.withContainer(folders: &collection.folders, requests: &collection.requests, path: [0, 0, 5]) { _, _ in true } == nil)
        #expect(collection == original)
    }

    @Test func postmanExportAndRebasingKeepEveryLevel() throws {
        let collection = Self.deepCollection()
        let export = PostmanWriter.write(collection)
        let root = try OrderedJSON.parse(Data(export.text.utf8))
        func first(_ value: OrderedJSON?) -> OrderedJSON? {
            guard case .array(let items)? = value else { return nil }
            return items.first
        }
        var item = first(root["item"])
        var depth = 0
        while let inner = item, inner["name"] == .string("d\(depth + 1)") {
            depth += 1
            item = first(inner["item"])
        }
        #expect(depth == FolderDepth.maximum)
        #expect(item?["name"] == .string("deepest"))
        #expect(export.warnings.filter { $0.location == "d1" }.count == 1)
        #expect(export.text.contains("X-Level"))

        let rebased = collection.rebasingFilePaths(from: "/src", to: "/dst")
        var deepest = rebased.folders[0]
        while let inner = deepest.folders.first { deepest = inner }
        #expect(deepest.requests[0].body == .file(path: "/src/data/deep.bin", contentType: nil))
        #expect(rebased.requests == collection.requests)
    }
}
