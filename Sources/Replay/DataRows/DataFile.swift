import Foundation

/// Reads the rows of a data file: CSV (`.csv`, RFC 4180, header row = variable names) or JSON (`.json`, an array
/// of objects whose keys are the variable names).
public enum DataFile {
    /// The largest data file read, in bytes.
    public static let maximumSize = 64 * 1024 * 1024
    /// The most rows a data file may hold.
    public static let maximumRows = 1_000_000
    /// The most columns (or keys) a row may have.
    public static let maximumColumns = 1000

    /// Loads the rows of a file, choosing the format by its extension.
    public static func load(_ path: String) throws(DataFileError) -> [DataRow] {
        let lowercased = path.lowercased()
        guard lowercased.hasSuffix(".csv") || lowercased.hasSuffix(".json") else {
            throw DataFileError(file: path, message: "a data file must be a .csv or a .json file")
        }
        let rows = try parse(try read(path), csv: lowercased.hasSuffix(".csv"), file: path)
        guard !rows.isEmpty else { throw DataFileError(file: path, message: "has no data rows; add at least one row under the header") }
        return rows
    }

    /// Parses the bytes of a CSV or JSON data file; `file` names it in errors.
    public static func parse(_ bytes: [UInt8], csv: Bool, file: String) throws(DataFileError) -> [DataRow] {
        csv ? try CSVRows.parse(bytes, file: file) : try JSONRows.parse(bytes, file: file)
    }

    /// The file's bytes, refusing folders, missing files and files over `maximumSize`.
    private static func read(_ path: String) throws(DataFileError) -> [UInt8] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw DataFileError(file: path, message: "no such file")
        }
        guard !isDirectory.boolValue, let handle = FileHandle(forReadingAtPath: path) else {
            throw DataFileError(file: path, message: "cannot be read; give a readable .csv or .json file")
        }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: maximumSize + 1) ?? Data()
        } catch {
            throw DataFileError(file: path, message: "cannot be read: \(error.localizedDescription)")
        }
        guard data.count <= maximumSize else {
            throw DataFileError(file: path, message: "is larger than \(maximumSize / 1024 / 1024) MB; split it into smaller files")
        }
        return Array(data)
    }
}
