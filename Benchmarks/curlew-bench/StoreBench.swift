import Foundation
import RequestKit
import RequestStore

/// `curlew-bench store`: the file store against Foundation's JSONEncoder/JSONDecoder on the same data.
enum StoreBench {
    /// Runs the store measurements and prints one line each; `historyOnly` leaves out the collection ones.
    static func run(historyOnly: Bool = false) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("curlew-store-bench-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        print("store benchmarks (median of several runs; the peer is Foundation's JSONEncoder/JSONDecoder on the same data in one piece)")
        if !historyOnly { try collectionBenchmarks(folder: folder) }
        try historyBenchmarks(folder: folder)
    }

    /// Median wall time of `runs` calls, in milliseconds.
    static func measure(runs: Int, _ body: () throws -> Void) rethrows -> Double {
        var samples: [Double] = []
        let clock = ContinuousClock()
        for _ in 0..<runs {
            let elapsed = try clock.measure(body)
            samples.append(Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
        }
        samples.sort()
        return samples[samples.count / 2]
    }

    static func report(_ name: String, curlew: Double, peer: Double, peerName: String) {
        let line = name.padding(toLength: 52, withPad: " ", startingAt: 0)
            + String(format: "curlew %8.2f ms   %@ %8.2f ms   ratio %.2f", curlew, peerName, peer, curlew / peer)
        print(line)
    }

    static func largeCollection(count: Int) -> RequestCollection {
        var collection = RequestCollection(name: "Bench", variables: [Variable(name: "base", value: "https://api.example")],
                                           headers: [KeyValueRow(name: "Accept", value: "application/json")])
        for folderIndex in 0..<(count / 100) {
            var folder = Folder(name: "Folder \(folderIndex)")
            for index in 0..<100 {
                let number = folderIndex * 100 + index
                folder.requests.append(SavedRequest(
                    name: "Request \(number)", description: "Fetches item \(number).", method: number % 3 == 0 ? .post : .get,
                    url: "{{base}}/items/\(number)",
                    query: [KeyValueRow(name: "expand", value: "owner"), KeyValueRow(name: "page", value: "\(number % 7)")],
                    headers: [KeyValueRow(name: "X-Request", value: "\(number)"), KeyValueRow(name: "Authorization", value: "Bearer {{token}}")],
                    body: number % 3 == 0 ? .json("{\n  \"id\": \(number),\n  \"name\": \"item \(number)\",\n  \"tags\": [\"a\", \"b\"]\n}") : .none,
                    checks: (try? Check.parse("status == 200")).map { [$0] } ?? []))
            }
            collection.folders.append(folder)
        }
        return collection
    }

    static func collectionBenchmarks(folder: String) throws {
        let collection = largeCollection(count: 5000)
        let path = folder + "/bench.json"
        let peerPath = folder + "/bench-foundation.json"
        _ = try CollectionFile.create(collection, at: path)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted]
        try encoder.encode(collection).write(to: URL(fileURLWithPath: peerPath))
        let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0

        let load = try measure(runs: 7) { _ = try CollectionFile.load(path) }
        let peerLoad = try measure(runs: 7) {
            _ = try JSONDecoder().decode(RequestCollection.self, from: Data(contentsOf: URL(fileURLWithPath: peerPath)))
        }
        report(String(format: "load collection (5,000 requests, %.1f MB)", Double(size) / 1_048_576), curlew: load, peer: peerLoad, peerName: "JSONDecoder")

        var stored = try CollectionFile.load(path)
        var round = 0
        let save = try measure(runs: 7) {
            round += 1
            var changed = stored.document
            changed.folders[25].requests[50].url = "{{base}}/changed/\(round)"
            stored = try stored.saving(changed)
        }
        let peerSave = try measure(runs: 7) {
            round += 1
            var changed = collection
            changed.folders[25].requests[50].url = "{{base}}/changed/\(round)"
            try AtomicFile.write(try encoder.encode(changed), to: peerPath)
        }
        report("save one changed request (atomic, fsync)", curlew: save, peer: peerSave, peerName: "JSONEncoder")
    }

    static func historyEntry(_ index: Int, time: Date) -> HistoryEntry {
        let body = "{\"id\": \(index), \"name\": \"item \(index)\", \"owner\": {\"id\": 7, \"login\": \"ann\"}, \"tags\": [\"a\", \"b\", \"c\"], \"description\": \"" + String(repeating: "lorem ipsum ", count: 30) + "\"}"
        return HistoryEntry(
            id: HistoryEntry.makeID(now: time), time: time, method: index % 4 == 0 ? .post : .get, url: "https://api.example/items/\(index)?expand=owner",
            status: index % 10 == 0 ? 404 : 200, reason: index % 10 == 0 ? "Not Found" : "OK", durationMs: 12.5, size: body.utf8.count,
            request: HistoryRequest(headers: ["Accept": "application/json", "Authorization": "[redacted]", "User-Agent": "curlew/0.1"]),
            response: HistoryResponse(
                httpVersion: "HTTP/2",
                headers: ["Content-Type": "application/json", "Content-Length": "\(body.utf8.count)", "Date": "Mon, 30 Nov 2026 10:00:00 GMT",
                          "Server": "bench", "Cache-Control": "no-cache", "X-Request-Id": "req-\(index)"],
                timings: Timings(dns: 0.001, connect: 0.002, tls: 0.004, firstByte: 0.005, download: 0.0005, total: 0.0125),
                body: body))
    }

    static func historyBenchmarks(folder: String) throws {
        let paths = StorePaths(dataDirectory: folder + "/data", configDirectory: folder + "/config")
        try paths.ensureDataDirectory()
        let start = Date(timeIntervalSince1970: 1_790_000_000)
        let entries = (0..<10_000).map { historyEntry($0, time: start + Double($0)) }
        var lines: [UInt8] = []
        for entry in entries {
            lines.append(contentsOf: try CanonicalJSON.encodeLine(entry))
            lines.append(0x0A)
        }
        try AtomicFile.write(Data(lines), to: paths.historyFile, permissions: 0o600)
        let peerPath = folder + "/history-foundation.json"
        let encoder = JSONEncoder()
        try encoder.encode(entries).write(to: URL(fileURLWithPath: peerPath))
        let store = HistoryStore(paths: paths, settings: HistorySettings(maximumEntries: 20_000))

        var loaded = 0
        let load = try measure(runs: 11) { loaded = try store.load().entries.count }
        guard loaded == 10_000 else { throw BenchFailure(message: "loaded \(loaded) history entries instead of 10,000") }
        let peerLoad = try measure(runs: 7) {
            _ = try JSONDecoder().decode([HistoryEntry].self, from: Data(contentsOf: URL(fileURLWithPath: peerPath)))
        }
        report(String(format: "load history (10,000 entries, %.1f MB)", Double(lines.count) / 1_048_576), curlew: load, peer: peerLoad, peerName: "JSONDecoder")

        var indexed = 0
        let indexTime = try measure(runs: 11) { indexed = try store.file.loadIndex().summaries.count }
        guard indexed == 10_000 else { throw BenchFailure(message: "indexed \(indexed) history entries instead of 10,000") }
        report("index that history (summaries for listing)", curlew: indexTime, peer: peerLoad, peerName: "JSONDecoder")
        var listed = 0
        let list = try measure(runs: 11) { listed = try store.query(HistoryQuery(limit: 50)).entries.count }
        guard listed == 50 else { throw BenchFailure(message: "listed \(listed) history entries instead of 50") }
        report("newest 50 entries whole (curlew history)", curlew: list, peer: peerLoad, peerName: "JSONDecoder")

        var index = 10_000
        let append = try measure(runs: 15) {
            index += 1
            try store.file.append(historyEntry(index, time: start + Double(index)))
        }
        var all = entries
        let peerAppend = try measure(runs: 5) {
            index += 1
            all.append(historyEntry(index, time: start + Double(index)))
            try AtomicFile.write(try encoder.encode(all), to: peerPath)
        }
        report("append one entry to that history (lock, fsync)", curlew: append, peer: peerAppend, peerName: "JSONEncoder")
    }

    /// A benchmark whose result is not what it should be.
    struct BenchFailure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}
