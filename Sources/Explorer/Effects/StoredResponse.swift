import Foundation
import RequestKit
import RequestStore
import TUICore

extension Effects {
    /// Reads the response a history entry stored (its body from the side file when it was large) into a viewer document.
    func loadStoredResponse(_ entry: HistoryEntry) -> Command<AppMessage>? {
        guard entry.response != nil, entry.status != nil else { return nil }
        let paths = storePaths
        return .perform {
            StoredResponse.document(of: entry, paths: paths).map { .storedResponseLoaded(entryID: entry.id, document: $0) }
        }
    }

    /// Reads history entry `id` and the response it stored, for a tab restored at start; nothing when it is gone.
    func loadStoredResponse(id: String) -> Command<AppMessage>? {
        guard let paths = storePaths else { return nil }
        return .perform {
            guard let entry = try? HistoryStore(paths: paths).entry(id: id), entry.id == id,
                  let document = StoredResponse.document(of: entry, paths: paths) else { return nil }
            return .storedResponseRestored(entry: entry, document: document)
        }
    }
}

/// Reading back the parts of a stored exchange.
enum StoredResponse {
    /// The viewer document of an entry's stored response, nil when it holds none.
    static func document(of entry: HistoryEntry, paths: StorePaths?) -> ResponseDocument? {
        guard let stored = entry.response, let status = entry.status else { return nil }
        let response = Response(statusCode: status, reason: entry.reason, httpVersion: stored.httpVersion, headers: stored.headers,
                                body: body(of: entry, paths: paths), effectiveURL: entry.url, timings: stored.timings,
                                stoppedEarly: stored.stoppedEarly ?? false)
        let events = stored.events?.map { StreamedEvent(offset: $0.offset, name: $0.event, id: $0.id, data: $0.data) }
        return ResponseDocument.make(from: response, events: events)
    }

    /// The stored body of an entry's response: inline text or base64, or its side file; empty when it was dropped.
    static func body(of entry: HistoryEntry, paths: StorePaths?) -> Data {
        if let paths, let body = try? HistoryStore(paths: paths).responseBody(of: entry) { return body }
        guard let response = entry.response, let inline = response.body else { return Data() }
        if response.bodyEncoding == "base64" { return Data(base64Encoded: inline) ?? Data() }
        return Data(inline.utf8)
    }
}
