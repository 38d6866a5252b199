import Foundation
import RequestKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The history of a data folder: recording exchanges, reading and querying them, and keeping the size in check.
public struct HistoryStore: Sendable {
    /// Where the files are.
    public let paths: StorePaths
    /// Limits and redaction.
    public var settings: HistorySettings
    /// The JSON Lines file.
    public var file: HistoryFile { HistoryFile(path: paths.historyFile) }

    /// The growth factor of the file between two cap checks; keeps appends amortised O(1).
    static let checkGrowthFactor = 1.25

    /// Creates a store over a data folder.
    public init(paths: StorePaths, settings: HistorySettings = HistorySettings()) {
        self.paths = paths
        self.settings = settings
    }

    /// Records an exchange: builds the entry (redacted, large bodies to side files), appends it, and compacts when over the cap.
    @discardableResult
    public func record(_ exchange: HistoryExchange) throws(StoreError) -> HistoryEntry {
        try paths.ensureDataDirectory()
        let entry = try makeEntry(exchange)
        let before = file.size
        do {
            try file.append(entry)
        } catch {
            if let side = entry.response?.bodyFile { unlink(paths.historyBodiesDirectory + "/" + side) }
            throw error
        }
        let after = file.size
        if HistoryStore.crossedCheckpoint(from: before, to: after) {
            try compact()
        }
        return entry
    }

    /// Whether the file's size passed one of the sizes 1.25^k at which the number of entries is checked.
    static func crossedCheckpoint(from before: Int, to after: Int) -> Bool {
        guard after > 0 else { return false }
        if before <= 0 { return true }
        let logBase = log(checkGrowthFactor)
        return Int(log(Double(after)) / logBase) > Int(log(Double(before)) / logBase)
    }

    /// Rewrites the history keeping the newest `maximumEntries`, and removes side files of dropped entries.
    public func compact() throws(StoreError) {
        let removed = try file.compact(keeping: settings.maximumEntries)
        for id in removed {
            unlink(sideFilePath(for: id))
        }
    }

    /// Reads the whole history, oldest first, with any problems found.
    public func load() throws(StoreError) -> HistoryFile.Contents {
        try file.load()
    }

    /// The entries matching a query, newest first, with the index they were found in (its problems say which lines were skipped).
    ///
    /// Filters run on the summaries; only the entries returned are read whole. A matching line whose
    /// request or response part cannot be read is skipped and reported in the index's problems.
    public func query(_ query: HistoryQuery) throws(StoreError) -> (entries: [HistoryEntry], contents: HistoryFile.Index) {
        var index = try file.loadIndex()
        var entries: [HistoryEntry] = []
        for summary in index.summaries.reversed() where query.matches(summary) {
            do {
                entries.append(try index.decodeEntry(summary))
            } catch {
                index.problems.append("line \(summary.lineNumber): not a valid history entry (\(HistoryFile.reason(error))), skipped")
                continue
            }
            if let limit = query.limit, entries.count >= limit { break }
        }
        return (entries, index)
    }

    /// The newest `limit` entries whose summary `matches` accepts, newest first, and whether older ones match too.
    /// Stops early when the task it runs in is cancelled.
    public func entries(matching matches: (HistorySummary) -> Bool, limit: Int) throws(StoreError) -> (entries: [HistoryEntry], more: Bool) {
        let index = try file.loadIndex()
        var entries: [HistoryEntry] = []
        for summary in index.summaries.reversed() where matches(summary) {
            if entries.count >= limit { return (entries, true) }
            if Task.isCancelled { break }
            if let entry = try? index.decodeEntry(summary) { entries.append(entry) }
        }
        return (entries, false)
    }

    /// The entry whose id is given, or starts with the given text when only one does.
    public func entry(id: String) throws(StoreError) -> HistoryEntry? {
        let index = try file.loadIndex()
        for summary in index.summaries.reversed() where summary.id == id {
            if let entry = try? index.entry(summary) { return entry }
        }
        let matches = index.summaries.filter { $0.id.hasPrefix(id) }.compactMap { try? index.entry($0) }
        return matches.count == 1 ? matches[0] : nil
    }

    /// The response body of an entry: inline text or base64, or the side file; nil when it was dropped.
    public func responseBody(of entry: HistoryEntry) throws(StoreError) -> Data? {
        guard let response = entry.response else { return nil }
        if let body = response.body {
            if response.bodyEncoding == "base64" { return Data(base64Encoded: body) }
            return Data(body.utf8)
        }
        if let name = response.bodyFile {
            return try POSIXFile.read(paths.historyBodiesDirectory + "/" + name)
        }
        return nil
    }

    /// The side file of an entry's large body.
    func sideFilePath(for id: String) -> String {
        paths.historyBodiesDirectory + "/" + id + ".body"
    }

    /// Builds the entry for an exchange, writing a large body to a side file when there is room.
    func makeEntry(_ exchange: HistoryExchange) throws(StoreError) -> HistoryEntry {
        let credentials = Redaction.credentials(in: exchange.headers) + Redaction.credentials(in: exchange.response?.headers ?? [])
        let redaction = settings.redact ? Redaction(secrets: exchange.secrets + credentials) : Redaction(secrets: [])
        let id = HistoryEntry.makeID(now: exchange.time)
        let clean: (String) -> String = { settings.redact ? redaction.text($0) : $0 }
        let cleanHeaders: (HTTPHeaders) -> HTTPHeaders = { settings.redact ? redaction.headers($0) : $0 }

        var request = HistoryRequest(headers: cleanHeaders(exchange.headers))
        var bodyBytes = Data()
        var notes: [String] = []
        for segment in exchange.body {
            switch segment {
            case .bytes(let data): bodyBytes.append(data)
            case .file(let path):
                let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
                notes.append("file \(path) (\(size) bytes)")
                request.bodySize += size
            }
        }
        request.bodySize += bodyBytes.count
        if !bodyBytes.isEmpty {
            if bodyBytes.count > settings.inlineBodyLimit {
                notes.append("\(bodyBytes.count) bytes, over the inline limit of \(settings.inlineBodyLimit) bytes; not kept")
            } else if let text = String(data: bodyBytes, encoding: .utf8) {
                request.body = clean(text)
            } else {
                notes.append("binary, \(bodyBytes.count) bytes; not kept")
            }
        }
        request.bodyNote = notes.isEmpty ? nil : notes.joined(separator: "; ")
        request.collection = exchange.collection
        request.environment = exchange.environment
        if settings.redact, !exchange.secretVariables.isEmpty {
            let templating = SecretTemplating(secretVariables: exchange.secretVariables, redaction: redaction)
            let template = HistoryTemplate(
                url: templating.url(exchange.url), headers: templating.headers(exchange.headers),
                body: request.body == nil ? nil : String(data: bodyBytes, encoding: .utf8).map(templating.text))
            if template != HistoryTemplate(url: clean(exchange.url), headers: request.headers, body: request.body) {
                request.template = template
            }
        }

        var entry = HistoryEntry(id: id, time: exchange.time, method: exchange.method, url: clean(exchange.url), request: request, error: exchange.error.map(clean), source: exchange.source)
        guard let response = exchange.response else { return entry }
        entry.status = response.statusCode
        entry.reason = response.reason
        entry.durationMs = (response.timings.total * 1000 * 1000).rounded() / 1000
        entry.size = response.bodyPath == nil ? response.body.count + Int(response.droppedBodyBytes) : Int(response.bytesReceived)
        var side = HistoryResponse(httpVersion: response.httpVersion, headers: cleanHeaders(response.headers), timings: response.timings)
        let body = response.body
        if response.temporaryBody != nil {
            side.bodyNote = "body of \(response.bytesReceived) bytes not kept: larger than curlew holds in memory, it went to a temporary file"
        } else if let path = response.bodyPath {
            side.bodyNote = "written to \(path)"
        } else if body.isEmpty {
            side.body = nil
        } else if body.count <= settings.inlineBodyLimit {
            if let text = String(data: body, encoding: .utf8) {
                side.body = clean(text)
            } else {
                side.body = body.base64EncodedString()
                side.bodyEncoding = "base64"
            }
        } else if body.count > settings.sideBodiesLimit {
            side.bodyNote = "body of \(body.count) bytes dropped: larger than the inline limit (\(settings.inlineBodyLimit) bytes) and than the whole history-bodies limit (\(settings.sideBodiesLimit) bytes)"
        } else if case let used = try sideBodiesSize(), used + body.count <= settings.sideBodiesLimit {
            try POSIXFile.makeDirectory(paths.historyBodiesDirectory, mode: 0o700)
            var stored = body
            if settings.redact, !redaction.secrets.isEmpty, let text = String(data: body, encoding: .utf8) {
                stored = Data(redaction.text(text).utf8)
            }
            try AtomicFile.write(stored, to: sideFilePath(for: id), permissions: 0o600)
            side.bodyFile = id + ".body"
        } else {
            side.bodyNote = "body of \(body.count) bytes dropped: larger than the inline limit (\(settings.inlineBodyLimit) bytes), and the history-bodies folder has no room for it (it holds \(try sideBodiesSize()) of its \(settings.sideBodiesLimit) bytes)"
        }
        if response.droppedBodyBytes > 0 {
            let kept = "streamed body of \(entry.size) bytes; only its first \(body.count) bytes were kept"
            side.bodyNote = side.bodyNote.map { kept + "; " + $0 } ?? kept
        }
        if response.stoppedEarly { side.stoppedEarly = true }
        if !exchange.events.isEmpty { (side.events, side.eventsNote) = keptEvents(exchange.events, clean: clean) }
        entry.response = side
        return entry
    }

    /// The events the history keeps: at most `eventLimit`, with data totalling at most `inlineBodyLimit` bytes; and a note when some are left out.
    private func keptEvents(_ events: [TimedServerSentEvent], clean: (String) -> String) -> ([HistoryEvent], String?) {
        var kept: [HistoryEvent] = []
        var dataBytes = 0
        for timed in events {
            let size = timed.event.data.utf8.count
            guard kept.count < settings.eventLimit, dataBytes + size <= settings.inlineBodyLimit else { break }
            dataBytes += size
            var event = HistoryEvent(timed)
            event.data = clean(event.data)
            event.id = event.id.map(clean)
            kept.append(event)
        }
        guard kept.count < events.count else { return (kept, nil) }
        let note = "the first \(kept.count) of \(events.count) events were kept (the history keeps at most \(settings.eventLimit) events and \(settings.inlineBodyLimit) bytes of their data)"
        return (kept, note)
    }

    /// The total size of the side files.
    private func sideBodiesSize() throws(StoreError) -> Int {
        let directory = paths.historyBodiesDirectory
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return 0 }
        var total = 0
        for name in names {
            var info = stat()
            if stat(directory + "/" + name, &info) == 0 { total += Int(info.st_size) }
        }
        return total
    }
}
