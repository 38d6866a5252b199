import RequestKit

/// Reads a JSON data file: an array of objects, each an object of scalars. Strings are taken as they are;
/// numbers, booleans and null become their JSON text (`42`, `true`, `null`); arrays and objects are errors.
enum JSONRows {
    /// The rows of a JSON array of objects.
    static func parse(_ bytes: [UInt8], file: String) throws(DataFileError) -> [DataRow] {
        let text = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        let tree: OrderedJSON
        do {
            tree = try OrderedJSON.parse(text)
        } catch {
            throw DataFileError(file: file, message: "is not valid JSON: \(error.message)")
        }
        guard case .array(let elements) = tree else {
            throw DataFileError(file: file, message: "must hold a JSON array of objects, e.g. [{\"user\": \"ann\"}]")
        }
        guard elements.count <= DataFile.maximumRows else {
            throw DataFileError(file: file, message: "holds \(elements.count) rows; at most \(DataFile.maximumRows) are allowed")
        }
        var rows: [DataRow] = []
        for (index, element) in elements.enumerated() {
            guard case .object(let members) = element else {
                throw DataFileError(file: file, message: "element \(index + 1) of the array is not an object; each row is an object of variable names and values")
            }
            guard members.count <= DataFile.maximumColumns else {
                throw DataFileError(file: file, message: "element \(index + 1) has \(members.count) keys; at most \(DataFile.maximumColumns) are allowed")
            }
            var columns: [DataColumn] = []
            for member in members {
                let value: String
                switch member.value {
                case .string(let string): value = string
                case .number(let number): value = number
                case .bool(let flag): value = flag ? "true" : "false"
                case .null: value = "null"
                case .array, .object:
                    throw DataFileError(file: file, message: "element \(index + 1), key '\(member.key)': nested arrays and objects cannot be variables; give a string, number, boolean or null")
                }
                columns.append(DataColumn(name: member.key, value: value))
            }
            rows.append(DataRow(number: index + 1, line: index + 1, columns: columns))
        }
        return rows
    }
}
