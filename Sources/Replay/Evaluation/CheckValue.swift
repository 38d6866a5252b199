import Foundation
import RequestKit
import RequestStore

/// A value a query or filter produced, typed as Hurl types them.
public enum CheckValue: Hashable, Sendable {
    /// Text.
    case string(String)
    /// A whole number.
    case integer(Int64)
    /// A whole number beyond 64 bits, as its canonical decimal text.
    case bigInteger(String)
    /// A floating-point number.
    case float(Double)
    /// `true` or `false`.
    case boolean(Bool)
    /// JSON's `null`.
    case null
    /// A list (a JSON array, `split`'s pieces, several header values, a non-singular JSONPath's nodes).
    case list([CheckValue])
    /// A JSON object, members in order.
    case object([JSONMember])
    /// Raw bytes (`bytes`, digests, `base64Decode`).
    case bytes([UInt8])
    /// A point in time (`toDate`, a cookie's `Expires`).
    case date(Date)
    /// The nodes an XPath expression selected, as their text.
    case nodeset([String])

    /// The value of a JSON node; nested arrays and objects are bounded by the JSON parser's depth limit.
    init(json: OrderedJSON) {
        switch json {
        case .null: self = .null
        case .bool(let flag): self = .boolean(flag)
        case .string(let text): self = .string(text)
        case .number(let text): self = CheckValue.number(text)
        case .array(let items): self = .list(items.map(CheckValue.init(json:)))
        case .object(let members): self = .object(members)
        }
    }

    /// A JSON number's text as an integer when it is one and fits, else as a float.
    static func number(_ text: String) -> CheckValue {
        if !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) {
            if let integer = Int64(text) { return .integer(integer) }
            if BigIntegerText.isInteger(text) { return .bigInteger(BigIntegerText.canonical(text)) }
        }
        return .float(Double(text) ?? .nan)
    }

    /// The name of the value's type, for messages.
    var typeName: String {
        switch self {
        case .string: return "a string"
        case .integer, .bigInteger: return "an integer"
        case .float: return "a float"
        case .boolean: return "a boolean"
        case .null: return "null"
        case .list: return "a list"
        case .object: return "an object"
        case .bytes: return "bytes"
        case .date: return "a date"
        case .nodeset: return "a node set"
        }
    }

    /// The number as a Double, for integers and floats.
    var numeric: Double? {
        switch self {
        case .integer(let value): return Double(value)
        case .bigInteger(let digits): return Double(digits)
        case .float(let value): return value
        default: return nil
        }
    }

    /// The decimal text of an integer, of any size.
    var integerText: String? {
        switch self {
        case .integer(let number): return String(number)
        case .bigInteger(let digits): return digits
        default: return nil
        }
    }

    /// The text of a string, or of a node set holding exactly one node.
    var text: String? {
        switch self {
        case .string(let text): return text
        case .nodeset(let texts) where texts.count == 1: return texts[0]
        default: return nil
        }
    }

    /// The items of a list, or the texts of a node set as strings.
    var items: [CheckValue]? {
        switch self {
        case .list(let items): return items
        case .nodeset(let texts): return texts.map(CheckValue.string)
        default: return nil
        }
    }
}
