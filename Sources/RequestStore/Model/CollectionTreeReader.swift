import RequestKit

/// Reads a collection of the current version from its parsed JSON tree by hand: the same model and the same
/// errors (the `DecodingError`s and coding paths) as `RequestCollection`'s `Decodable` conformance, without a
/// decoder and its containers for every request, header row and string.
///
/// The parts that are rare and varied (auth, body, options) go through their `Decodable` conformance at the
/// same coding path. A check or capture line written on many requests is parsed once per file.
struct CollectionTreeReader {
    /// Check lines parsed so far in this file, by their text.
    private var checks: [String: Result<Check, CheckSyntaxError>] = [:]
    /// Capture lines parsed so far in this file, by their text.
    private var captures: [String: Result<CaptureRule, CheckSyntaxError>] = [:]

    /// A reader with nothing parsed yet.
    init() {}

    /// The collection at the root of a file's tree.
    mutating func collection(_ node: ParsedJSON) throws -> RequestCollection {
        let member = Members(try Self.members(of: node, at: nil))
        let declared = try Self.optionalString(member["format"], key: "format", in: nil) ?? RequestCollection.formatName
        guard declared == RequestCollection.formatName else {
            throw Self.corrupted(key: "format", in: nil, "expected the format \"\(RequestCollection.formatName)\", found \"\(declared)\"")
        }
        let number = try Self.present(member["version"]).map { try CanonicalDecoder.decode(Int.self, from: $0, path: Self.path(nil, "version")) }
            ?? RequestCollection.currentVersion
        guard number <= RequestCollection.currentVersion else {
            throw Self.corrupted(
                key: "version", in: nil,
                "version \(number) is newer than this curlew understands (\(RequestCollection.currentVersion)); update curlew")
        }
        var collection = RequestCollection(name: try Self.requiredString(member["name"], key: "name", in: nil))
        collection.description = try Self.optionalString(member["description"], key: "description", in: nil) ?? ""
        collection.variables = try Self.variables(member["variables"], key: "variables", in: nil)
        collection.headers = try Self.rows(member["headers"], key: "headers", in: nil)
        collection.auth = try Self.decoded(SavedAuth.self, member["auth"], key: "auth", in: nil) ?? .none
        collection.scripts = try Self.decoded([SavedScript].self, member["scripts"], key: "scripts", in: nil) ?? []
        collection.folders = try list(member["folders"], key: "folders", in: nil) { reader, item, path in try reader.folder(item, at: path) }
        collection.requests = try list(member["requests"], key: "requests", in: nil) { reader, item, path in try reader.request(item, at: path) }
        let depth = FolderDepth.of(collection.folders)
        if depth > FolderDepth.maximum {
            throw Self.corrupted(key: "folders", in: nil, FolderDepth.refusal(depth: depth))
        }
        return collection
    }

    // MARK: - Folders and requests

    /// The members of an object node by key, looked up in place (the last of a repeated key wins, as in `JSONDecoder`).
    private struct Members {
        /// The members in file order.
        let members: [ParsedMember]

        /// Wraps an object's members.
        init(_ members: [ParsedMember]) {
            self.members = members
        }

        /// The value of member `key`, nil when the object has none.
        subscript(key: String) -> ParsedJSON? {
            members.last { $0.key == key }?.value
        }
    }

    /// The items of a `folders` or `requests` member (nil when it is missing or null), each read by `read` at its path.
    private mutating func list<Item>(_ node: ParsedJSON?, key: String, in parent: CodingPathNode?,
                                     _ read: (inout CollectionTreeReader, ParsedJSON, CodingPathNode) throws -> Item) throws -> [Item] {
        guard let node = Self.present(node) else { return [] }
        let path = Self.path(parent, key)
        let items = try Self.items(of: node, at: path)
        var list: [Item] = []
        list.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            list.append(try read(&self, item, Self.path(path, index)))
        }
        return list
    }

    /// One folder.
    private mutating func folder(_ node: ParsedJSON, at path: CodingPathNode) throws -> Folder {
        let member = Members(try Self.members(of: node, at: path))
        var folder = Folder(name: try Self.requiredString(member["name"], key: "name", in: path))
        folder.description = try Self.optionalString(member["description"], key: "description", in: path) ?? ""
        folder.variables = try Self.variables(member["variables"], key: "variables", in: path)
        folder.headers = try Self.rows(member["headers"], key: "headers", in: path)
        folder.auth = try Self.decoded(SavedAuth.self, member["auth"], key: "auth", in: path) ?? .inherit
        folder.scripts = try Self.decoded([SavedScript].self, member["scripts"], key: "scripts", in: path) ?? []
        folder.folders = try list(member["folders"], key: "folders", in: path) { reader, item, path in try reader.folder(item, at: path) }
        folder.requests = try list(member["requests"], key: "requests", in: path) { reader, item, path in try reader.request(item, at: path) }
        return folder
    }

    /// One request, its members read in the order its `Decodable` conformance reads them.
    private mutating func request(_ node: ParsedJSON, at path: CodingPathNode) throws -> SavedRequest {
        let member = Members(try Self.members(of: node, at: path))
        let requestID = try Self.optionalString(member["id"], key: "id", in: path)
        let requestName = try Self.requiredString(member["name"], key: "name", in: path)
        var request = SavedRequest(id: requestID, name: requestName, url: "")
        request.description = try Self.optionalString(member["description"], key: "description", in: path) ?? ""
        request.variables = try Self.variables(member["variables"], key: "variables", in: path)
        request.method = try Self.optionalString(member["method"], key: "method", in: path).map(HTTPMethod.init(rawValue:)) ?? .get
        request.url = try Self.requiredString(member["url"], key: "url", in: path)
        request.query = try Self.rows(member["query"], key: "query", in: path)
        request.headers = try Self.rows(member["headers"], key: "headers", in: path)
        request.disabledInheritedHeaders = try Self.strings(member["disabledInheritedHeaders"], key: "disabledInheritedHeaders", in: path)
        request.body = try Self.decoded(SavedBody.self, member["body"], key: "body", in: path) ?? .none
        request.auth = try Self.decoded(SavedAuth.self, member["auth"], key: "auth", in: path) ?? .inherit
        request.options = try Self.decoded(SavedOptions.self, member["options"], key: "options", in: path) ?? SavedOptions()
        let checkTexts = try Self.strings(member["checks"], key: "checks", in: path)
        if !checkTexts.isEmpty {
            request.checks.reserveCapacity(checkTexts.count)
            for (index, line) in checkTexts.enumerated() {
                switch check(line) {
                case .success(let parsed): request.checks.append(parsed)
                case .failure(let error):
                    throw CheckLineDecodingError(kind: .check, codingPath: CodingPathNode.keys(path), index: index, line: line, error: error)
                }
            }
        }
        let captureTexts = try Self.strings(member["captures"], key: "captures", in: path)
        for (index, line) in captureTexts.enumerated() {
            switch capture(line) {
            case .success(let parsed): request.captures.append(parsed)
            case .failure(let error):
                throw CheckLineDecodingError(kind: .capture, codingPath: CodingPathNode.keys(path), index: index, line: line, error: error)
            }
        }
        request.scripts = try Self.decoded([SavedScript].self, member["scripts"], key: "scripts", in: path) ?? []
        request.examples = try Self.decoded([SavedExample].self, member["examples"], key: "examples", in: path) ?? []
        return request
    }

    /// A check line, parsed once per text.
    private mutating func check(_ line: String) -> Result<Check, CheckSyntaxError> {
        if let known = checks[line] { return known }
        let parsed: Result<Check, CheckSyntaxError>
        do throws(CheckSyntaxError) { parsed = .success(try Check.parse(line)) } catch { parsed = .failure(error) }
        checks[line] = parsed
        return parsed
    }

    /// A capture line, parsed once per text.
    private mutating func capture(_ line: String) -> Result<CaptureRule, CheckSyntaxError> {
        if let known = captures[line] { return known }
        let parsed: Result<CaptureRule, CheckSyntaxError>
        do throws(CheckSyntaxError) { parsed = .success(try CaptureRule.parse(line)) } catch { parsed = .failure(error) }
        captures[line] = parsed
        return parsed
    }

    // MARK: - Rows and variables

    /// The rows of a header or query table (nil when it is missing or null).
    private static func rows(_ node: ParsedJSON?, key: String, in parent: CodingPathNode?) throws -> [KeyValueRow] {
        guard let node = present(node) else { return [] }
        let path = Self.path(parent, key)
        let items = try Self.items(of: node, at: path)
        var rows: [KeyValueRow] = []
        rows.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            let itemPath = Self.path(path, index)
            var name: ParsedJSON?, value: ParsedJSON?, enabled: ParsedJSON?
            for member in try members(of: item, at: itemPath) {
                switch member.key {
                case "name": name = member.value
                case "value": value = member.value
                case "enabled": enabled = member.value
                default: break
                }
            }
            rows.append(KeyValueRow(
                name: try requiredString(name, key: "name", in: itemPath),
                value: try optionalString(value, key: "value", in: itemPath) ?? "",
                enabled: try optionalBool(enabled, key: "enabled", in: itemPath) ?? true))
        }
        return rows
    }

    /// The collection's variables (nil when the member is missing or null).
    private static func variables(_ node: ParsedJSON?, key: String, in parent: CodingPathNode?) throws -> [Variable] {
        guard let node = present(node) else { return [] }
        let path = Self.path(parent, key)
        let items = try Self.items(of: node, at: path)
        var variables: [Variable] = []
        variables.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            let itemPath = Self.path(path, index)
            var name: ParsedJSON?, value: ParsedJSON?, secret: ParsedJSON?, enabled: ParsedJSON?
            for member in try members(of: item, at: itemPath) {
                switch member.key {
                case "name": name = member.value
                case "value": value = member.value
                case "secret": secret = member.value
                case "enabled": enabled = member.value
                default: break
                }
            }
            variables.append(Variable(
                name: try requiredString(name, key: "name", in: itemPath),
                value: try optionalString(value, key: "value", in: itemPath) ?? "",
                secret: try optionalBool(secret, key: "secret", in: itemPath) ?? false,
                enabled: try optionalBool(enabled, key: "enabled", in: itemPath) ?? true))
        }
        return variables
    }

    // MARK: - Values

    /// The node unless it is missing or null, as `decodeIfPresent` sees it.
    private static func present(_ node: ParsedJSON?) -> ParsedJSON? {
        guard let node else { return nil }
        if case .null = node.kind { return nil }
        return node
    }

    /// A string member that must be there.
    private static func requiredString(_ node: ParsedJSON?, key: String, in parent: CodingPathNode?) throws -> String {
        guard let node else { throw missing(key, in: parent) }
        guard case .string(let text) = node.kind else { throw mismatch(String.self, "a string", node, at: path(parent, key)) }
        return text
    }

    /// A string member that may be missing or null.
    private static func optionalString(_ node: ParsedJSON?, key: String, in parent: CodingPathNode?) throws -> String? {
        guard let node = present(node) else { return nil }
        guard case .string(let text) = node.kind else { throw mismatch(String.self, "a string", node, at: path(parent, key)) }
        return text
    }

    /// A boolean member that may be missing or null.
    private static func optionalBool(_ node: ParsedJSON?, key: String, in parent: CodingPathNode?) throws -> Bool? {
        guard let node = present(node) else { return nil }
        guard case .bool(let flag) = node.kind else { throw mismatch(Bool.self, "true or false", node, at: path(parent, key)) }
        return flag
    }

    /// An array of strings that may be missing or null.
    private static func strings(_ node: ParsedJSON?, key: String, in parent: CodingPathNode?) throws -> [String] {
        guard let node = present(node) else { return [] }
        guard case .array(let items) = node.kind else { throw mismatch([Any].self, "an array", node, at: path(parent, key)) }
        var texts: [String] = []
        texts.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            guard case .string(let text) = item.kind else {
                throw mismatch(String.self, "a string", item, at: path(path(parent, key), index))
            }
            texts.append(text)
        }
        return texts
    }

    /// A member read through its type's `Decodable` conformance, at the same coding path; nil when missing or null.
    private static func decoded<T: Decodable>(_ type: T.Type, _ node: ParsedJSON?, key: String, in parent: CodingPathNode?) throws -> T? {
        guard let node = present(node) else { return nil }
        return try CanonicalDecoder.decode(type, from: node, path: path(parent, key))
    }

    /// The members of an object node, or the error a keyed container gives for anything else.
    private static func members(of node: ParsedJSON, at path: CodingPathNode?) throws -> [ParsedMember] {
        guard case .object(let members) = node.kind else { throw mismatch([String: Any].self, "an object", node, at: path) }
        return members
    }

    /// The items of an array node, or the error an unkeyed container gives for anything else.
    private static func items(of node: ParsedJSON, at path: CodingPathNode?) throws -> [ParsedJSON] {
        guard case .array(let items) = node.kind else { throw mismatch([Any].self, "an array", node, at: path) }
        return items
    }

    // MARK: - Paths and errors

    /// The coding path of a member.
    private static func path(_ parent: CodingPathNode?, _ key: String) -> CodingPathNode {
        CodingPathNode(parent: parent, key: AnyCodingKey(key))
    }

    /// The coding path of an array item.
    private static func path(_ parent: CodingPathNode?, _ index: Int) -> CodingPathNode {
        CodingPathNode(parent: parent, key: AnyCodingKey(intValue: index) ?? AnyCodingKey(""))
    }

    /// The error for a value of the wrong type, as the decoder words it.
    private static func mismatch(_ type: Any.Type, _ expected: String, _ node: ParsedJSON, at path: CodingPathNode?) -> DecodingError {
        .typeMismatch(type, DecodingError.Context(codingPath: CodingPathNode.keys(path), debugDescription: "expected \(expected), found \(node.typeName)"))
    }

    /// The error for a required member that is missing.
    private static func missing(_ key: String, in parent: CodingPathNode?) -> DecodingError {
        .keyNotFound(AnyCodingKey(key), DecodingError.Context(codingPath: CodingPathNode.keys(parent), debugDescription: "missing the required key \"\(key)\""))
    }

    /// The error for a member whose value is refused, at the member's path.
    private static func corrupted(key: String, in parent: CodingPathNode?, _ reason: String) -> DecodingError {
        .dataCorrupted(DecodingError.Context(codingPath: CodingPathNode.keys(parent) + [AnyCodingKey(key)], debugDescription: reason))
    }
}
