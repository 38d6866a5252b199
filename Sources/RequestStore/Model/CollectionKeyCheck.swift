import Foundation
import RequestKit

/// A key of a collection file that curlew does not read (a misspelling such as `"methd"`), found so that it can
/// be named in a warning instead of being ignored without a word.
public struct UnknownCollectionKey: Hashable, Sendable, CustomStringConvertible {
    /// The collection file.
    public var file: String
    /// The line of the key's value, from 1.
    public var line: Int
    /// Where the key stands: "the collection", "folder 'Users'", "request 'Users/Create'", "the options of request 'Users/Create'".
    public var place: String
    /// The key as written.
    public var key: String
    /// The known key nearest to it, when one is close.
    public var suggestion: String?

    /// One line for a warning: the file and line, the place, the key, the nearest known key, and that it is ignored.
    public var description: String {
        let hint = suggestion.map { " (did you mean '\($0)'?)" } ?? ""
        return "\(file):\(line): \(place) has an unknown key '\(key)'\(hint); it is ignored"
    }
}

/// Finds the keys of a collection file that curlew does not read: at the top level, in folders, in requests
/// and in their options. Never fails: a file that does not parse has none (loading it reports the error).
public enum CollectionKeyCheck {
    /// The keys a collection file's top level may hold.
    static let collectionKeys = ["format", "version", "name", "description", "variables", "headers", "auth", "scripts", "folders", "requests"]
    /// The keys a folder may hold.
    static let folderKeys = ["name", "description", "variables", "headers", "auth", "scripts", "folders", "requests"]
    /// The keys a request may hold.
    static let requestKeys = ["id", "name", "description", "variables", "method", "url", "query", "headers", "disabledInheritedHeaders", "body", "auth",
                              "options", "checks", "captures", "scripts", "examples"]
    /// The keys a request's `options` may hold.
    static let optionKeys = SavedOptions.CodingKeys.allCases.map(\.rawValue)

    /// The unknown keys of the collection file at `path`; none when it cannot be read or is not a current-version collection.
    public static func unknownKeys(inFileAt path: String) -> [UnknownCollectionKey] {
        guard path.hasSuffix(".json"), let data = try? POSIXFile.read(path) else { return [] }
        return unknownKeys(in: data, file: path)
    }

    /// The unknown keys of a collection file's text, named with `file`.
    public static func unknownKeys(in data: Data, file: String) -> [UnknownCollectionKey] {
        let bytes = Array(data)
        guard let tree = try? ParsedJSON.parse(bytes), case .object(let members) = tree.kind else { return [] }
        let version = members.last { $0.key == "version" }.flatMap { member -> Int? in
            if case .number(let text) = member.value.kind { return Int(text) }
            return nil
        }
        guard version == RequestCollection.currentVersion else { return [] }
        var walk = Walk(file: file, bytes: bytes)
        walk.check(members, known: collectionKeys, place: "the collection")
        walk.container(members, path: [])
        return walk.found
    }

    /// The walk over one file's tree, collecting what it finds.
    private struct Walk {
        let file: String
        let bytes: [UInt8]
        var found: [UnknownCollectionKey] = []

        /// Records each member whose key is not among `known`.
        mutating func check(_ members: [ParsedMember], known: [String], place: String) {
            for member in members where !known.contains(member.key) {
                let line = SourcePosition.of(offset: member.value.offset, in: bytes).line
                found.append(UnknownCollectionKey(file: file, line: line, place: place, key: member.key,
                                                  suggestion: NearestWord.suggestion(for: member.key, among: known)))
            }
        }

        /// One step of the walk: a folder to check and then walk into, or the requests of a container.
        private enum Step {
            case folder([ParsedMember], path: [String])
            case requests([ParsedMember], path: [String])
        }

        /// The folders and requests of the collection (or of a folder at `path`) and of every folder inside, in file
        /// order (a folder's contents before its next sibling), with an explicit stack so that no call depth follows
        /// the file's nesting.
        mutating func container(_ members: [ParsedMember], path: [String]) {
            var pending: [Step] = []
            Self.push(members, path: path, onto: &pending)
            while let step = pending.popLast() {
                switch step {
                case .folder(let folder, let folderPath):
                    check(folder, known: CollectionKeyCheck.folderKeys, place: "folder '\(folderPath.joined(separator: "/"))'")
                    Self.push(folder, path: folderPath, onto: &pending)
                case .requests(let container, let path):
                    for item in Self.items(container, "requests") {
                        guard case .object(let request) = item.kind else { continue }
                        let place = "request '\((path + [Self.name(of: request)]).joined(separator: "/"))'"
                        check(request, known: CollectionKeyCheck.requestKeys, place: place)
                        if let options = request.last(where: { $0.key == "options" }), case .object(let optionMembers) = options.value.kind {
                            check(optionMembers, known: CollectionKeyCheck.optionKeys, place: "the options of " + place)
                        }
                    }
                }
            }
        }

        /// Pushes a container's steps so that they pop in file order: its folders one by one, then its requests.
        private static func push(_ members: [ParsedMember], path: [String], onto pending: inout [Step]) {
            pending.append(.requests(members, path: path))
            for item in items(members, "folders").reversed() {
                guard case .object(let folder) = item.kind else { continue }
                pending.append(.folder(folder, path: path + [name(of: folder)]))
            }
        }

        /// The items of an array member; none when it is missing or not an array.
        static func items(_ members: [ParsedMember], _ key: String) -> [ParsedJSON] {
            guard let member = members.last(where: { $0.key == key }), case .array(let items) = member.value.kind else { return [] }
            return items
        }

        /// The `name` of a folder or request, as the file writes it.
        static func name(of members: [ParsedMember]) -> String {
            guard let member = members.last(where: { $0.key == "name" }), case .string(let name) = member.value.kind else { return "?" }
            return name
        }
    }
}
