import Foundation

/// Reads Hurl's variables files: one `name=value` a line; blank lines and `#` comments are skipped.
public enum VariablesFile {
    /// The largest variables file read, in bytes.
    public static let maximumSize = 1024 * 1024

    /// Why a variables file could not be read.
    public struct ReadError: Error, CustomStringConvertible {
        /// What went wrong, with the file and line.
        public var description: String
    }

    /// The variables in the file at `path`, in file order.
    public static func read(_ path: String) throws(ReadError) -> [(name: String, value: String)] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ReadError(description: "\(path): cannot read the file; check the path")
        }
        return try parse(data, file: path)
    }

    /// The variables in a file's bytes, in file order; errors name `file`.
    public static func parse(_ data: Data, file path: String) throws(ReadError) -> [(name: String, value: String)] {
        guard data.count <= maximumSize else { throw ReadError(description: "\(path): the file is larger than \(maximumSize) bytes") }
        guard let text = String(data: data, encoding: .utf8) else { throw ReadError(description: "\(path): the file is not UTF-8 text") }
        var variables: [(name: String, value: String)] = []
        for (index, rawLine) in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.last == "\r" ? rawLine.dropLast() : rawLine
            let trimmed = String(String.UnicodeScalarView(line)).trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            guard let equals = trimmed.firstIndex(of: "="), equals != trimmed.startIndex else {
                throw ReadError(description: "\(path):\(index + 1): write name=value, not '\(trimmed.prefix(40))'")
            }
            let name = trimmed[..<equals].trimmingCharacters(in: .whitespaces)
            variables.append((name, trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces)))
        }
        return variables
    }
}
