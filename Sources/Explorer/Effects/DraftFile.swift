import Foundation
import RequestKit
import RequestStore

/// Why the draft file could not be read or written.
public struct DraftFileError: Error, Hashable, Sendable {
    /// What happened and what to do.
    public var message: String
}

/// The unsaved request, kept in the data folder so nothing typed is lost.
///
/// The file is a saved request in the collection format, written canonically and atomically, except that its
/// `checks` and `captures` hold the lines as typed, including lines that do not parse yet.
public enum DraftFile {
    /// The draft's path in a data folder.
    public static func path(inDataDirectory directory: String) -> String {
        directory + "/draft.json"
    }

    /// Writes the draft atomically (a crash leaves the old or the new file, never half of one), with what its tab
    /// was opened from and the history entry of the response it shows, when given.
    public static func write(_ draft: RequestDraft, baseline: SavedRequest? = nil, response: String? = nil, to path: String) throws(DraftFileError) {
        let data = try encode(draft, baseline: baseline, response: response, path: path)
        do {
            try AtomicFile.write(data, to: path, permissions: 0o600)
        } catch {
            throw DraftFileError(message: "Could not keep the draft in \(path): \(error). Check that the data folder is writable.")
        }
    }

    /// The member naming what a tab was opened from (a history entry's request), so that it is not marked as
    /// modified when it comes back.
    static let baselineKey = "openedFrom"

    /// The member naming the history entry of the response the tab showed, shown again when the tab comes back.
    static let responseKey = "lastResponse"

    /// The bytes the draft is written as, with what its tab was opened from and the history entry of its response
    /// when given; errors name `path`.
    public static func encode(_ draft: RequestDraft, baseline: SavedRequest? = nil, response: String? = nil, path: String) throws(DraftFileError) -> Data {
        let typed = CheckLines.typedLines(draft.checkLines)
        var saved = draft.savedRequest
        saved.checks = []
        saved.captures = []
        let tree: OrderedJSON
        do {
            tree = try CanonicalJSON.tree(of: saved)
        } catch {
            throw DraftFileError(message: "Could not keep the draft in \(path): \(error). Check that the data folder is writable.")
        }
        guard case .object(var members) = tree else {
            throw DraftFileError(message: "Could not keep the draft in \(path): the request did not encode as an object.")
        }
        if !typed.checks.isEmpty { members.append(JSONMember(key: "checks", value: .array(typed.checks.map { .string($0) }))) }
        if !typed.captures.isEmpty { members.append(JSONMember(key: "captures", value: .array(typed.captures.map { .string($0) }))) }
        if let baseline {
            do {
                members.append(JSONMember(key: baselineKey, value: try CanonicalJSON.tree(of: baseline)))
            } catch {
                throw DraftFileError(message: "Could not keep the draft in \(path): \(error). Check that the data folder is writable.")
            }
        }
        if let response { members.append(JSONMember(key: responseKey, value: .string(response))) }
        return CanonicalJSON.format(.object(members))
    }

    /// Reads the draft, nil when there is none; a broken file is reported, not deleted.
    public static func read(from path: String) throws(DraftFileError) -> RequestDraft? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try decode(data, path: path)
    }

    /// The draft in a file's bytes; errors name `path`.
    public static func decode(_ data: Data, path: String) throws(DraftFileError) -> RequestDraft {
        try decodeWithBaseline(data, path: path).draft
    }

    /// The draft in a file's bytes and what its tab was opened from, if the file says; errors name `path`.
    static func decodeWithBaseline(_ data: Data, path: String) throws(DraftFileError) -> (draft: RequestDraft, baseline: SavedRequest?, response: String?) {
        do {
            guard case .object(var members) = try CanonicalJSON.parse(data, file: path) else {
                throw DraftFileError(message: "The draft \(path) is not a JSON object. It was left as it is; move it away to start fresh.")
            }
            let checks = try lines(of: "checks", in: members, path: path)
            let captures = try lines(of: "captures", in: members, path: path)
            let baseline = try members.first { $0.key == baselineKey }.map { try CanonicalJSON.decode(SavedRequest.self, from: $0.value, file: path) }
            // Only an id of the history's own shape is taken: it names a file-free lookup, never a path.
            let response = members.first { $0.key == responseKey }?.value.stringValue.flatMap { HistoryEntry.isWellFormedID($0) ? $0 : nil }
            members.removeAll { $0.key == "checks" || $0.key == "captures" || $0.key == baselineKey || $0.key == responseKey }
            let saved = try CanonicalJSON.decode(SavedRequest.self, from: .object(members), file: path)
            return (RequestDraft(saved: saved, checkLines: checks, captureLines: captures), baseline, response)
        } catch let error as DraftFileError {
            throw error
        } catch {
            throw DraftFileError(message: "The draft \(path) could not be read: \(error). It was left as it is; move it away to start fresh.")
        }
    }

    /// The strings of an array member, as typed.
    private static func lines(of key: String, in members: [JSONMember], path: String) throws(DraftFileError) -> [String] {
        guard let member = members.first(where: { $0.key == key }) else { return [] }
        guard case .array(let items) = member.value else {
            throw DraftFileError(message: "The draft \(path) has \"\(key)\" that is not a list of lines. It was left as it is; move it away to start fresh.")
        }
        return try items.map { item throws(DraftFileError) in
            guard let text = item.stringValue else {
                throw DraftFileError(message: "The draft \(path) has a \"\(key)\" entry that is not text. It was left as it is; move it away to start fresh.")
            }
            return text
        }
    }
}
