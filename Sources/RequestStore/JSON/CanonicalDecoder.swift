import RequestKit
/// A `Decoder` over a parsed JSON tree; its errors carry coding paths that `CanonicalJSON` maps back to lines and columns.
struct CanonicalDecoder: Decoder, CanonicalValueSource {
    let node: ParsedJSON
    let path: CodingPathNode?
    var codingPath: [CodingKey] { CodingPathNode.keys(path) }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    var rawOrderedJSON: OrderedJSON { node.jsonValue }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = node.kind else {
            throw DecodingError.typeMismatch([String: Any].self, DecodingError.Context(codingPath: codingPath, debugDescription: "expected an object, found \(node.typeName)"))
        }
        return KeyedDecodingContainer(KeyedContainer<Key>(members: members, path: path))
    }

    func unkeyedContainer() throws -> UnkeyedDecodingContainer {
        guard case .array(let items) = node.kind else {
            throw DecodingError.typeMismatch([Any].self, DecodingError.Context(codingPath: codingPath, debugDescription: "expected an array, found \(node.typeName)"))
        }
        return UnkeyedContainer(items: items, path: path)
    }

    func singleValueContainer() throws -> SingleValueDecodingContainer {
        SingleValueContainer(node: node, path: path)
    }

    /// Decodes any value from a node, reading primitives directly.
    static func decode<T: Decodable>(_ type: T.Type, from node: ParsedJSON, codingPath: [CodingKey]) throws -> T {
        var path: CodingPathNode?
        for key in codingPath { path = CodingPathNode(parent: path, key: key) }
        return try decode(type, from: node, path: path)
    }

    /// Decodes any value from a node at a coding path, reading primitives directly.
    static func decode<T: Decodable>(_ type: T.Type, from node: ParsedJSON, path: CodingPathNode?) throws -> T {
        var codingPath: [CodingKey] { CodingPathNode.keys(path) }
        func mismatch(_ expected: String) -> DecodingError {
            DecodingError.typeMismatch(T.self, DecodingError.Context(codingPath: codingPath, debugDescription: "expected \(expected), found \(node.typeName)"))
        }
        if type == String.self {
            guard case .string(let text) = node.kind, let result = text as? T else { throw mismatch("a string") }
            return result
        }
        if type == Bool.self {
            guard case .bool(let flag) = node.kind, let result = flag as? T else { throw mismatch("true or false") }
            return result
        }
        if type == Int.self || type == Int64.self || type == Int32.self || type == UInt.self || type == UInt64.self {
            guard case .number(let text) = node.kind else { throw mismatch("an integer") }
            guard let whole = Int64(text) ?? Double(text).flatMap({ $0 == $0.rounded() && abs($0) < 9e18 ? Int64($0) : nil }) else {
                throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: codingPath, debugDescription: "expected an integer, found \(text)"))
            }
            let converted: Any?
            switch type {
            case is Int.Type: converted = Int(exactly: whole)
            case is Int64.Type: converted = whole
            case is Int32.Type: converted = Int32(exactly: whole)
            case is UInt.Type: converted = UInt(exactly: whole)
            default: converted = UInt64(exactly: whole)
            }
            guard let result = converted as? T else {
                throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: codingPath, debugDescription: "the number \(text) is out of range"))
            }
            return result
        }
        if type == Double.self || type == Float.self {
            guard case .number(let text) = node.kind, let number = Double(text) else { throw mismatch("a number") }
            let converted: Any = type == Float.self ? Float(number) : number
            guard let result = converted as? T else { throw mismatch("a number") }
            return result
        }
        return try T(from: CanonicalDecoder(node: node, path: path))
    }

    private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let members: [ParsedMember]
        let path: CodingPathNode?
        var codingPath: [CodingKey] { CodingPathNode.keys(path) }

        var allKeys: [Key] { members.compactMap { Key(stringValue: $0.key) } }

        func contains(_ key: Key) -> Bool { members.contains { $0.key == key.stringValue } }

        private func member(_ key: Key) throws -> ParsedJSON {
            guard let found = members.last(where: { $0.key == key.stringValue }) else {
                throw DecodingError.keyNotFound(key, DecodingError.Context(codingPath: codingPath, debugDescription: "missing the required key \"\(key.stringValue)\""))
            }
            return found.value
        }

        func decodeNil(forKey key: Key) throws -> Bool {
            if case .null = try member(key).kind { return true }
            return false
        }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            try CanonicalDecoder.decode(type, from: try member(key), path: CodingPathNode(parent: path, key: key))
        }

        func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
            guard let found = members.last(where: { $0.key == key.stringValue }) else { return nil }
            if case .null = found.value.kind { return nil }
            return try CanonicalDecoder.decode(type, from: found.value, path: CodingPathNode(parent: path, key: key))
        }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
            try CanonicalDecoder(node: try member(key), path: CodingPathNode(parent: path, key: key)).container(keyedBy: type)
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> UnkeyedDecodingContainer {
            try CanonicalDecoder(node: try member(key), path: CodingPathNode(parent: path, key: key)).unkeyedContainer()
        }

        func superDecoder() throws -> Decoder {
            CanonicalDecoder(node: ParsedJSON(kind: .object(members), offset: 0), path: path)
        }

        func superDecoder(forKey key: Key) throws -> Decoder {
            CanonicalDecoder(node: try member(key), path: CodingPathNode(parent: path, key: key))
        }
    }

    private struct UnkeyedContainer: UnkeyedDecodingContainer {
        let items: [ParsedJSON]
        let path: CodingPathNode?
        var codingPath: [CodingKey] { CodingPathNode.keys(path) }
        var currentIndex = 0

        init(items: [ParsedJSON], path: CodingPathNode?) {
            self.items = items
            self.path = path
        }

        var count: Int? { items.count }
        var isAtEnd: Bool { currentIndex >= items.count }

        private var currentKey: CodingKey { AnyCodingKey(intValue: currentIndex) ?? AnyCodingKey("") }

        private func next() throws -> ParsedJSON {
            guard !isAtEnd else {
                throw DecodingError.valueNotFound(Any.self, DecodingError.Context(codingPath: codingPath, debugDescription: "the array has no more elements"))
            }
            return items[currentIndex]
        }

        mutating func decodeNil() throws -> Bool {
            if case .null = try next().kind {
                currentIndex += 1
                return true
            }
            return false
        }

        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
            let value = try CanonicalDecoder.decode(type, from: try next(), path: CodingPathNode(parent: path, key: currentKey))
            currentIndex += 1
            return value
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
            let container = try CanonicalDecoder(node: try next(), path: CodingPathNode(parent: path, key: currentKey)).container(keyedBy: type)
            currentIndex += 1
            return container
        }

        mutating func nestedUnkeyedContainer() throws -> UnkeyedDecodingContainer {
            let container = try CanonicalDecoder(node: try next(), path: CodingPathNode(parent: path, key: currentKey)).unkeyedContainer()
            currentIndex += 1
            return container
        }

        mutating func superDecoder() throws -> Decoder {
            let decoder = CanonicalDecoder(node: try next(), path: CodingPathNode(parent: path, key: currentKey))
            currentIndex += 1
            return decoder
        }
    }

    private struct SingleValueContainer: SingleValueDecodingContainer {
        let node: ParsedJSON
        let path: CodingPathNode?
        var codingPath: [CodingKey] { CodingPathNode.keys(path) }

        func decodeNil() -> Bool {
            if case .null = node.kind { return true }
            return false
        }

        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            try CanonicalDecoder.decode(type, from: node, path: path)
        }
    }
}

/// One step of a coding path, linked to its parent, so that descending costs no array copy;
/// the whole path is built only when an error needs it.
final class CodingPathNode: Sendable {
    let parent: CodingPathNode?
    let key: any CodingKey & Sendable

    init(parent: CodingPathNode?, key: CodingKey) {
        self.parent = parent
        self.key = AnyCodingKey(key)
    }

    /// The keys from the root to a node.
    static func keys(_ node: CodingPathNode?) -> [CodingKey] {
        var keys: [CodingKey] = []
        var current = node
        while let step = current {
            keys.append(step.key)
            current = step.parent
        }
        return keys.reversed()
    }
}

extension AnyCodingKey {
    /// A copy of any coding key.
    init(_ key: CodingKey) {
        self.stringValue = key.stringValue
        self.intValue = key.intValue
    }
}
