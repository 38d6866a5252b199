import Foundation

/// A JSON value: the same typed tree as `ParameterValue`, so a parsed response can be read,
/// compared, and sent back as parameters. Numbers keep their text.
public typealias JSONValue = ParameterValue

extension ParameterValue: Codable {
    /// Decodes any JSON value: null, booleans, numbers (kept as text), strings, arrays, objects.
    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let integer = try? container.decode(Int64.self) {
            self = .number(String(integer))
        } else if let integer = try? container.decode(UInt64.self) {
            self = .number(String(integer))
        } else if let number = try? container.decode(Double.self) {
            self = .number(String(number))
        } else if let elements = try? container.decode([ParameterValue].self) {
            self = .array(elements)
        } else {
            self = .object(try container.decode([String: ParameterValue].self))
        }
    }

    /// Encodes the value as JSON; a number whose text is not a valid number is written as a string.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let flag): try container.encode(flag)
        case .string(let text): try container.encode(text)
        case .number(let text):
            if let integer = Int64(text) {
                try container.encode(integer)
            } else if let number = Double(text), number.isFinite {
                try container.encode(number)
            } else {
                try container.encode(text)
            }
        case .array(let elements): try container.encode(elements)
        case .object(let object): try container.encode(object)
        }
    }

    /// Parses JSON text of any kind (object, array or single value) with the strict `JSONParser`.
    public static func parse(json data: Data) throws(NetworkError) -> ParameterValue {
        try JSONParser.parse(data)
    }

    /// The member for a key when this is an object, else nil.
    public subscript(key: String) -> ParameterValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    /// The element at an index when this is an array and the index is in range, else nil.
    public subscript(index: Int) -> ParameterValue? {
        if case .array(let elements) = self, elements.indices.contains(index) { return elements[index] }
        return nil
    }

    /// The text when this is a string.
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The number when this is a number that fits an `Int`.
    public var intValue: Int? {
        if case .number(let text) = self { return Int(text) ?? Double(text).flatMap { Int(exactly: $0) } }
        return nil
    }

    /// The number when this is a number.
    public var doubleValue: Double? {
        if case .number(let text) = self { return Double(text) }
        return nil
    }

    /// The flag when this is a boolean.
    public var boolValue: Bool? {
        if case .bool(let flag) = self { return flag }
        return nil
    }

    /// The members when this is an object.
    public var objectValue: [String: ParameterValue]? {
        if case .object(let object) = self { return object }
        return nil
    }

    /// The elements when this is an array.
    public var arrayValue: [ParameterValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// Whether this is JSON null.
    public var isNull: Bool { self == .null }

    /// Converts a seed-style dictionary of Sendable values (strings, numbers, booleans, arrays,
    /// dictionaries, `NSNull`, `ParameterValue`), failing on the first value of any other type.
    public static func parameters(from dictionary: [String: any Sendable]) throws(NetworkError) -> [String: ParameterValue] {
        var parameters: [String: ParameterValue] = [:]
        for (key, value) in dictionary {
            guard let converted = ParameterValue(sendable: value) else {
                throw .invalidBody(reason: "the parameter '\(key)' holds a \(type(of: value)), which is not a string, number, boolean, array, dictionary or null")
            }
            parameters[key] = converted
        }
        return parameters
    }

    /// Converts one Sendable value, checking Swift's own types before Foundation's bridges.
    private init?(sendable value: any Sendable) {
        switch value {
        case let value as ParameterValue: self = value
        case let value as Bool: self = .bool(value)
        case let value as String: self = .string(value)
        case let value as Int: self = .number(String(value))
        case let value as Int64: self = .number(String(value))
        case let value as UInt64: self = .number(String(value))
        case let value as Double: self = .number(String(value))
        case let value as [any Sendable]:
            var elements: [ParameterValue] = []
            for element in value {
                guard let item = ParameterValue(sendable: element) else { return nil }
                elements.append(item)
            }
            self = .array(elements)
        case let value as [String: any Sendable]:
            var object: [String: ParameterValue] = [:]
            for (key, element) in value {
                guard let item = ParameterValue(sendable: element) else { return nil }
                object[key] = item
            }
            self = .object(object)
        case is NSNull: self = .null
        default: return nil
        }
    }
}

/// Short, readable descriptions of JSON decoding failures.
enum JSONErrorDescription {
    /// What went wrong and where, without the decoder's internal type names.
    static func describe(_ error: any Error) -> String {
        guard let decodingError = error as? DecodingError else { return String(describing: error) }
        switch decodingError {
        case .dataCorrupted(let context):
            let underlying = (context.underlyingError as? NSError)?.userInfo[NSDebugDescriptionErrorKey] as? String
            return underlying ?? context.debugDescription
        case .keyNotFound(let key, let context):
            return "the key '\(key.stringValue)' is missing\(path(context))"
        case .typeMismatch(let type, let context):
            return "expected \(type)\(path(context)): \(context.debugDescription)"
        case .valueNotFound(let type, let context):
            return "expected \(type) but found null\(path(context))"
        @unknown default:
            return String(describing: decodingError)
        }
    }

    private static func path(_ context: DecodingError.Context) -> String {
        guard !context.codingPath.isEmpty else { return "" }
        return " at " + context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined()
    }
}
