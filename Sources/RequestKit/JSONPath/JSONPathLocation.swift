/// Where a node sits in a document: the chain of member names and indexes from the root, shared
/// between a node and its children so that walking a document copies no paths.
final class JSONPathLocation: Sendable {
    /// One step from a parent to a child.
    enum Step: Sendable {
        /// A member of an object.
        case name(String)
        /// An element of an array.
        case index(Int)
    }

    /// The parent's location, nil for a child of the root.
    let parent: JSONPathLocation?
    /// The step from the parent.
    let step: Step

    /// Creates the location of a child.
    init(parent: JSONPathLocation?, step: Step) {
        self.parent = parent
        self.step = step
    }

    /// The normalized path (RFC 9535 §2.7) of the node one `step` below `parent` (nil steps from the root; no step is the parent itself).
    static func normalizedPath(parent: JSONPathLocation?, step: Step?) -> String {
        var steps: [Step] = []
        if let step { steps.append(step) }
        var current = parent
        while let node = current {
            steps.append(node.step)
            current = node.parent
        }
        var path = "$"
        for step in steps.reversed() {
            switch step {
            case .index(let index):
                path += "["
                path += String(index)
                path += "]"
            case .name(let name):
                path += "['"
                path += JSONPathNormalizedName.escaped(name)
                path += "']"
            }
        }
        return path
    }
}

/// The escaping of member names in normalized paths (RFC 9535 §2.7).
public enum JSONPathNormalizedName {
    /// A name as it is written between the single quotes of a normalized path: `'` and `\` escaped,
    /// control characters as `\b \f \n \r \t` or `\u00XX` with lowercase hexadecimal digits, everything else as it is.
    public static func escaped(_ name: String) -> String {
        if name.utf8.allSatisfy({ $0 >= 0x20 && $0 != UInt8(ascii: "'") && $0 != UInt8(ascii: "\\") }) { return name }
        var text = String.UnicodeScalarView()
        for scalar in name.unicodeScalars {
            switch scalar {
            case "'": text.append(contentsOf: "\\'".unicodeScalars)
            case "\\": text.append(contentsOf: "\\\\".unicodeScalars)
            case "\u{08}": text.append(contentsOf: "\\b".unicodeScalars)
            case "\u{0C}": text.append(contentsOf: "\\f".unicodeScalars)
            case "\n": text.append(contentsOf: "\\n".unicodeScalars)
            case "\r": text.append(contentsOf: "\\r".unicodeScalars)
            case "\t": text.append(contentsOf: "\\t".unicodeScalars)
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    text.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
                } else {
                    text.append(scalar)
                }
            }
        }
        return String(text)
    }
}
