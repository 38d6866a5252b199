/// Writes a JSON value as text with two-space indentation, members in their order, and a final newline.
enum JSONTextWriter {
    /// The text of a value.
    static func text(_ value: JSONValue) -> String {
        var output = ""
        write(value, indent: 0, into: &output)
        return output + "\n"
    }

    private static func write(_ value: JSONValue, indent: Int, into output: inout String) {
        switch value {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .number(let text): output += text
        case .string(let text): writeString(text, into: &output)
        case .array(let items):
            guard !items.isEmpty else {
                output += "[]"
                return
            }
            output += "[\n"
            for (index, item) in items.enumerated() {
                output += String(repeating: "  ", count: indent + 1)
                write(item, indent: indent + 1, into: &output)
                output += index == items.count - 1 ? "\n" : ",\n"
            }
            output += String(repeating: "  ", count: indent) + "]"
        case .object(let members):
            guard !members.isEmpty else {
                output += "{}"
                return
            }
            output += "{\n"
            for (index, member) in members.enumerated() {
                output += String(repeating: "  ", count: indent + 1)
                writeString(member.key, into: &output)
                output += ": "
                write(member.value, indent: indent + 1, into: &output)
                output += index == members.count - 1 ? "\n" : ",\n"
            }
            output += String(repeating: "  ", count: indent) + "}"
        }
    }

    private static func writeString(_ text: String, into output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }
}

/// Shorthands for building JSON trees in exporters.
extension JSONValue {
    /// An object from key/value pairs, leaving out pairs whose value is nil.
    static func members(_ pairs: [(String, JSONValue?)]) -> JSONValue {
        .object(pairs.compactMap { key, value in value.map { JSONMember(key: key, value: $0) } })
    }
}
