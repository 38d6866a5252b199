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
        let members = try Self.members(of: node, at: nil)
        var format: ParsedJSON?, version: ParsedJSON?, name: ParsedJSON?, description: ParsedJSON?, variables: ParsedJSON?
        var headers: ParsedJSON?, auth: ParsedJSON?, folders: ParsedJSON?, requests: ParsedJSON?
        for member in members {
            switch member.key {
            case "format": format = member.value
            case "version": version = member.value
            case "name": name = member.value
            case "description": description = member.value
            case "variables": variables = member.value
            case "headers": headers = member.value
            case "auth": auth = member.value
            case "folders": folders = member.value
            case "requests": requests = member.value
            default: break
            }
        }
        let declared = try Self.optionalString(format, key: "format", in: nil) ?? RequestCollection.formatName
        guard declared == RequestCollection.formatName else {
            throw Self.corrupted(key: "format", in: nil, "expected the format \"\(RequestCollection.formatName)\", found \"\(declared)\"")
        }
        let number = try Self.present(version).map { try CanonicalDecoder.decode(Int.self, from: $0, path: Self.path(nil, "version")) }
            ?? RequestCollection.currentVersion
        guard number <= RequestCollection.currentVersion else {
            throw Self.corrupted(
                key: "version", in: nil,
                "version \(number) is newer than this curlew understands (\(RequestCollection.currentVersion)); update curlew")
        }
        var collection = RequestCollection(name: try Self.requiredString(name, key: "name", in: nil))
        collection.description = try Self.optionalString(description, key: "description", in: nil) ?? ""
        collection.variables = try Self.variables(variables, key: "variables", in: nil)
        collection.headers = try Self.rows(headers, key: "headers", in: nil)
        collection.auth = try Self.decoded(SavedAuth.self, auth, key: "auth", in: nil) ?? .none
        collection.folders = try folderList(folders, key: "folders", in: nil)
        collection.requests = try requestList(requests, key: "requests", in: nil)
        let depth = FolderDepth.of(collection.folders)
        if depth > FolderDepth.maximum {
            throw Self.corrupted(key: "folders", in: nil, FolderDepth.refusal(depth: depth))
        }
        return collection
    }

    // MARK: - Folders and requests

    /// The folders of a `folders` member (nil when it is missing or null).
    private mutating func folderList(_ node: ParsedJSON?, key: String, in parent: CodingPathNode?) throws -> [Folder] {
        guard let node = Self.present(node) else { return [] }
        let path = Self.path(parent, key)
        let items = try Self.items(of: node, at: path)
        var folders: [Folder] = []
        folders.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            folders.append(try folder(item, at: Self.path(path, index)))
        }
        return folders
    }

    /// One folder.
    private mutating func folder(_ node: ParsedJSON, at path: CodingPathNode) throws -> Folder {
        let members = try Self.members(of: node, at: path)
        var name: ParsedJSON?, description: ParsedJSON?, headers: ParsedJSON?, auth: ParsedJSON?, folders: ParsedJSON?, requests: ParsedJSON?
        for member in members {
            switch member.key {
            case "name": name = member.value
            case "description": description = member.value
            case "headers": headers = member.value
            case "auth": auth = member.value
            case "folders": folders = member.value
            case "requests": requests = member.value
            default: break
            }
        }
        var folder = Folder(name: try Self.requiredString(name, key: "name", in: path))
        folder.description = try Self.optionalString(description, key: "description", in: path) ?? ""
        folder.headers = try Self.rows(headers, key: "headers", in: path)
        folder.auth = try Self.decoded(SavedAuth.self, auth, key: "auth", in: path) ?? .inherit
        folder.folders = try folderList(folders, key: "folders", in: path)
        folder.requests = try requestList(requests, key: "requests", in: path)
        return folder
    }

    /// The requests of a `requests` member (nil when it is missing or null).
    private mutating func requestList(_ node: ParsedJSON?, key: String, in parent: CodingPathNode?) throws -> [SavedRequest] {
        guard let node = Self.present(node) else { return [] }
        let path = Self.path(parent, key)
        let items = try Self.items(of: node, at: path)
        var requests: [SavedRequest] = []
        requests.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            requests.append(try request(item, at: Self.path(path, index)))
        }
        return requests
    }

    /// One request, its members read in the order its `Decodable` conformance reads them.
    private mutating func request(_ node: ParsedJSON, at path: CodingPathNode) throws -> SavedRequest {
        let members = try Self.members(of: node, at: path)
        var id: ParsedJSON?, name: ParsedJSON?, description: ParsedJSON?, method: ParsedJSON?, url: ParsedJSON?, query: ParsedJSON?
        var headers: ParsedJSON?, disabledInherited: ParsedJSON?, body: ParsedJSON?, auth: ParsedJSON?, options: ParsedJSON?
        var checkLines: ParsedJSON?, captureLines: ParsedJSON?
        for member in members {
            switch member.key {
            case "id": id = member.value
            case "name": name = member.value
            case "description": description = member.value
            case "method": method = member.value
            case "url": url = member.value
            case "query": query = member.value
            case "headers": headers = member.value
            case "disabledInheritedHeaders": disabledInherited = member.value
            case "body": body = member.value
            case "auth": auth = member.value
            case "options": options = member.value
            case "checks": checkLines = member.value
            case "captures": captureLines = member.value
            default: break
            }
        }
        let requestID = try Self.optionalString(id, key: "id", in: path)
        let requestName = try Self.requiredString(name, key: "name", in: path)
        var request = SavedRequest(id: requestID, name: requestName, url: "")
        request.description = try Self.optionalString(description, key: "description", in: path) ?? ""
        request.method = try Self.optionalString(method, key: "method", in: path).map(HTTPMethod.init(rawValue:)) ?? .get
        request.url = try Self.requiredString(url, key: "url", in: path)
        request.query = try Self.rows(query, key: "query", in: path)
        request.headers = try Self.rows(headers, key: "headers", in: path)
        request.disabledInheritedHeaders = try Self.strings(disabledInherited, key: "disabledInheritedHeaders", in: path)
        request.body = try Self.decoded(SavedBody.self, body, key: "body", in: path) ?? .none
        request.auth = try Self.decoded(SavedAuth.self, auth, key: "auth", in: path) ?? .inherit
        request.options = try Self.decoded(SavedOptions.self, options, key: "options", in: path) ?? SavedOptions()
        let checkTexts = try Self.strings(checkLines, key: "checks", in: path)
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
        let captureTexts = try Self.strings(captureLines, key: "captures", in: path)
        for (index, line) in captureTexts.enumerated() {
            switch capture(line) {
            case .success(let parsed): request.captures.append(parsed)
            case .failure(let error):
                throw CheckLineDecodingError(kind: .capture, codingPath: CodingPathNode.keys(path), index: index, line: line, error: error)
            }
        }
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
