import Foundation
import RequestKit

extension OrderedJSON: Codable {
    /// Decodes any JSON value; the canonical decoder hands over its exact tree, other decoders go through containers.
    public init(from decoder: Decoder) throws {
        if let canonical = decoder as? CanonicalValueSource {
            self = canonical.rawOrderedJSON
            return
        }
        if let keyed = try? decoder.container(keyedBy: AnyCodingKey.self) {
            var members: [JSONMember] = []
            for key in keyed.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
                members.append(JSONMember(key: key.stringValue, value: try keyed.decode(OrderedJSON.self, forKey: key)))
            }
            self = .object(members)
            return
        }
        if var unkeyed = try? decoder.unkeyedContainer() {
            var items: [OrderedJSON] = []
            while !unkeyed.isAtEnd { items.append(try unkeyed.decode(OrderedJSON.self)) }
            self = .array(items)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let flag = try? single.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? single.decode(Double.self) {
            self = .number(number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number))
        } else {
            self = .string(try single.decode(String.self))
        }
    }

    /// Encodes the value; the canonical encoder stores the tree as it is.
    public func encode(to encoder: Encoder) throws {
        if let canonical = encoder as? CanonicalValueSink {
            canonical.storeRawOrderedJSON(self)
            return
        }
        switch self {
        case .null:
            var single = encoder.singleValueContainer()
            try single.encodeNil()
        case .bool(let flag):
            var single = encoder.singleValueContainer()
            try single.encode(flag)
        case .number(let text):
            var single = encoder.singleValueContainer()
            if let integer = Int64(text) { try single.encode(integer) } else { try single.encode(Double(text) ?? 0) }
        case .string(let text):
            var single = encoder.singleValueContainer()
            try single.encode(text)
        case .array(let items):
            var unkeyed = encoder.unkeyedContainer()
            for item in items { try unkeyed.encode(item) }
        case .object(let members):
            var keyed = encoder.container(keyedBy: AnyCodingKey.self)
            for member in members { try keyed.encode(member.value, forKey: AnyCodingKey(member.key)) }
        }
    }
}

/// A decoder that can hand over the JSON tree it is reading without going through containers.
protocol CanonicalValueSource {
    /// The JSON value at the decoder's position.
    var rawOrderedJSON: OrderedJSON { get }
}

/// An encoder that can take a JSON tree as it is.
protocol CanonicalValueSink {
    /// Stores a JSON value at the encoder's position.
    func storeRawOrderedJSON(_ value: OrderedJSON)
}

/// A coding key made from any string or index.
struct AnyCodingKey: CodingKey, Hashable {
    var stringValue: String
    var intValue: Int?

    /// Creates a key from a string.
    init(_ string: String) {
        self.stringValue = string
        self.intValue = nil
    }

    init?(stringValue: String) { self.init(stringValue) }

    init?(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }
}
