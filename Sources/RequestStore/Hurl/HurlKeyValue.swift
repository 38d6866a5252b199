/// A `name: value` line of a `.hurl` file (a header, a query parameter, a form field, an option, …).
struct HurlKeyValue: Sendable {
    /// The name, escapes decoded.
    var name: String
    /// The value, escapes decoded and the trailing comment removed; `{{templates}}` are kept as written.
    var value: String
    /// The 1-based column of the name.
    var nameColumn: Int
    /// The 1-based column of the value.
    var valueColumn: Int
    /// Whether the line was written `Name;` (an empty value) rather than `Name: value`.
    var isEmptyForm = false

    /// Reads a line as `name: value`; `Name;` (an empty header) gives an empty value. Nil when it is not one.
    static func read(_ line: String, allowEmptyForm: Bool = false) -> Result<HurlKeyValue, HurlValueError>? {
        let scalars = Array(line.unicodeScalars)
        var index = 0
        while index < scalars.count, scalars[index] == " " || scalars[index] == "\t" { index += 1 }
        let nameColumn = index + 1
        var name = ""
        if index < scalars.count, scalars[index] == "\"" {
            index += 1
            var closed = false
            while index < scalars.count {
                let scalar = scalars[index]
                if scalar == "\"" { closed = true; index += 1; break }
                if scalar == "\\" {
                    switch HurlEscapes.decode(scalars, at: index) {
                    case .success(let (decoded, length)):
                        name.unicodeScalars.append(decoded)
                        index += length
                    case .failure(let error): return .failure(error)
                    }
                    continue
                }
                name.unicodeScalars.append(scalar)
                index += 1
            }
            guard closed else { return .failure(HurlValueError(column: nameColumn, message: "the quoted name has no closing \"")) }
        } else {
            while index < scalars.count {
                let scalar = scalars[index]
                if scalar == ":" || scalar == " " || scalar == "\t" || scalar == ";" { break }
                if scalar == "\\" {
                    switch HurlEscapes.decode(scalars, at: index) {
                    case .success(let (decoded, length)):
                        name.unicodeScalars.append(decoded)
                        index += length
                    case .failure(let error): return .failure(error)
                    }
                    continue
                }
                if scalar == "{" || scalar == "}" || scalar == "\"" || scalar == "#" {
                    if scalar == "{", index + 1 < scalars.count, scalars[index + 1] == "{" {
                        let close = Self.templateEnd(scalars, from: index)
                        name += String(String.UnicodeScalarView(scalars[index..<close]))
                        index = close
                        continue
                    }
                    return nil
                }
                name.unicodeScalars.append(scalar)
                index += 1
            }
        }
        guard !name.isEmpty else { return nil }
        var after = index
        while after < scalars.count, scalars[after] == " " || scalars[after] == "\t" { after += 1 }
        if after < scalars.count, scalars[after] == ";" {
            let rest = String(String.UnicodeScalarView(scalars[(after + 1)...]))
            guard HurlLineKind.isSkippable(rest) else { return nil }
            return .success(HurlKeyValue(name: name, value: "", nameColumn: nameColumn, valueColumn: after + 1, isEmptyForm: true))
        }
        guard after < scalars.count, scalars[after] == ":" else { return nil }
        index = after + 1
        while index < scalars.count, scalars[index] == " " || scalars[index] == "\t" { index += 1 }
        let valueColumn = index + 1
        switch value(scalars, from: index) {
        case .success(let value):
            return .success(HurlKeyValue(name: name, value: value, nameColumn: nameColumn, valueColumn: valueColumn))
        case .failure(let error):
            return .failure(error)
        }
    }

    /// Reads an unquoted value to the end of the line: escapes decoded, `#` starting a comment, trailing spaces cut.
    static func value(_ scalars: [Unicode.Scalar], from start: Int) -> Result<String, HurlValueError> {
        // An array, not a `String.UnicodeScalarView`, so that `count` is constant time on a long line.
        var value: [Unicode.Scalar] = []
        var index = start
        var lastKept = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "#" { break }
            if scalar == "\\" {
                switch HurlEscapes.decode(scalars, at: index) {
                case .success(let (decoded, length)):
                    value.append(decoded)
                    lastKept = value.count
                    index += length
                case .failure(let error): return .failure(error)
                }
                continue
            }
            if scalar == "{", index + 1 < scalars.count, scalars[index + 1] == "{" {
                let close = templateEnd(scalars, from: index)
                value.append(contentsOf: scalars[index..<close])
                lastKept = value.count
                index = close
                continue
            }
            value.append(scalar)
            if scalar != " " && scalar != "\t" { lastKept = value.count }
            index += 1
        }
        return .success(String(String.UnicodeScalarView(value[..<lastKept])))
    }

    /// The index just after the `}}` closing a template that starts at `start`, or the end of the line.
    static func templateEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        var index = start + 2
        while index + 1 < scalars.count {
            if scalars[index] == "}" && scalars[index + 1] == "}" { return index + 2 }
            index += 1
        }
        return scalars.count
    }
}

/// A value of a `.hurl` line that does not read, with the 1-based column.
struct HurlValueError: Error, Sendable {
    /// The column.
    var column: Int
    /// What is wrong.
    var message: String
}

/// The backslash escapes of Hurl's strings and values.
enum HurlEscapes {
    /// Decodes the escape at `index` (a backslash); returns the scalar and how many scalars it took.
    static func decode(_ scalars: [Unicode.Scalar], at index: Int) -> Result<(Unicode.Scalar, Int), HurlValueError> {
        guard index + 1 < scalars.count else {
            return .failure(HurlValueError(column: index + 1, message: "a backslash ends the line; write \\\\ for a backslash"))
        }
        switch scalars[index + 1] {
        case "\\": return .success(("\\", 2))
        case "#": return .success(("#", 2))
        case ":": return .success((":", 2))
        case ";": return .success((";", 2))
        case "\"": return .success(("\"", 2))
        case "`": return .success(("`", 2))
        case "'": return .success(("'", 2))
        case "{": return .success(("{", 2))
        case "}": return .success(("}", 2))
        case "/": return .success(("/", 2))
        case "b": return .success(("\u{08}", 2))
        case "f": return .success(("\u{0C}", 2))
        case "n": return .success(("\n", 2))
        case "r": return .success(("\r", 2))
        case "t": return .success(("\t", 2))
        case "u":
            guard index + 2 < scalars.count, scalars[index + 2] == "{" else {
                return .failure(HurlValueError(column: index + 1, message: "write a code point as \\u{e9}"))
            }
            var end = index + 3
            var hex = ""
            while end < scalars.count, scalars[end] != "}", hex.count <= 6 {
                hex.unicodeScalars.append(scalars[end])
                end += 1
            }
            guard end < scalars.count, scalars[end] == "}", let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) else {
                return .failure(HurlValueError(column: index + 1, message: "\\u{…} needs one to six hex digits of a Unicode code point"))
            }
            return .success((scalar, end + 1 - index))
        default:
            return .failure(HurlValueError(column: index + 1, message: "unknown escape \\\(scalars[index + 1]); the escapes are \\\\ \\# \\\" \\n \\r \\t \\b \\f \\u{…}"))
        }
    }
}
