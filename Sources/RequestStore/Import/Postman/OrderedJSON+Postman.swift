import RequestKit
extension OrderedJSON {
    /// The elements when this is an array, else empty.
    var postmanArray: [OrderedJSON] {
        if case .array(let items) = self { return items }
        return []
    }

    /// Strings as they are; numbers and booleans as their text; nil for null, arrays and objects.
    var postmanText: String? {
        switch self {
        case .string(let text): return text
        case .number(let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        default: return nil
        }
    }

    /// The boolean when this is one.
    var postmanBool: Bool? {
        if case .bool(let flag) = self { return flag }
        return nil
    }

    /// Postman's description: a string, or an object with `content`.
    var postmanDescription: String {
        postmanText ?? self["content"]?.postmanText ?? ""
    }

    /// Whether this is an object with the key.
    func postmanHas(_ key: String) -> Bool { self[key] != nil }
}
