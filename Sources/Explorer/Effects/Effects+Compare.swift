import BodyIndex
import Foundation
import RequestKit
import RequestStore
import TUICore

extension Effects {
    /// The most earlier responses the compare picker offers.
    static let comparisonCandidateLimit = 100

    /// Reads, off the UI thread, the history entries of the same request (method and URL) that hold a response,
    /// newest first, leaving out the entry shown now; nil without a data folder.
    func loadComparisonCandidates(method: HTTPMethod, url: String, excluding id: String?) -> Command<AppMessage>? {
        guard let paths = storePaths else { return nil }
        return .perform {
            do throws(StoreError) {
                let found = try HistoryStore(paths: paths).query(HistoryQuery(method: method, urlContains: url))
                let entries = found.entries.filter { $0.url == url && $0.id != id && $0.response != nil && $0.status != nil }
                return .comparisonCandidatesLoaded(.success(Array(entries.prefix(Self.comparisonCandidateLimit))))
            } catch {
                return .comparisonCandidatesLoaded(.failure(SendFailure("The history could not be read (\(error)); compare with a file instead.")))
            }
        }
    }

    /// Compares, off the UI thread, `current` with the response a history entry stored.
    func compare(_ current: ComparedResponse, with entry: HistoryEntry) -> Command<AppMessage> {
        let paths = storePaths
        return .perform {
            let body = BodyBytes(StoredResponse.body(of: entry, paths: paths))
            let headers = entry.response?.headers.all ?? []
            let old = ComparedResponse(label: "history " + ComparePicker.timestamp(entry.time), status: entry.status, reason: entry.reason,
                                       headers: headers, contentType: entry.response?.headers.value(for: "Content-Type") ?? "", body: body)
            return .comparisonReady(.success(ResponseComparison(old: old, new: current)))
        }
    }

    /// Compares `current` with a saved example of its request, off the UI thread.
    func compare(_ current: ComparedResponse, withExample example: SavedExample) -> Command<AppMessage> {
        .perform {
            let headers = example.headers.filter(\.enabled).map { HTTPHeader(name: $0.name, value: $0.value) }
            let old = ComparedResponse(label: "saved example " + example.name, status: example.status, reason: example.reason,
                                       headers: headers, contentType: example.contentType, body: BodyBytes(Data(example.body.utf8)))
            return .comparisonReady(.success(ResponseComparison(old: old, new: current)))
        }
    }

    /// Reads a file (a relative path against the collection's folder) and compares `current` with it, off the UI thread.
    func compare(_ current: ComparedResponse, withFile path: String, baseDirectory: String?) -> Command<AppMessage> {
        .perform {
            let full = FileInspection.resolve(path, baseDirectory: baseDirectory)
            let limit = Int(ResponseSizeLimit.defaultLimit)
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: full),
                  (attributes[.type] as? FileAttributeType) == .typeRegular else {
                return .comparisonReady(.failure(SendFailure("Not compared: \(full) is not a readable file.")))
            }
            if let size = attributes[.size] as? Int, size > limit {
                return .comparisonReady(.failure(SendFailure("Not compared: \(full) is \(ResponseFormatting.size(Int64(size))), over the \(ResponseFormatting.size(Int64(limit))) a response may have.")))
            }
            guard let data = FileManager.default.contents(atPath: full) else {
                return .comparisonReady(.failure(SendFailure("Not compared: \(full) could not be read; check its permissions.")))
            }
            let old = ComparedResponse(label: "file " + path, status: nil, body: BodyBytes(data))
            return .comparisonReady(.success(ResponseComparison(old: old, new: current)))
        }
    }
}
