import RequestKit

/// One difference between two JSON values, at a path such as `$.data[3].email`.
public struct JSONChange: Equatable, Sendable {
    /// What happened at the path.
    public enum Kind: Equatable, Sendable {
        /// Only the second value has it.
        case added
        /// Only the first value has it.
        case removed
        /// Both have it, with different values.
        case changed
    }

    /// What happened.
    public var kind: Kind
    /// Where, as a JSONPath (`$.a.b`, `$.items[2]`, `$['odd key']`).
    public var path: String
    /// The first value as compact JSON (shortened), when it has one.
    public var old: String?
    /// The second value as compact JSON (shortened), when it has one.
    public var new: String?

    /// Creates a change.
    public init(kind: Kind, path: String, old: String?, new: String?) {
        self.kind = kind
        self.path = path
        self.old = old
        self.new = new
    }
}

/// Compares two JSON values structurally: key order and whitespace do not count, numbers are compared by value.
///
/// Objects are compared key by key, arrays index by index. The walk holds pending pairs on an explicit stack,
/// so no call depth follows the documents' depth; at most `maximumChanges` changes are listed.
public enum JSONStructuralDiff {
    /// The most changes listed; the count past it is still given.
    public static let maximumChanges = 10_000
    /// The longest value shown for a change, in characters.
    public static let maximumValueLength = 200

    /// The changes from `old` to `new` in document order, and how many more there were past the listing limit.
    public static func changes(from old: OrderedJSON, to new: OrderedJSON, limit: Int = maximumChanges) -> (changes: [JSONChange], more: Int) {
        var changes: [JSONChange] = []
        var more = 0
        func record(_ change: JSONChange) {
            if changes.count < limit { changes.append(change) } else { more += 1 }
        }
        var pending: [(path: String, old: OrderedJSON, new: OrderedJSON)] = [("$", old, new)]
        while let (path, left, right) = pending.popLast() {
            switch (left, right) {
            case (.object(let leftMembers), .object(let rightMembers)):
                var rightByKey: [String: OrderedJSON] = [:]
                for member in rightMembers where rightByKey[member.key] == nil { rightByKey[member.key] = member.value }
                var leftKeys = Set<String>()
                var next: [(String, OrderedJSON, OrderedJSON)] = []
                var found: [JSONChange] = []
                for member in leftMembers where !leftKeys.contains(member.key) {
                    leftKeys.insert(member.key)
                    let childPath = path + JSONPathSegment.name(member.key)
                    if let other = rightByKey[member.key] {
                        next.append((childPath, member.value, other))
                    } else {
                        found.append(JSONChange(kind: .removed, path: childPath, old: compact(member.value), new: nil))
                    }
                }
                var seenRight = Set<String>()
                for member in rightMembers where !leftKeys.contains(member.key) && !seenRight.contains(member.key) {
                    seenRight.insert(member.key)
                    found.append(JSONChange(kind: .added, path: path + JSONPathSegment.name(member.key), old: nil, new: compact(member.value)))
                }
                for change in found { record(change) }
                pending.append(contentsOf: next.reversed())
            case (.array(let leftElements), .array(let rightElements)):
                let common = min(leftElements.count, rightElements.count)
                for index in leftElements.indices.dropFirst(common) {
                    record(JSONChange(kind: .removed, path: path + "[\(index)]", old: compact(leftElements[index]), new: nil))
                }
                for index in rightElements.indices.dropFirst(common) {
                    record(JSONChange(kind: .added, path: path + "[\(index)]", old: nil, new: compact(rightElements[index])))
                }
                for index in stride(from: common - 1, through: 0, by: -1) {
                    pending.append((path + "[\(index)]", leftElements[index], rightElements[index]))
                }
            default:
                if !sameLeaf(left, right) {
                    record(JSONChange(kind: .changed, path: path, old: compact(left), new: compact(right)))
                }
            }
        }
        return (changes, more)
    }

    /// Whether two values that are not both objects or both arrays are equal (numbers by value).
    package static func sameLeaf(_ left: OrderedJSON, _ right: OrderedJSON) -> Bool {
        switch (left, right) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.number(let a), .number(let b)):
            if a == b { return true }
            guard let x = Double(a), let y = Double(b) else { return false }
            return x == y
        default: return false
        }
    }

    /// A value as compact JSON, cut after `maximumValueLength` characters with `…`; written without recursion.
    public static func compact(_ value: OrderedJSON, limit: Int = maximumValueLength) -> String {
        enum Step { case value(OrderedJSON), text(String) }
        var out = ""
        var steps: [Step] = [.value(value)]
        while let step = steps.popLast() {
            if out.count > limit { return String(out.prefix(limit)) + "…" }
            switch step {
            case .text(let text): out += text
            case .value(let current):
                switch current {
                case .null: out += "null"
                case .bool(let flag): out += flag ? "true" : "false"
                case .number(let text): out += text
                case .string(let text): out += JSONPathSegment.quoted(text, quote: "\"")
                case .array(let elements):
                    var next: [Step] = [.text("[")]
                    for (index, element) in elements.enumerated() {
                        if index > 0 { next.append(.text(",")) }
                        next.append(.value(element))
                        if next.count > limit { break }
                    }
                    next.append(.text("]"))
                    steps.append(contentsOf: next.reversed())
                case .object(let members):
                    var next: [Step] = [.text("{")]
                    for (index, member) in members.enumerated() {
                        if index > 0 { next.append(.text(",")) }
                        next.append(.text(JSONPathSegment.quoted(member.key, quote: "\"") + ":"))
                        next.append(.value(member.value))
                        if next.count > limit { break }
                    }
                    next.append(.text("}"))
                    steps.append(contentsOf: next.reversed())
                }
            }
        }
        return out.count > limit ? String(out.prefix(limit)) + "…" : out
    }
}

/// Writing path segments and quoted strings for diff output.
package enum JSONPathSegment {
    /// `.name` for a key that is a plain identifier, else `['key']`.
    package static func name(_ key: String) -> String {
        let scalars = key.unicodeScalars
        let plain = !key.isEmpty && scalars.allSatisfy { $0 == "_" || ($0.value < 0x80 && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }
            && !("0"..."9").contains(scalars.first ?? "0")
        return plain ? "." + key : "[" + quoted(key, quote: "'") + "]"
    }

    /// A string in quotes with the quote, backslash and control characters escaped.
    package static func quoted(_ text: String, quote: Character) -> String {
        var out = String(quote)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if Character(scalar) == quote {
                    out += "\\" + String(quote)
                } else if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out.append(quote)
        return out
    }
}
