import RequestKit

/// One parameter of an operation, its `$ref` followed.
struct OpenAPIParameter {
    /// The parameter's name.
    var name: String
    /// Where it goes: path, query, header, cookie, or Swagger's body and formData.
    var location: String
    /// Whether the operation needs it.
    var required: Bool
    /// The parameter object itself.
    var object: OrderedJSON
    /// The document it lies in.
    var document: String
    /// Its JSON pointer, for messages.
    var pointer: String

    /// Swagger 2.0's `type` of the parameter, read as the type it means (`int` as integer); nil when it
    /// names none or one curlew does not know, and always nil in OpenAPI 3.
    var swaggerType: String?
    /// Whether the parameter names a type that curlew does not know (so it makes no value for it).
    var unknownType = false

    /// The example the parameter itself gives, if any: its `example`, Swagger's `x-example`, its first
    /// `examples` value, else the example of its `content`'s first media type.
    func givenValue(references: inout OpenAPIReferences, location operation: String) -> OrderedJSON? {
        if let example = object["example"] ?? object["x-example"], example != .null { return example }
        if let value = Self.firstExample(object["examples"], document: document, references: &references, location: operation) { return value }
        if case .object(let media)? = object["content"], let first = media.first?.value {
            if let example = first["example"], example != .null { return example }
            return Self.firstExample(first["examples"], document: document, references: &references, location: operation)
        }
        return nil
    }

    /// The `value` of the first entry of an `examples` map, its reference followed.
    private static func firstExample(_ examples: OrderedJSON?, document: String, references: inout OpenAPIReferences, location: String) -> OrderedJSON? {
        guard case .object(let named)? = examples, let first = named.first,
              let resolved = references.resolve(first.value, in: document, at: location),
              let value = resolved.value["value"], value != .null else { return nil }
        return value
    }

    /// Whether an array value is sent as one row per item, and otherwise the separator that joins its items
    /// (3.x `style`/`explode`, Swagger 2.0 `collectionFormat`).
    var arrayLayout: (repeated: Bool, separator: String) {
        if let format = DescriptionDocument.text(object["collectionFormat"]) {
            switch format {
            case "multi": return (true, ",")
            case "ssv": return (false, " ")
            case "tsv": return (false, "\t")
            case "pipes": return (false, "|")
            default: return (false, ",")
            }
        }
        let style = DescriptionDocument.text(object["style"]) ?? (location == "query" || location == "cookie" ? "form" : "simple")
        let explode = object["explode"].flatMap { if case .bool(let flag) = $0 { return flag } else { return nil } } ?? (style == "form")
        switch style {
        case "spaceDelimited": return (false, " ")
        case "pipeDelimited": return (false, "|")
        default: return (explode && location == "query", ",")
        }
    }

    /// Rows for a query parameter: one per array item when exploded, one per member of an object in
    /// `deepObject` style (`name[key]`) or exploded `form` style, else one.
    func queryRows(_ value: OrderedJSON?, enabled: Bool) -> [KeyValueRow] {
        guard let value else { return [KeyValueRow(name: name, value: "", enabled: enabled)] }
        switch value {
        case .array(let items):
            let layout = arrayLayout
            if layout.repeated {
                return items.isEmpty ? [KeyValueRow(name: name, value: "", enabled: enabled)] : items.map { KeyValueRow(name: name, value: DescriptionDocument.rowText($0), enabled: enabled) }
            }
            return [KeyValueRow(name: name, value: items.map(DescriptionDocument.rowText).joined(separator: layout.separator), enabled: enabled)]
        case .object(let members):
            let style = DescriptionDocument.text(object["style"]) ?? "form"
            if style == "deepObject" {
                return members.map { KeyValueRow(name: "\(name)[\($0.key)]", value: DescriptionDocument.rowText($0.value), enabled: enabled) }
            }
            if style == "form", object["explode"] != .bool(false) {
                return members.map { KeyValueRow(name: $0.key, value: DescriptionDocument.rowText($0.value), enabled: enabled) }
            }
            return [KeyValueRow(name: name, value: members.map { "\($0.key),\(DescriptionDocument.rowText($0.value))" }.joined(separator: ","), enabled: enabled)]
        default:
            return [KeyValueRow(name: name, value: DescriptionDocument.rowText(value), enabled: enabled)]
        }
    }

    /// A value as one text (arrays joined with their separator), for path variables, headers and cookies.
    func text(_ value: OrderedJSON?) -> String {
        guard let value else { return "" }
        if case .array(let items) = value {
            return items.map(DescriptionDocument.rowText).joined(separator: arrayLayout.separator)
        }
        return DescriptionDocument.rowText(value)
    }
}
