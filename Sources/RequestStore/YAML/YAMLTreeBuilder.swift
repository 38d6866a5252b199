import CYAML
import RequestKit

/// Turns libyaml's events into an `OrderedJSON` tree with an explicit stack of open containers.
struct YAMLTreeBuilder {
    /// A sequence or mapping whose end has not been read yet.
    private struct OpenContainer {
        /// Whether it is a mapping.
        var isMapping: Bool
        /// The items of a sequence.
        var items: [OrderedJSON] = []
        /// The members of a mapping.
        var members: [JSONMember] = []
        /// The key read for the next member of a mapping.
        var pendingKey: String?
        /// Whether a merge key (`<<`) was read in this mapping.
        var hasMergeKey = false
        /// The anchor the container is stored under when it ends.
        var anchor: String?
        /// How many values it holds, itself included, aliases counted as expanded.
        var size = 1
        /// How many levels of containers it holds, itself included, aliases counted as expanded.
        var height = 1
    }

    /// The file named in errors.
    let file: String
    /// The containers open around the current event, outermost first.
    private var stack: [OpenContainer] = []
    /// Values by anchor name, with the values and levels they add when an alias repeats them.
    private var anchors: [String: (value: OrderedJSON, size: Int, height: Int)] = [:]
    /// The values all aliases have added so far.
    private var aliasValues = 0
    /// The document's value once it is complete.
    private var root: OrderedJSON?

    /// Creates a builder for one file.
    init(file: String) {
        self.file = file
    }

    /// Reads events up to the end of the first document and returns its root value (null for an empty document).
    mutating func build(_ parser: OpaquePointer) throws(FileFormatError) -> OrderedJSON {
        var event = cyaml_event()
        var problem: UnsafePointer<CChar>?
        var context: UnsafePointer<CChar>?
        var line = 0, column = 0
        while true {
            guard cyaml_next(parser, &event, &problem, &context, &line, &column) != 0 else {
                var reason = problem.map { String(cString: $0) } ?? "the text is not valid YAML"
                if let context { reason = String(cString: context) + ": " + reason }
                throw FileFormatError(file: file, line: line + 1, column: column + 1, reason: reason)
            }
            let position = (line: event.line + 1, column: event.column + 1)
            switch Int(event.kind) {
            case Int(CYAML_EVENT_STREAM_END), Int(CYAML_EVENT_DOCUMENT_END):
                return root ?? .null
            case Int(CYAML_EVENT_SCALAR):
                let text = event.value.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: event.length), as: UTF8.self) } ?? ""
                let tag = event.tag.map { String(cString: $0) }
                let anchor = event.anchor.map { String(cString: $0) }
                if let top = stack.last, top.isMapping, top.pendingKey == nil {
                    stack[stack.count - 1].pendingKey = text
                    if text == "<<" && event.plain != 0 { stack[stack.count - 1].hasMergeKey = true }
                    if let anchor { anchors[anchor] = (.string(text), 1, 0) }
                    continue
                }
                let value = YAMLScalar.value(text, plain: event.plain != 0, tag: tag)
                if let anchor { anchors[anchor] = (value, 1, 0) }
                add(value, size: 1, height: 0)
            case Int(CYAML_EVENT_ALIAS):
                let name = event.anchor.map { String(cString: $0) } ?? ""
                guard let stored = anchors[name] else {
                    throw FileFormatError(file: file, line: position.line, column: position.column, reason: "the alias *\(name) refers to no anchor defined before it")
                }
                aliasValues = aliasValues.addingSaturating(stored.size)
                if aliasValues > YAMLReader.maximumAliasValues {
                    throw FileFormatError(file: file, line: position.line, column: position.column, reason: "aliases expand to more than \(YAMLReader.maximumAliasValues) values (the file repeats anchors inside anchors); curlew does not read such a file")
                }
                if let top = stack.last, top.isMapping, top.pendingKey == nil {
                    guard case .string(let key) = stored.value else {
                        throw FileFormatError(file: file, line: position.line, column: position.column, reason: "a mapping key is the alias *\(name) of a sequence or mapping; curlew reads only text keys")
                    }
                    stack[stack.count - 1].pendingKey = key
                    continue
                }
                guard stack.count + stored.height <= YAMLReader.maximumDepth else {
                    throw FileFormatError(file: file, line: position.line, column: position.column, reason: "the alias *\(name) puts sequences and mappings deeper than \(YAMLReader.maximumDepth) levels")
                }
                add(stored.value, size: stored.size, height: stored.height)
            case Int(CYAML_EVENT_SEQUENCE_START), Int(CYAML_EVENT_MAPPING_START):
                if let top = stack.last, top.isMapping, top.pendingKey == nil {
                    throw FileFormatError(file: file, line: position.line, column: position.column, reason: "a mapping key is a sequence or mapping; curlew reads only text keys")
                }
                guard stack.count < YAMLReader.maximumDepth else {
                    throw FileFormatError(file: file, line: position.line, column: position.column, reason: "sequences and mappings nest deeper than \(YAMLReader.maximumDepth) levels")
                }
                stack.append(OpenContainer(isMapping: Int(event.kind) == Int(CYAML_EVENT_MAPPING_START), anchor: event.anchor.map { String(cString: $0) }))
            case Int(CYAML_EVENT_SEQUENCE_END), Int(CYAML_EVENT_MAPPING_END):
                guard let container = stack.popLast() else { continue }
                let value: OrderedJSON
                if container.isMapping {
                    value = .object(container.hasMergeKey ? Self.merged(container.members) : container.members)
                } else {
                    value = .array(container.items)
                }
                if let anchor = container.anchor { anchors[anchor] = (value, container.size, container.height) }
                add(value, size: container.size, height: container.height)
            default:
                continue
            }
        }
    }

    /// Puts a finished value into the open container, or makes it the root.
    private mutating func add(_ value: OrderedJSON, size: Int, height: Int) {
        guard !stack.isEmpty else {
            root = value
            return
        }
        let index = stack.count - 1
        stack[index].size = stack[index].size.addingSaturating(size)
        stack[index].height = max(stack[index].height, height + 1)
        if stack[index].isMapping {
            let key = stack[index].pendingKey ?? ""
            stack[index].members.append(JSONMember(key: key, value: value))
            stack[index].pendingKey = nil
        } else {
            stack[index].items.append(value)
        }
    }

    /// The members with each `<<` merge key replaced by the members of the mapping (or mappings) it names
    /// whose keys the mapping does not set itself.
    static func merged(_ members: [JSONMember]) -> [JSONMember] {
        var result: [JSONMember] = []
        let ownKeys = Set(members.filter { $0.key != "<<" }.map(\.key))
        var mergedKeys: Set<String> = []
        for member in members {
            guard member.key == "<<" else {
                result.append(member)
                continue
            }
            let sources: [OrderedJSON]
            switch member.value {
            case .object: sources = [member.value]
            case .array(let items): sources = items
            default:
                result.append(member)
                continue
            }
            for case .object(let inner) in sources {
                for item in inner where !ownKeys.contains(item.key) && !mergedKeys.contains(item.key) {
                    mergedKeys.insert(item.key)
                    result.append(item)
                }
            }
        }
        return result
    }
}

extension Int {
    /// The sum, or `Int.max` when it would overflow.
    func addingSaturating(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? Int.max : sum
    }
}
