import Foundation
import Testing
import RequestKit
@testable import RequestStore
import TestSupport

@Suite("History")
struct HistoryTests {
    func exchange(method: HTTPMethod = .get, url: String, status: Int, body: String = "ok", time: Date = Date()) -> HistoryExchange {
        HistoryExchange(
            method: method, url: url, headers: ["Accept": "*/*"], body: [],
            response: Response(statusCode: status, reason: "R", headers: ["Content-Type": "text/plain"], body: Data(body.utf8), timings: Timings(total: 0.0125)),
            time: time)
    }

    @Test("entries are recorded, read back newest first and filtered")
    func recordAndQuery() throws {
        let folder = try TemporaryFolder()
        let store = HistoryStore(paths: StorePaths(dataDirectory: folder.file("data"), configDirectory: folder.file("config")))
        let base = Date(timeIntervalSince1970: 1_700_000_000)
        try store.record(exchange(url: "http://h/users", status: 200, time: base))
        try store.record(exchange(method: .post, url: "http://h/users", status: 201, time: base + 10))
        try store.record(exchange(url: "http://h/missing", status: 404, time: base + 20))
        try store.record(HistoryExchange(method: .get, url: "http://down/", response: nil, error: "Could not connect", time: base + 30))

        let all = try store.query(HistoryQuery()).entries
        #expect(all.map(\.url) == ["http://down/", "http://h/missing", "http://h/users", "http://h/users"])
        #expect(all[1].durationMs == 12.5)
        #expect(all[0].error == "Could not connect" && all[0].status == nil)
        #expect(try store.query(HistoryQuery(method: .post)).entries.map(\.status) == [201])
        #expect(try store.query(HistoryQuery(statusClass: 2)).entries.map(\.status) == [201, 200])
        #expect(try store.query(HistoryQuery(statusClass: 4)).entries.map(\.status) == [404])
        #expect(try store.query(HistoryQuery(statusClass: 0)).entries.count == 1)
        #expect(try store.query(HistoryQuery(urlContains: "MISS")).entries.count == 1)
        #expect(try store.query(HistoryQuery(since: base + 5, until: base + 25)).entries.map(\.status) == [404, 201])
        #expect(try store.query(HistoryQuery(limit: 2)).entries.count == 2)

        let one = try #require(try store.entry(id: all[2].id))
        #expect(one == all[2])
        #expect(try store.responseBody(of: one) == Data("ok".utf8))
        let timePart = String(all[2].id.split(separator: "-")[0])
        #expect(try store.entry(id: timePart)?.id == all[2].id)
        #expect(try store.entry(id: "no-such-id") == nil)
    }

    @Test("credentials and secret values are redacted by default")
    func redaction() throws {
        let folder = try TemporaryFolder()
        let store = HistoryStore(paths: StorePaths(dataDirectory: folder.path, configDirectory: folder.path))
        let exchange = HistoryExchange(
            method: .post, url: "http://h/?key=s3cret-value",
            headers: ["Authorization": "Bearer abc", "Cookie": "a=b", "X-Key": "s3cret-value", "Proxy-Authorization": "Basic x"],
            body: [.bytes(Data("{\"key\": \"s3cret-value\"}".utf8))],
            response: Response(statusCode: 200, headers: ["Set-Cookie": "sid=1"], body: Data("echo s3cret-value".utf8)),
            secrets: ["s3cret-value"])
        try store.record(exchange)
        let text = try String(contentsOfFile: store.paths.historyFile, encoding: .utf8)
        #expect(!text.contains("s3cret-value"))
        #expect(!text.contains("Bearer abc"))
        #expect(!text.contains("sid=1"))
        #expect(!text.contains("a=b"))
        let entry = try #require(try store.load().entries.first)
        #expect(entry.request.headers.value(for: "authorization") == "[redacted]")
        #expect(entry.request.headers.value(for: "X-Key") == "[redacted]")
        #expect(entry.url == "http://h/?key=[redacted]")
        #expect(entry.response?.body == "echo [redacted]")

        let open = HistoryStore(paths: StorePaths(dataDirectory: folder.file("open"), configDirectory: folder.path), settings: HistorySettings(redact: false))
        try open.record(exchange)
        #expect(try open.load().entries.first?.request.headers.value(for: "Authorization") == "Bearer abc")
    }

    @Test("large bodies go to side files up to a total cap, then are dropped with a note")
    func largeBodies() throws {
        let folder = try TemporaryFolder()
        let settings = HistorySettings(inlineBodyLimit: 100, sideBodiesLimit: 250)
        let store = HistoryStore(paths: StorePaths(dataDirectory: folder.path, configDirectory: folder.path), settings: settings)
        let big = String(repeating: "x", count: 200)
        let binary = Data([0xFF, 0xFE, 0x00, 0x01])
        try store.record(HistoryExchange(method: .get, url: "http://h/bin", response: Response(statusCode: 200, body: binary)))
        let first = try store.record(exchange(url: "http://h/1", status: 200, body: big))
        let second = try store.record(exchange(url: "http://h/2", status: 200, body: big))
        let entries = try store.load().entries
        #expect(entries[0].response?.bodyEncoding == "base64")
        #expect(try store.responseBody(of: entries[0]) == binary)
        #expect(first.response?.bodyFile == first.id + ".body")
        #expect(try store.responseBody(of: entries[1]) == Data(big.utf8))
        #expect(POSIXFile.permissions(store.paths.historyBodiesDirectory + "/" + first.id + ".body") == 0o600)
        #expect(second.response?.bodyFile == nil)
        #expect(second.response?.bodyNote?.contains("dropped") == true)
        #expect(entries[2].size == 200)
    }

    @Test("a torn last line is skipped and reported; the rest loads; the next append starts a new line")
    func tornLine() throws {
        let folder = try TemporaryFolder()
        let store = HistoryStore(paths: StorePaths(dataDirectory: folder.path, configDirectory: folder.path))
        try store.record(exchange(url: "http://h/1", status: 200))
        try store.record(exchange(url: "http://h/2", status: 200))
        let handle = try #require(FileHandle(forWritingAtPath: store.paths.historyFile))
        handle.seekToEndOfFile()
        handle.write(Data("{\"id\": \"torn\", \"time\": 17".utf8))
        try handle.close()
        let contents = try store.load()
        #expect(contents.entries.map(\.url) == ["http://h/1", "http://h/2"])
        #expect(contents.problems == ["line 3: torn last line (a crash during a write?), skipped"])
        #expect(contents.movedAside == nil)
        try store.record(exchange(url: "http://h/3", status: 200))
        let after = try store.load()
        #expect(after.entries.map(\.url) == ["http://h/1", "http://h/2", "http://h/3"])
        #expect(after.problems.count == 1 && after.problems[0].contains("line 3: not a valid history entry"))
    }

    @Test("the index lists summaries, reads entries whole on demand and reports torn lines like load")
    func index() throws {
        let folder = try TemporaryFolder()
        let store = HistoryStore(paths: StorePaths(dataDirectory: folder.path, configDirectory: folder.path))
        let base = Date(timeIntervalSince1970: 1_700_000_000)
        try store.record(exchange(url: "http://h/1", status: 200, body: "one", time: base))
        try store.record(exchange(method: .post, url: "http://h/2", status: 404, body: "two \"quoted\" {", time: base + 1))
        let handle = try #require(FileHandle(forWritingAtPath: store.paths.historyFile))
        handle.seekToEndOfFile()
        handle.write(Data("{\"id\": \"torn\", \"time\": 17, \"method\": \"GET\", \"url\": \"u\", \"response\": {\"headers\": [".utf8))
        try handle.close()
        let index = try store.file.loadIndex()
        let loaded = try store.load()
        #expect(index.summaries.map(\.url) == ["http://h/1", "http://h/2"])
        #expect(index.summaries.map(\.status) == [200, 404])
        #expect(index.summaries.map(\.method) == [.get, .post])
        #expect(index.summaries.map(\.lineNumber) == [1, 2])
        #expect(index.problems == loaded.problems)
        #expect(try index.summaries.map { try index.entry($0) } == loaded.entries)
        #expect(try store.query(HistoryQuery(statusClass: 4)).entries.map(\.url) == ["http://h/2"])
    }

    @Test("an entry whose response part is damaged is listed by the index and reported when read whole")
    func damagedResponsePart() throws {
        let folder = try TemporaryFolder()
        let store = HistoryStore(paths: StorePaths(dataDirectory: folder.path, configDirectory: folder.path))
        try store.record(exchange(url: "http://h/1", status: 200))
        let line = #"{"id": "x1", "time": 5, "method": "GET", "url": "http://h/bad", "response": {"headers": [1 2]}}"#
        try store.file.append(line: Array(line.utf8))
        let index = try store.file.loadIndex()
        #expect(index.summaries.map(\.id).last == "x1")
        let bad = try #require(index.summaries.last)
        #expect(throws: StoreError.self) { try index.entry(bad) }
        let result = try store.query(HistoryQuery())
        #expect(result.entries.map(\.url) == ["http://h/1"])
        #expect(result.contents.problems.count == 1 && result.contents.problems[0].hasPrefix("line 2: not a valid history entry"))
        #expect(try store.entry(id: "x1") == nil)
    }

    @Test("a history that does not parse at all is moved aside and a fresh one starts")
    func corruptHistory() throws {
        let folder = try TemporaryFolder()
        let store = HistoryStore(paths: StorePaths(dataDirectory: folder.path, configDirectory: folder.path))
        try Data("garbage\nmore garbage\n".utf8).write(to: URL(fileURLWithPath: store.paths.historyFile))
        let contents = try store.load()
        let aside = try #require(contents.movedAside)
        #expect(aside.hasPrefix(store.paths.historyFile + ".corrupt-"))
        #expect(try String(contentsOfFile: aside, encoding: .utf8) == "garbage\nmore garbage\n")
        #expect(!FileManager.default.fileExists(atPath: store.paths.historyFile))
        try store.record(exchange(url: "http://h/new", status: 200))
        #expect(try store.load().entries.count == 1)
    }

    @Test("the cap compacts old entries away and never loses the newest")
    func compaction() throws {
        let folder = try TemporaryFolder()
        let settings = HistorySettings(maximumEntries: 10, inlineBodyLimit: 10)
        let store = HistoryStore(paths: StorePaths(dataDirectory: folder.path, configDirectory: folder.path), settings: settings)
        var last: [String] = []
        for index in 0..<60 {
            let entry = try store.record(exchange(url: "http://h/\(index)", status: 200, body: index % 10 == 0 ? String(repeating: "b", count: 50) : "s"))
            last.append(entry.url)
        }
        let entries = try store.load().entries
        #expect(entries.count >= 10 && entries.count <= 14)
        #expect(Array(entries.map(\.url).suffix(10)) == Array(last.suffix(10)))
        try store.compact()
        #expect(try store.load().entries.map(\.url) == Array(last.suffix(10)))
        let sideFiles = (try? FileManager.default.contentsOfDirectory(atPath: store.paths.historyBodiesDirectory)) ?? []
        #expect(sideFiles.count <= 1)
    }

    @Test("files are created with 0600 inside a 0700 data folder")
    func permissions() throws {
        let folder = try TemporaryFolder()
        let store = HistoryStore(paths: StorePaths(dataDirectory: folder.file("new/data"), configDirectory: folder.path))
        try store.record(exchange(url: "http://h/", status: 200))
        #expect(POSIXFile.permissions(store.paths.dataDirectory) == 0o700)
        #expect(POSIXFile.permissions(store.paths.historyFile) == 0o600)
        try store.compact()
        #expect(POSIXFile.permissions(store.paths.historyFile) == 0o600)
    }

    @Test("two processes appending at once lose and interleave nothing")
    func concurrentAppends() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("history.jsonl")
        let count = 300
        let (first, _) = try HelperProcess.start(["append", path, String(count), "alpha"])
        let (second, _) = try HelperProcess.start(["append", path, String(count), "beta"])
        first.waitUntilExit()
        second.waitUntilExit()
        #expect(first.terminationStatus == 0 && second.terminationStatus == 0)
        let contents = try HistoryFile(path: path).load()
        #expect(contents.problems.isEmpty)
        #expect(contents.entries.count == 2 * count)
        for tag in ["alpha", "beta"] {
            let ids = contents.entries.map(\.id).filter { $0.hasPrefix(tag + "-") }
            #expect(ids == (0..<count).map { "\(tag)-\($0)" })
        }
    }
}

@Suite("Crash safety")
struct CrashSafetyTests {
    @Test("an append cut short by a full disk leaves the file as it was, so every line still reads")
    func shortAppend() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("history.jsonl")
        let file = HistoryFile(path: path)
        for index in 0..<2 {
            try file.append(HistoryEntry(id: "kept-\(index)", method: .get, url: "http://127.0.0.1/\(index)", status: 200, reason: "OK"))
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let (process, output) = try HelperProcess.start(["append-limited", path, String(before.count + 1000), "torn"])
        let reported = LineReader(output).nextLine()
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(reported?.hasPrefix("failed: ") == true, "\(String(describing: reported))")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        try file.append(HistoryEntry(id: "after", method: .get, url: "http://127.0.0.1/after", status: 200, reason: "OK"))
        let contents = try file.load()
        #expect(contents.problems.isEmpty)
        #expect(contents.entries.map(\.id) == ["kept-0", "kept-1", "after"])
    }

    @Test("a process killed while saving in a loop always leaves the old or the new file")
    func killedWhileSaving() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("shop.json")
        let original = SampleCollections.large(count: 200)
        _ = try CollectionFile.create(original, at: path)
        var small = original
        small.description = "small"
        var large = original
        large.description = String(repeating: "large ", count: 20_000)
        let valid = [try original.encoded(), try small.encoded(), try large.encoded()]
        for round in 0..<12 {
            let (process, output) = try HelperProcess.start(["save-loop", path])
            let reader = LineReader(output)
            let saves = 1 + (round * 7) % 23
            var seen = 0
            while seen < saves, reader.nextLine() != nil { seen += 1 }
            #expect(seen == saves)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal)
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(valid.contains(data))
            #expect(throws: Never.self) { try CollectionFile.load(path) }
        }
    }
}
