import Foundation
import RequestStore

/// Why the draft file could not be read or written.
public struct DraftFileError: Error, Hashable, Sendable {
    /// What happened and what to do.
    public var message: String
}

/// The unsaved request, kept in the data folder so nothing typed is lost.
///
/// The file is a saved request in the collection format, written canonically and atomically.
public enum DraftFile {
    /// The draft's path in a data folder.
    public static func path(inDataDirectory directory: String) -> String {
        directory + "/draft.json"
    }

    /// Writes the draft atomically (a crash leaves the old or the new file, never half of one).
    public static func write(_ request: SavedRequest, to path: String) throws(DraftFileError) {
        do {
            let data = try CanonicalJSON.encode(request)
            try AtomicFile.write(data, to: path, permissions: 0o600)
        } catch {
            throw DraftFileError(message: "Could not keep the draft in \(path): \(error). Check that the data folder is writable.")
        }
    }

    /// Reads the draft, nil when there is none; a broken file is reported, not deleted.
    public static func read(from path: String) throws(DraftFileError) -> SavedRequest? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        do {
            return try CanonicalJSON.decode(SavedRequest.self, from: data, file: path)
        } catch {
            throw DraftFileError(message: "The draft \(path) could not be read: \(error). It was left as it is; move it away to start fresh.")
        }
    }
}
