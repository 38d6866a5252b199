/// Runs a parsed query against a document (RFC 9535 §2.3–2.5): segments in order, descendants in
/// document order with an explicit stack, filters with their comparisons and functions.
struct JSONPathEvaluator {
    /// A node of the document: its value and, when paths are tracked, where it is.
    ///
    /// The location is kept as the parent's location and the last step, and made into a
    /// `JSONPathLocation` only for nodes whose children are selected, so walking leaves allocates nothing.
    struct Node {
        /// The node's value.
        var value: OrderedJSON
        /// The parent's location (nil for a child of the root, for the root, or when paths are not tracked).
        var parent: JSONPathLocation?
        /// The step from the parent; nil for the root or when paths are not tracked.
        var step: JSONPathLocation.Step?

        /// The node's location, nil for the root.
        var location: JSONPathLocation? {
            guard let step else { return parent }
            return JSONPathLocation(parent: parent, step: step)
        }

        /// The node's normalized path.
        var normalizedPath: String { JSONPathLocation.normalizedPath(parent: parent, step: step) }
    }

    /// The document's root, `$`.
    let root: OrderedJSON
    /// Patterns compiled so far by `match` and `search`.
    private var regexes = JSONPathRegexCache()

    /// Creates an evaluator for a document.
    init(root: OrderedJSON) {
        self.root = root
    }

    /// The nodes a query selects; `current` is `@` for a relative query.
    mutating func select(_ query: JSONPathQuery, current: OrderedJSON, tracksPaths: Bool) -> [Node] {
        var nodes = [Node(value: query.isRelative ? current : root)]
        for segment in query.segments {
            if nodes.isEmpty { break }
            nodes = apply(segment, to: nodes, tracksPaths: tracksPaths)
        }
        return nodes
    }

    // MARK: Segments and selectors

    /// The nodes a segment selects from its input nodes, in order.
    private mutating func apply(_ segment: JSONPathSegment, to nodes: [Node], tracksPaths: Bool) -> [Node] {
        var output: [Node] = []
        for node in nodes {
            guard segment.isDescendant else {
                // Only arrays and objects have children to select.
                switch node.value {
                case .array, .object: break
                default: continue
                }
                let location = tracksPaths ? node.location : nil
                for selector in segment.selectors { select(selector, from: node.value, at: location, into: &output, tracksPaths: tracksPaths) }
                continue
            }
            // The node and its descendants, each before its own descendants, arrays in order. Only containers with
            // children are visited: a selector selects nothing from a scalar or an empty container.
            var pending = [node]
            while let visited = pending.popLast() {
                let location: JSONPathLocation?
                switch visited.value {
                case .array(let elements) where !elements.isEmpty:
                    location = tracksPaths ? visited.location : nil
                    for index in elements.indices.reversed() where Self.hasChildren(elements[index]) {
                        pending.append(child(elements[index], at: location, step: .index(index), tracksPaths: tracksPaths))
                    }
                case .object(let members) where !members.isEmpty:
                    location = tracksPaths ? visited.location : nil
                    for index in members.indices.reversed() where Self.hasChildren(members[index].value) {
                        pending.append(child(members[index].value, at: location, step: .name(members[index].key), tracksPaths: tracksPaths))
                    }
                default:
                    continue
                }
                for selector in segment.selectors { select(selector, from: visited.value, at: location, into: &output, tracksPaths: tracksPaths) }
            }
        }
        return output
    }

    /// Whether a value is an array or object with at least one child.
    private static func hasChildren(_ value: OrderedJSON) -> Bool {
        switch value {
        case .array(let elements): return !elements.isEmpty
        case .object(let members): return !members.isEmpty
        default: return false
        }
    }

    /// Whether a member's key is `name`, code point for code point (RFC 9535 §2.3.1.2: no normalization).
    @inline(__always)
    static func sameName(_ key: String, _ name: String) -> Bool {
        key.utf8.count == name.utf8.count && key.utf8.elementsEqual(name.utf8)
    }

    /// A child node, with its location when paths are tracked.
    private func child(_ value: OrderedJSON, at parent: JSONPathLocation?, step: JSONPathLocation.Step, tracksPaths: Bool) -> Node {
        tracksPaths ? Node(value: value, parent: parent, step: step) : Node(value: value)
    }

    /// Appends what one selector selects from one value, whose location is `location`.
    private mutating func select(
        _ selector: JSONPathSelector, from value: OrderedJSON, at location: JSONPathLocation?, into output: inout [Node], tracksPaths: Bool
    ) {
        switch (selector, value) {
        case (.name(let name), .object(let members)):
            if let member = members.first(where: { Self.sameName($0.key, name) }) {
                output.append(child(member.value, at: location, step: .name(member.key), tracksPaths: tracksPaths))
            }
        case (.wildcard, .array(let elements)):
            for (index, element) in elements.enumerated() {
                output.append(child(element, at: location, step: .index(index), tracksPaths: tracksPaths))
            }
        case (.wildcard, .object(let members)):
            for member in members { output.append(child(member.value, at: location, step: .name(member.key), tracksPaths: tracksPaths)) }
        case (.index(let index), .array(let elements)):
            if let position = Self.position(of: index, count: elements.count) {
                output.append(child(elements[position], at: location, step: .index(position), tracksPaths: tracksPaths))
            }
        case (.slice(let start, let end, let step), .array(let elements)):
            for index in JSONPathSlice.indexes(start: start, end: end, step: step, count: elements.count) {
                output.append(child(elements[index], at: location, step: .index(index), tracksPaths: tracksPaths))
            }
        case (.filter(let expression), .array(let elements)):
            for (index, element) in elements.enumerated() where test(expression, current: element) {
                output.append(child(element, at: location, step: .index(index), tracksPaths: tracksPaths))
            }
        case (.filter(let expression), .object(let members)):
            for member in members where test(expression, current: member.value) {
                output.append(child(member.value, at: location, step: .name(member.key), tracksPaths: tracksPaths))
            }
        default:
            return
        }
    }

    /// The array position an index selects (negative counts from the end), or nil when it is outside the array.
    private static func position(of index: Int64, count: Int) -> Int? {
        let length = Int64(count)
        let position = index < 0 ? length + index : index
        return position >= 0 && position < length ? Int(position) : nil
    }

    /// The value a singular query selects, or nil; walks names and indexes without building node lists.
    private func singularValue(_ query: JSONPathQuery, current: OrderedJSON) -> OrderedJSON? {
        var value = query.isRelative ? current : root
        for segment in query.segments {
            switch (segment.selectors[0], value) {
            case (.name(let name), .object(let members)):
                guard let member = members.first(where: { Self.sameName($0.key, name) }) else { return nil }
                value = member.value
            case (.index(let index), .array(let elements)):
                guard let position = Self.position(of: index, count: elements.count) else { return nil }
                value = elements[position]
            default:
                return nil
            }
        }
        return value
    }

    // MARK: Filters

    /// Whether a filter expression holds with `current` as `@`.
    mutating func test(_ expression: JSONPathLogical, current: OrderedJSON) -> Bool {
        switch expression {
        case .or(let parts):
            for part in parts where test(part, current: current) { return true }
            return false
        case .and(let parts):
            for part in parts where !test(part, current: current) { return false }
            return true
        case .not(let inner):
            return !test(inner, current: current)
        case .comparison(let left, let comparison, let right):
            return JSONPathComparison.holds(value(of: left, current: current), comparison, value(of: right, current: current))
        case .exists(let query):
            if query.isSingular { return singularValue(query, current: current) != nil }
            return !select(query, current: current, tracksPaths: false).isEmpty
        case .function(let call):
            if case .logical(let result) = self.call(call, current: current) { return result }
            return false
        }
    }

    /// The value of a comparison side, or nil for nothing.
    private mutating func value(of comparable: JSONPathComparable, current: OrderedJSON) -> OrderedJSON? {
        switch comparable {
        case .literal(let value): return value
        case .query(let query): return singularValue(query, current: current)
        case .function(let call):
            if case .value(let result) = self.call(call, current: current) { return result }
            return nil
        }
    }

    /// Evaluates a function call's arguments and applies the function.
    private mutating func call(_ call: JSONPathFunctionCall, current: OrderedJSON) -> JSONPathFunctionResult {
        var arguments: [JSONPathArgumentValue] = []
        for argument in call.arguments {
            switch argument {
            case .value(let comparable): arguments.append(.value(value(of: comparable, current: current)))
            case .nodes(let query): arguments.append(.nodes(select(query, current: current, tracksPaths: false).map(\.value)))
            case .logical(let expression): arguments.append(.logical(test(expression, current: current)))
            }
        }
        return call.function.apply(arguments, regexes: &regexes)
    }
}
