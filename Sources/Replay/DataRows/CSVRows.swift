import Foundation

/// Parses CSV as RFC 4180 describes it: fields separated by commas, records by CR LF or LF, fields in double
/// quotes may hold commas, line breaks and doubled quotes. A UTF-8 byte order mark is skipped, blank lines and
/// the final line break are ignored, and every record must have as many fields as the header.
enum CSVRows {
    /// The rows of a CSV text whose first record names the columns.
    static func parse(_ bytes: [UInt8], file: String) throws(DataFileError) -> [DataRow] {
        var reader = CSVReader(bytes: bytes, file: file)
        guard let header = try reader.nextRecord() else { return [] }
        let names = header.fields.map { $0.trimmingCharacters(in: .whitespaces) }
        guard names.count <= DataFile.maximumColumns else {
            throw DataFileError(file: file, line: header.line, message: "the header has \(names.count) columns; at most \(DataFile.maximumColumns) are allowed")
        }
        var seen = Set<String>()
        for (index, name) in names.enumerated() {
            guard !name.isEmpty else {
                throw DataFileError(file: file, line: header.line, message: "column \(index + 1) of the header has no name; the header row names the variables")
            }
            guard seen.insert(name).inserted else {
                throw DataFileError(file: file, line: header.line, message: "the header names '\(name)' twice")
            }
        }
        var rows: [DataRow] = []
        while let record = try reader.nextRecord() {
            guard record.fields.count == names.count else {
                throw DataFileError(
                    file: file, line: record.line,
                    message: "this row has \(record.fields.count) field\(record.fields.count == 1 ? "" : "s") but the header has \(names.count); quote fields that hold commas")
            }
            guard rows.count < DataFile.maximumRows else {
                throw DataFileError(file: file, line: record.line, message: "more than \(DataFile.maximumRows) rows; split the file")
            }
            rows.append(DataRow(
                number: rows.count + 1, line: record.line,
                columns: zip(names, record.fields).map { DataColumn(name: $0, value: $1) }))
        }
        return rows
    }
}

/// Reads CSV records one at a time from UTF-8 bytes, keeping track of line numbers.
struct CSVReader {
    /// One record: its fields and the line it starts on.
    struct Record {
        var fields: [String]
        var line: Int
    }

    private let bytes: [UInt8]
    private let file: String
    private var index = 0
    private var line = 1

    private static let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ","), cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")

    /// Creates a reader; a UTF-8 byte order mark at the start is skipped.
    init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    /// The next record, or nil at the end; blank lines are skipped.
    mutating func nextRecord() throws(DataFileError) -> Record? {
        while index < bytes.count, bytes[index] == Self.cr || bytes[index] == Self.lf { consumeLineBreak() }
        guard index < bytes.count else { return nil }
        let start = line
        var fields: [String] = []
        while true {
            guard fields.count < DataFile.maximumColumns else {
                throw DataFileError(file: file, line: start, message: "this row has more than \(DataFile.maximumColumns) fields")
            }
            fields.append(try nextField(recordLine: start))
            guard index < bytes.count else { break }
            if bytes[index] == Self.comma {
                index += 1
                continue
            }
            consumeLineBreak()
            break
        }
        return Record(fields: fields, line: start)
    }

    /// Reads one field, stopping before the comma or line break that ends it.
    private mutating func nextField(recordLine: Int) throws(DataFileError) -> String {
        var value: [UInt8] = []
        if index < bytes.count, bytes[index] == Self.quote {
            let fieldLine = line
            index += 1
            while true {
                guard index < bytes.count else {
                    throw DataFileError(file: file, line: fieldLine, message: "a quoted field is never closed; end it with a double quote")
                }
                let byte = bytes[index]
                if byte == Self.quote {
                    if index + 1 < bytes.count, bytes[index + 1] == Self.quote {
                        value.append(Self.quote)
                        index += 2
                        continue
                    }
                    index += 1
                    break
                }
                if byte == Self.lf { line += 1 }
                value.append(byte)
                index += 1
            }
            if index < bytes.count, bytes[index] != Self.comma, bytes[index] != Self.cr, bytes[index] != Self.lf {
                throw DataFileError(file: file, line: line, message: "text after the closing quote of a field; double a quote inside a quoted field (\"\")")
            }
        } else {
            while index < bytes.count {
                let byte = bytes[index]
                if byte == Self.comma || byte == Self.cr || byte == Self.lf { break }
                value.append(byte)
                index += 1
            }
        }
        guard let text = String(validating: value, as: UTF8.self) else {
            throw DataFileError(file: file, line: line, message: "a field is not valid UTF-8; save the file as UTF-8")
        }
        return text
    }

    /// Steps over CR LF, LF or a lone CR, counting the line.
    private mutating func consumeLineBreak() {
        guard index < bytes.count else { return }
        if bytes[index] == Self.cr {
            index += 1
            if index < bytes.count, bytes[index] == Self.lf { index += 1 }
        } else if bytes[index] == Self.lf {
            index += 1
        }
        line += 1
    }
}
