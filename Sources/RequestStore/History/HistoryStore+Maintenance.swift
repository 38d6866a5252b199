import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Removing entries by hand: one or more by id, all of them, or all but the newest.
extension HistoryStore {
    /// What a maintenance command removed.
    public struct Removal: Hashable, Sendable {
        /// The ids of the entries removed, oldest first.
        public var entries: [String] = []
        /// How many body files in the history-bodies folder were removed.
        public var bodyFiles = 0
    }

    /// Removes the entries with these exact ids and their body files.
    public func delete(ids: Set<String>) throws(StoreError) -> Removal {
        guard POSIXFile.exists(paths.historyFile) else { return Removal() }
        let removed = try file.remove(ids: ids)
        return Removal(entries: removed, bodyFiles: removeBodyFiles(of: removed))
    }

    /// Removes every entry, unreadable lines, and every body file.
    public func clear() throws(StoreError) -> Removal {
        var removal = Removal()
        if POSIXFile.exists(paths.historyFile) { removal.entries = try file.removeAll() }
        removal.bodyFiles = removeBodyFiles { _ in true }
        return removal
    }

    /// Keeps the newest `maximum` entries, drops unreadable lines, and removes body files that no entry refers to.
    public func compact(keeping maximum: Int) throws(StoreError) -> Removal {
        var removal = Removal()
        if POSIXFile.exists(paths.historyFile) { removal.entries = try file.compact(keeping: maximum) }
        let kept = POSIXFile.exists(paths.historyFile) ? Set(try file.loadIndex().summaries.map(\.id)) : []
        removal.bodyFiles = removeBodyFiles { !kept.contains($0) }
        return removal
    }

    /// The ids that `prefixes` name: each an id or a prefix of exactly one; the error names the first that is unknown or ambiguous.
    public func resolve(ids prefixes: [String]) throws(HistoryLookupError) -> [String] {
        let known: [String]
        do {
            known = POSIXFile.exists(paths.historyFile) ? try file.loadIndex().summaries.map(\.id) : []
        } catch {
            throw HistoryLookupError(id: prefixes.first ?? "", problem: "the history could not be read: \(error)")
        }
        let exact = Set(known)
        var result: [String] = []
        for prefix in prefixes {
            if exact.contains(prefix) {
                result.append(prefix)
                continue
            }
            let matches = Set(known.filter { $0.hasPrefix(prefix) })
            guard !prefix.isEmpty, !matches.isEmpty else { throw HistoryLookupError(id: prefix, problem: "no entry has this id") }
            guard matches.count == 1, let match = matches.first else {
                throw HistoryLookupError(id: prefix, problem: "\(matches.count) entries start with it; give more of the id")
            }
            result.append(match)
        }
        return result
    }

    /// Removes the body files of these entries; returns how many there were.
    private func removeBodyFiles(of ids: [String]) -> Int {
        let removed = Set(ids)
        return removeBodyFiles { removed.contains($0) }
    }

    /// Removes the `ID.body` files of the history-bodies folder whose ID `remove` picks; returns how many were removed.
    private func removeBodyFiles(where remove: (String) -> Bool) -> Int {
        let directory = paths.historyBodiesDirectory
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return 0 }
        var count = 0
        for name in names where name.hasSuffix(".body") && remove(String(name.dropLast(5))) {
            if unlink(directory + "/" + name) == 0 { count += 1 }
        }
        return count
    }
}

/// An id given to a history command that names no entry, or more than one.
public struct HistoryLookupError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The id as given.
    public var id: String
    /// What is wrong with it.
    public var problem: String

    /// Creates the error.
    public init(id: String, problem: String) {
        self.id = id
        self.problem = problem
    }

    public var description: String { "history entry '\(id)': \(problem) (list them with 'curlew history')" }
}
