/// One row of a data file: a value for each column, used as variables for one pass of the run.
public struct DataRow: Hashable, Sendable {
    /// The row's number, from 1, as result lines name it.
    public var number: Int
    /// The line of the data file the row starts on (for CSV; the element index from 1 for JSON).
    public var line: Int
    /// Column (or key) names and their values, in the file's order.
    public var columns: [DataColumn]

    /// Creates a row.
    public init(number: Int, line: Int, columns: [DataColumn]) {
        self.number = number
        self.line = line
        self.columns = columns
    }

    /// The values by name; a repeated name keeps its last value.
    public var values: [String: String] {
        Dictionary(columns.map { ($0.name, $0.value) }, uniquingKeysWith: { _, last in last })
    }
}

/// A named value of a data row.
public struct DataColumn: Hashable, Sendable {
    /// The variable name (the CSV header or the JSON key).
    public var name: String
    /// The value as `{{name}}` inserts it.
    public var value: String

    /// Creates a column value.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// Why a data file cannot be used, naming the file and the line.
public struct DataFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file.
    public var file: String
    /// The 1-based line, when the problem has one.
    public var line: Int?
    /// What is wrong and what to do.
    public var message: String

    /// Creates an error.
    public init(file: String, line: Int? = nil, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    /// "FILE:LINE: message".
    public var description: String {
        if let line { return "\(file):\(line): \(message)" }
        return "\(file): \(message)"
    }
}
