import Foundation
import Testing
import RequestKit
@testable import RequestStore
import TestSupport

/// Removing history entries by hand: delete by id, clear, compact; their body files go with them.
@Suite struct HistoryMaintenanceTests {
    /// A store whose inline limit is small enough that a 64-byte body goes to a body file.
    func store(in folder: TemporaryFolder) -> HistoryStore {
        HistoryStore(paths: StorePaths(dataDirectory: folder.file("data"), configDirectory: folder.file("config")),
                     settings: HistorySettings(inlineBodyLimit: 32))
    }

    /// Records `count` exchanges a second apart, each with a body file; returns their ids, oldest first.
    func record(_ count: Int, in store: HistoryStore) throws -> [String] {
        let base = Date(timeIntervalSince1970: 1_700_000_000)
        return try (0..<count).map { index in
            let response = Response(statusCode: 200, body: Data(repeating: UInt8(ascii: "a"), count: 64))
            return try store.record(HistoryExchange(method: .get, url: "http://h/\(index)", response: response, time: base + Double(index))).id
        }
    }

    func bodyFiles(_ store: HistoryStore) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: store.paths.historyBodiesDirectory)) ?? []).sorted()
    }

    @Test func deleteRemovesTheNamedEntriesAndTheirBodiesOnly() throws {
        let folder = try TemporaryFolder()
        let store = store(in: folder)
        let ids = try record(3, in: store)
        #expect(bodyFiles(store).count == 3)
        let removal = try store.delete(ids: [ids[1]])
        #expect(removal.entries == [ids[1]])
        #expect(removal.bodyFiles == 1)
        #expect(try store.query(HistoryQuery()).entries.map(\.id) == [ids[2], ids[0]])
        #expect(bodyFiles(store) == [ids[0] + ".body", ids[2] + ".body"])
        #expect(try store.delete(ids: ["no-such"]).entries.isEmpty)
    }

    @Test func idsAreResolvedFromUniquePrefixesAndOthersAreNamed() throws {
        let folder = try TemporaryFolder()
        let store = store(in: folder)
        let ids = try record(2, in: store)
        #expect(try store.resolve(ids: [ids[0], String(ids[1].prefix(ids[1].count - 1))]) == ids)
        let common = String(zip(ids[0], ids[1]).prefix { $0 == $1 }.map(\.0))
        #expect(throws: HistoryLookupError(id: common, problem: "2 entries start with it; give more of the id")) { try store.resolve(ids: [common]) }
        #expect(throws: HistoryLookupError(id: "zzz", problem: "no entry has this id")) { try store.resolve(ids: ["zzz"]) }
        #expect(throws: HistoryLookupError(id: "", problem: "no entry has this id")) { try store.resolve(ids: [""]) }
    }

    @Test func clearRemovesEverythingIncludingUnreadableLines() throws {
        let folder = try TemporaryFolder()
        let store = store(in: folder)
        _ = try record(2, in: store)
        let handle = try #require(FileHandle(forWritingAtPath: store.paths.historyFile))
        handle.seekToEndOfFile()
        handle.write(Data("not json\n".utf8))
        try handle.close()
        let removal = try store.clear()
        #expect(removal.entries.count == 2)
        #expect(removal.bodyFiles == 2)
        #expect(try Data(contentsOf: URL(fileURLWithPath: store.paths.historyFile)).isEmpty)
        #expect(bodyFiles(store).isEmpty)
        #expect(try store.clear() == HistoryStore.Removal())
    }

    @Test func compactKeepsTheNewestAndRemovesBodiesNoEntryRefersTo() throws {
        let folder = try TemporaryFolder()
        let store = store(in: folder)
        let ids = try record(4, in: store)
        try Data("stray".utf8).write(to: URL(fileURLWithPath: store.paths.historyBodiesDirectory + "/orphan.body"))
        let removal = try store.compact(keeping: 2)
        #expect(removal.entries == [ids[0], ids[1]])
        #expect(removal.bodyFiles == 3)
        #expect(try store.query(HistoryQuery()).entries.map(\.id) == [ids[3], ids[2]])
        #expect(bodyFiles(store) == [ids[2] + ".body", ids[3] + ".body"])
        #expect(try store.responseBody(of: try #require(try store.entry(id: ids[3]))) == Data(repeating: UInt8(ascii: "a"), count: 64))
    }

    @Test func aMissingHistoryIsNothingToRemove() throws {
        let folder = try TemporaryFolder()
        let store = store(in: folder)
        #expect(try store.delete(ids: ["x"]) == HistoryStore.Removal())
        #expect(try store.compact(keeping: 1) == HistoryStore.Removal())
        #expect(!FileManager.default.fileExists(atPath: store.paths.historyFile))
    }
}
