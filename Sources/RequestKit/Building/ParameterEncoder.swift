/// Flattens a parameter dictionary into `name=value` pairs, the way the seed library builds them.
///
/// Keys are sorted at every level so that the output is the same on every run. Nested
/// objects become `key[sub]`; arrays become `key[]`, `key` or `key[0]` depending on
/// `arrayStyle`; booleans are `1`/`0` or `true`/`false` depending on `boolStyle`; numbers
/// keep their text; null becomes an empty value; empty arrays and objects add nothing.
public struct ParameterEncoder: Hashable, Sendable {
    /// How array elements are named.
    public enum ArrayStyle: String, Hashable, Sendable, Codable, CaseIterable {
        /// `tags[]=a&tags[]=b` (the seed's form, and Rails' and PHP's).
        case brackets
        /// `tags=a&tags=b`.
        case noBrackets
        /// `tags[0]=a&tags[1]=b`.
        case indexed
    }

    /// How booleans are written.
    public enum BoolStyle: String, Hashable, Sendable, Codable, CaseIterable {
        /// `1` and `0` (the seed's form).
        case numeric
        /// `true` and `false`.
        case literal
    }

    /// How array elements are named.
    public var arrayStyle: ArrayStyle
    /// How booleans are written.
    public var boolStyle: BoolStyle

    /// Creates an encoder; the defaults are the seed's: `key[]` for arrays and `1`/`0` for booleans.
    public init(arrayStyle: ArrayStyle = .brackets, boolStyle: BoolStyle = .numeric) {
        self.arrayStyle = arrayStyle
        self.boolStyle = boolStyle
    }

    /// The parameters as query items (not yet percent-encoded), keys sorted at every level.
    public func queryItems(_ params: [String: ParameterValue]) -> [QueryItem] {
        var items: [QueryItem] = []
        for key in params.keys.sorted() {
            if let value = params[key] { flatten(value, name: key, into: &items) }
        }
        return items
    }

    /// The parameters as form fields, in the same order as `queryItems`.
    public func formFields(_ params: [String: ParameterValue]) -> [FormField] {
        queryItems(params).map { FormField(name: $0.name, value: $0.value ?? "") }
    }

    /// The parameters as an encoded `application/x-www-form-urlencoded` string.
    public func encodedString(_ params: [String: ParameterValue]) -> String {
        FormEncoding.pairs(queryItems(params)).joined(separator: "&")
    }

    private func flatten(_ value: ParameterValue, name: String, into items: inout [QueryItem]) {
        switch value {
        case .string(let text):
            items.append(QueryItem(name: name, value: text))
        case .number(let text):
            items.append(QueryItem(name: name, value: text))
        case .bool(let flag):
            let text = switch boolStyle {
            case .numeric: flag ? "1" : "0"
            case .literal: flag ? "true" : "false"
            }
            items.append(QueryItem(name: name, value: text))
        case .null:
            items.append(QueryItem(name: name, value: ""))
        case .object(let object):
            for key in object.keys.sorted() {
                if let child = object[key] { flatten(child, name: "\(name)[\(key)]", into: &items) }
            }
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                let childName = switch arrayStyle {
                case .brackets: "\(name)[]"
                case .noBrackets: name
                case .indexed: "\(name)[\(index)]"
                }
                flatten(element, name: childName, into: &items)
            }
        }
    }
}
