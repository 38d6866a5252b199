import RequestKit
/// An `Encoder` that builds a `OrderedJSON`, keeping object members in the order they are encoded.
///
/// Each type's `encode(to:)` therefore fixes the key order of its canonical form.
final class CanonicalEncoder: Encoder, CanonicalValueSink {
    /// A value under construction; containers write into it after they are handed out.
    final class Node {
        enum Kind { case unset, scalar, object, array }
        var kind: Kind = .unset
        var scalar: OrderedJSON = .null
        var members: [(key: String, node: Node)] = []
        var items: [Node] = []

        /// Stores a finished value.
        func set(_ value: OrderedJSON) {
            kind = .scalar
            scalar = value
        }

        /// The finished value; an unset node (nothing was encoded) becomes an empty object.
        var value: OrderedJSON {
            switch kind {
            case .unset: return .object([])
            case .scalar: return scalar
            case .object: return .object(members.map { JSONMember(key: $0.key, value: $0.node.value) })
            case .array: return .array(items.map(\.value))
            }
        }

        /// Makes this node an object (keeping members already there) and returns the member node for a key.
        func member(_ key: String) -> Node {
            becomeObject()
            if let found = members.first(where: { $0.key == key }) {
                found.node.kind = .unset
                found.node.members = []
                found.node.items = []
                return found.node
            }
            let child = Node()
            members.append((key, child))
            return child
        }

        /// Makes this node an object if it is not one yet.
        func becomeObject() {
            if kind != .object { kind = .object; members = [] }
        }

        /// Makes this node an array (keeping elements already there) and appends a new element node.
        func appendElement() -> Node {
            becomeArray()
            let child = Node()
            items.append(child)
            return child
        }

        /// Makes this node an array if it is not one yet.
        func becomeArray() {
            if kind != .array { kind = .array; items = [] }
        }

        /// The number of elements, when an array.
        var elementCount: Int { items.count }
    }

    let node: Node
    let codingPath: [CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// Creates an encoder writing into a node.
    init(node: Node = Node(), codingPath: [CodingKey] = []) {
        self.node = node
        self.codingPath = codingPath
    }

    /// Encodes a value into a JSON tree.
    static func encode<T: Encodable>(_ value: T) throws -> OrderedJSON {
        let encoder = CanonicalEncoder()
        try encoder.encodeValue(value)
        return encoder.node.value
    }

    func storeRawOrderedJSON(_ value: OrderedJSON) {
        node.set(value)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.becomeObject()
        return KeyedEncodingContainer(KeyedContainer<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> UnkeyedEncodingContainer {
        node.becomeArray()
        return UnkeyedContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> SingleValueEncodingContainer {
        SingleValueContainer(encoder: self)
    }

    /// Encodes any value at this encoder's node, writing primitives directly.
    func encodeValue<T: Encodable>(_ value: T) throws {
        if let scalar = try CanonicalEncoder.scalar(value, codingPath: codingPath) {
            node.set(scalar)
        } else {
            try value.encode(to: self)
        }
    }

    /// The JSON form of a primitive value, or nil when the value is not a primitive.
    static func scalar<T: Encodable>(_ value: T, codingPath: [CodingKey]) throws -> OrderedJSON? {
        switch value {
        case let text as String: return .string(text)
        case let flag as Bool: return .bool(flag)
        case let number as Int: return .number(String(number))
        case let number as Int64: return .number(String(number))
        case let number as Int32: return .number(String(number))
        case let number as UInt: return .number(String(number))
        case let number as UInt64: return .number(String(number))
        case let number as Double: return .number(try text(of: number, codingPath: codingPath))
        case let number as Float: return .number(try text(of: Double(number), codingPath: codingPath))
        case let value as OrderedJSON: return value
        default: return nil
        }
    }

    /// The canonical text of a number: integers without a fraction, others in Swift's shortest form.
    static func text(of number: Double, codingPath: [CodingKey]) throws -> String {
        guard number.isFinite else {
            throw EncodingError.invalidValue(number, EncodingError.Context(codingPath: codingPath, debugDescription: "JSON cannot hold \(number)"))
        }
        if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
        return String(number)
    }

    private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let node: Node
        let codingPath: [CodingKey]

        mutating func encodeNil(forKey key: Key) throws { node.member(key.stringValue).set(.null) }

        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            let child = node.member(key.stringValue)
            try CanonicalEncoder(node: child, codingPath: codingPath + [key]).encodeValue(value)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            let child = node.member(key.stringValue)
            child.becomeObject()
            return KeyedEncodingContainer(KeyedContainer<NestedKey>(node: child, codingPath: codingPath + [key]))
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> UnkeyedEncodingContainer {
            let child = node.member(key.stringValue)
            child.becomeArray()
            return UnkeyedContainer(node: child, codingPath: codingPath + [key])
        }

        mutating func superEncoder() -> Encoder { CanonicalEncoder(node: node.member("super"), codingPath: codingPath) }
        mutating func superEncoder(forKey key: Key) -> Encoder { CanonicalEncoder(node: node.member(key.stringValue), codingPath: codingPath + [key]) }
    }

    private struct UnkeyedContainer: UnkeyedEncodingContainer {
        let node: Node
        let codingPath: [CodingKey]
        var count: Int { node.elementCount }

        mutating func encodeNil() throws { node.appendElement().set(.null) }

        mutating func encode<T: Encodable>(_ value: T) throws {
            let key = AnyCodingKey(intValue: count) ?? AnyCodingKey("")
            let child = node.appendElement()
            try CanonicalEncoder(node: child, codingPath: codingPath + [key]).encodeValue(value)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            let child = node.appendElement()
            child.becomeObject()
            return KeyedEncodingContainer(KeyedContainer<NestedKey>(node: child, codingPath: codingPath))
        }

        mutating func nestedUnkeyedContainer() -> UnkeyedEncodingContainer {
            let child = node.appendElement()
            child.becomeArray()
            return UnkeyedContainer(node: child, codingPath: codingPath)
        }

        mutating func superEncoder() -> Encoder { CanonicalEncoder(node: node.appendElement(), codingPath: codingPath) }
    }

    private struct SingleValueContainer: SingleValueEncodingContainer {
        let encoder: CanonicalEncoder
        var codingPath: [CodingKey] { encoder.codingPath }

        mutating func encodeNil() throws { encoder.node.set(.null) }
        mutating func encode<T: Encodable>(_ value: T) throws { try encoder.encodeValue(value) }
    }
}
