/// A file curlew cannot read, with where and why: the file, line and column (from 1), and the reason.
public struct FileFormatError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file's path as given.
    public var file: String
    /// The line of the problem, from 1.
    public var line: Int
    /// The column of the problem, from 1, counted in characters.
    public var column: Int
    /// What is wrong.
    public var reason: String

    /// Creates an error.
    public init(file: String, line: Int, column: Int, reason: String) {
        self.file = file
        self.line = line
        self.column = column
        self.reason = reason
    }

    /// `file:line:column: reason`, then what to do.
    public var description: String {
        "\(file):\(line):\(column): \(reason). Fix the file in an editor; curlew leaves a file it cannot read untouched."
    }
}
