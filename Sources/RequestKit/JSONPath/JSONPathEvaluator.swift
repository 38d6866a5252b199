/// Runs a parsed query against a document (RFC 9535 §2.3–2.5): segments in order, descendants in
/// document order with an explicit stack, filters with their comparisons and functions.
struct JSONPathEvaluator {
    /// A node of the document: its value and, when paths are tracked, where it is (nil for the root).
    struct Node {
        /// The node's value.
        var value: OrderedJSON
        /// The node's location, nil for the root or when paths are not tracked.
        var location: JSONPathLocation?
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
        var nodes = [Node(value: query.isRelative ? current : root, location: nil)]
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
                for selector in segment.selectors { select(selector, from: node, into: &output, tracksPaths: tracksPaths) }
                continue
            }
            // The node and its descendants, each before its own descendants, arrays in order.
            var pending = [node]
            while let visited = pending.popLast() {
                for selector in segment.selectors { select(selector, from: visited, into: &output, tracksPaths: tracksPaths) }
                switch visited.value {
                case .array(let elements):
                    for index in elements.indices.reversed() {
                        pending.append(child(elements[index], of: visited, step: .index(index), tracksPaths: tracksPaths))
                    }
                case .object(let members):
                    for index in members.indices.reversed() {
                        pending.append(child(members[index].value, of: visited, step: .name(members[index].key), tracksPaths: tracksPaths))
                    }
                default: continue
                }
            }
        }
        return output
    }

    /// A child node, with its location when paths are tracked.
    private func child(_ value: OrderedJSON, of parent: Node, step: JSONPathLocation.Step, tracksPaths: Bool) -> Node {
        Node(value: value, location: tracksPaths ? JSONPathLocation(parent: parent.location, step: step) : nil)
    }

    /// Appends what one selector selects from one node.
    private mutating func select(_ selector: JSONPathSelector, from node: Node, into output: inout [Node], tracksPaths: Bool) {
        switch (selector, node.value) {
        case (.name(let name), .object(let members)):
            if let member = members.first(where: { $0.key.utf8.elementsEqual(name.utf8) }) {
                output.append(child(member.value, of: node, step: .name(member.key), tracksPaths: tracksPaths))
            }
        case (.wildcard, .array(let elements)):
            for (index, element) in elements.enumerated() {
                output.append(child(element, of: node, step: .index(index), tracksPaths: tracksPaths))
            }
        case (.wildcard, .object(let members)):
            for member in members { output.append(child(member.value, of: node, step: .name(member.key), tracksPaths: tracksPaths)) }
        case (.index(let index), .array(let elements)):
            let count = Int64(elements.count)
            let position = index < 0 ? count + index : index
            if position >= 0 && position < count {
                output.append(child(elements[Int(position)], of: node, step: .index(Int(position)), tracksPaths: tracksPaths))
            }
        case (.slice(let start, let end, let step), .array(let elements)):
            for index in JSONPathSlice.indexes(start: start, end: end, step: step, count: elements.count) {
                output.append(child(elements[index], of: node, step: .index(index), tracksPaths: tracksPaths))
            }
        case (.filter(let expression), .array(let elements)):
            for (index, element) in elements.enumerated() where test(expression, current: element) {
                output.append(child(element, of: node, step: .index(index), tracksPaths: tracksPaths))
            }
        case (.filter(let expression), .object(let members)):
            for member in members where test(expression, current: member.value) {
                output.append(child(member.value, of: node, step: .name(member.key), tracksPaths: tracksPaths))
            }
        default:
            return
        }
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
        case .query(let query): return select(query, current: current, tracksPaths: false).first?.value
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
