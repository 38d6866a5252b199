import RequestKit
/// Writes a JSON value in curlew's canonical layout: members in the order given, two-space indent,
/// `"key": value`, empty arrays and objects as `[]` and `{}`, and a final newline.
///
/// Strings escape only `"`, `\`, and control characters (as `\n`, `\t`, … or `\u00XX`); everything
/// else, `/` and non-ASCII text included, is written as it is.
enum CanonicalJSONWriter {
    /// The canonical bytes of a value, ending with a newline.
    static func bytes(of value: OrderedJSON) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(4096)
        write(value, indent: 0, into: &output)
        output.append(0x0A)
        return output
    }

    /// The canonical text of a value on one line, without indentation or final newline (for JSON Lines).
    static func compactBytes(of value: OrderedJSON) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(1024)
        writeCompact(value, into: &output)
        return output
    }

    private static func write(_ value: OrderedJSON, indent: Int, into output: inout [UInt8]) {
        switch value {
        case .array(let items) where !items.isEmpty:
            output.append(UInt8(ascii: "["))
            for (position, item) in items.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                output.append(0x0A)
                appendIndent(indent + 1, into: &output)
                write(item, indent: indent + 1, into: &output)
            }
            output.append(0x0A)
            appendIndent(indent, into: &output)
            output.append(UInt8(ascii: "]"))
        case .object(let members) where !members.isEmpty:
            output.append(UInt8(ascii: "{"))
            for (position, member) in members.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                output.append(0x0A)
                appendIndent(indent + 1, into: &output)
                appendString(member.key, into: &output)
                output.append(UInt8(ascii: ":"))
                output.append(0x20)
                write(member.value, indent: indent + 1, into: &output)
            }
            output.append(0x0A)
            appendIndent(indent, into: &output)
            output.append(UInt8(ascii: "}"))
        default:
            writeCompact(value, into: &output)
        }
    }

    private static func writeCompact(_ value: OrderedJSON, into output: inout [UInt8]) {
        switch value {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let text): output.append(contentsOf: text.utf8)
        case .string(let text): appendString(text, into: &output)
        case .array(let items):
            output.append(UInt8(ascii: "["))
            for (position, item) in items.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                writeCompact(item, into: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            for (position, member) in members.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                appendString(member.key, into: &output)
                output.append(UInt8(ascii: ":"))
                writeCompact(member.value, into: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    private static func appendIndent(_ level: Int, into output: inout [UInt8]) {
        for _ in 0..<(level * 2) { output.append(0x20) }
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    private static func appendString(_ text: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output.append(0x5C); output.append(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): output.append(0x5C); output.append(0x5C)
            case 0x0A: output.append(0x5C); output.append(UInt8(ascii: "n"))
            case 0x0D: output.append(0x5C); output.append(UInt8(ascii: "r"))
            case 0x09: output.append(0x5C); output.append(UInt8(ascii: "t"))
            case 0x08: output.append(0x5C); output.append(UInt8(ascii: "b"))
            case 0x0C: output.append(0x5C); output.append(UInt8(ascii: "f"))
            case 0x00..<0x20, 0x7F:
                output.append(contentsOf: Array("\\u00".utf8))
                output.append(hexDigits[Int(byte >> 4)])
                output.append(hexDigits[Int(byte & 0x0F)])
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
