import Foundation

/// A parameter tree as the seed's `[String: Any]` dictionaries hold it, but typed and Sendable.
///
/// It is also `JSONValue`, the tree `JSONParser` builds from `JSONScanner` tokens. Objects are
/// dictionaries on purpose: parameters are looked up and compared by key (`["a": 1, "b": 2]` equals
/// `["b": 2, "a": 1]`), encoded in sorted key order, and converted from `[String: any Sendable]`.
/// The store keeps files in their written order, repeated keys included, so it has its own tree,
/// `OrderedJSON` (members as an array); one type cannot be both without changing what equality means here.
public enum ParameterValue: Hashable, Sendable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    case string(String)
    /// A number kept as its text so that nothing is lost in conversion.
    case number(String)
    case bool(Bool)
    case array([ParameterValue])
    case object([String: ParameterValue])
    case null

    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .number(String(value)) }
    public init(floatLiteral value: Double) { self = .number(String(value)) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: ParameterValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, ParameterValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
    public init(nilLiteral: ()) { self = .null }

    /// Converts a Foundation value (as `JSONSerialization` returns, or a seed-style dictionary).
    public init?(any value: Any) {
        switch value {
        case let value as ParameterValue: self = value
        case let value as String: self = .string(value)
        case let value as NSNumber:
            #if canImport(Darwin)
            if CFGetTypeID(value) == CFBooleanGetTypeID() { self = .bool(value.boolValue); return }
            #else
            if type(of: value) == type(of: NSNumber(value: true)), value === NSNumber(value: true) || value === NSNumber(value: false) {
                self = .bool(value.boolValue); return
            }
            #endif
            self = .number(value.stringValue)
        case let value as Bool: self = .bool(value)
        case let value as Int: self = .number(String(value))
        case let value as Double: self = .number(String(value))
        case let value as [Any]:
            var items: [ParameterValue] = []
            for element in value {
                guard let item = ParameterValue(any: element) else { return nil }
                items.append(item)
            }
            self = .array(items)
        case let value as [String: Any]:
            var object: [String: ParameterValue] = [:]
            for (key, element) in value {
                guard let item = ParameterValue(any: element) else { return nil }
                object[key] = item
            }
            self = .object(object)
        case is NSNull: self = .null
        default: return nil
        }
    }

    /// Parses a JSON object text into parameters.
    public static func parseObject(json: String) throws -> [String: ParameterValue] {
        guard let data = json.data(using: .utf8),
              let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else {
            throw NetworkError.invalidJSON("parameters must be a JSON object such as {\"page\": 2}")
        }
        guard let dictionary = object as? [String: Any], case .object(let parameters)? = ParameterValue(any: dictionary) else {
            throw NetworkError.invalidJSON("parameters must be a JSON object such as {\"page\": 2}, not an array or a single value")
        }
        return parameters
    }
}
