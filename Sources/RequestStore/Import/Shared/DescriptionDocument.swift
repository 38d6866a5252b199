import Foundation
import RequestKit

/// Reads an API description or export that may be JSON or YAML into an ordered JSON tree.
enum DescriptionDocument {
    /// The tree of a JSON or YAML text: text that starts with `{` or `[` is read as JSON (and as YAML when
    /// that fails, since YAML's flow style looks alike), anything else as YAML. Errors name line and column.
    static func read(_ data: Data, file: String) throws(FileFormatError) -> OrderedJSON {
        let first = data.first { byte in byte != 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D && byte != 0xEF && byte != 0xBB && byte != 0xBF }
        guard first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else {
            return try YAMLReader.read(data, file: file)
        }
        do {
            return try CanonicalJSON.parse(data, file: file)
        } catch {
            if let tree = try? YAMLReader.read(data, file: file) { return tree }
            throw error
        }
    }

    /// The text of a scalar: strings as they are, numbers as written, booleans as `true`/`false`; nil otherwise.
    static func text(_ value: OrderedJSON?) -> String? {
        switch value {
        case .string(let text)?: return text
        case .number(let text)?: return text
        case .bool(let flag)?: return flag ? "true" : "false"
        default: return nil
        }
    }

    /// A value as one line of text for a row: scalars as `text(_:)`, null as empty, arrays and objects as compact JSON.
    static func rowText(_ value: OrderedJSON) -> String {
        if let text = text(value) { return text }
        if value == .null { return "" }
        return String(decoding: CanonicalJSONWriter.compactBytes(of: value), as: UTF8.self)
    }

    /// A value as an indented JSON text without the final newline, for a JSON body.
    static func bodyText(_ value: OrderedJSON) -> String {
        var bytes = CanonicalJSONWriter.bytes(of: value)
        if bytes.last == 0x0A { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }
}
