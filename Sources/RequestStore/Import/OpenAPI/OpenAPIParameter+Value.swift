import RequestKit

/// The value a parameter is given when the description gives none of its own.
extension OpenAPIParameter {
    /// The parameter's value, in this order: its own example (`example`, `x-example`, `examples`, its
    /// content's example), else one made from its schema (the schema's `example`, `default`, first `enum`
    /// value, `minimum`, a value shaped by its `format`, else by its `type`: `1`, `"string"`, `true`); a
    /// parameter with no type at all is text (`"string"`). Swagger 2.0 keeps the schema's keywords on the
    /// parameter itself, OpenAPI 3 in `schema` (or `content`). Nil when curlew cannot make one: an unknown
    /// type, a file, a binary string, an empty array or object, or an empty path segment.
    func value(examples: inout SchemaExample, location operation: String) -> OrderedJSON? {
        if let given = givenValue(references: &examples.references, location: operation) {
            return usable(given, given: true)
        }
        if unknownType || swaggerType == "file" { return nil }
        guard let (schema, pointer) = describingSchema() else { return .string("string") }
        let made = examples.example(of: schema, document: document, pointer: pointer, location: operation, unbounded: "1")
        if made == .null {
            return Self.isUntyped(schema, document: document, references: &examples.references, location: operation) ? .string("string") : nil
        }
        return usable(made, given: false)
    }

    /// The schema of the value and its pointer: Swagger's parameter itself (its `type` as `swaggerType`),
    /// else the `schema`, else the schema of the `content`'s first media type; nil when there is none.
    private func describingSchema() -> (schema: OrderedJSON, pointer: String)? {
        if location != "body", object["in"] != nil, object["schema"] == nil, object["content"] == nil {
            guard case .object(let members) = object else { return nil }
            var own = members.filter { $0.key != "type" && $0.key != "name" && $0.key != "in" && $0.key != "required" }
            if let swaggerType { own.append(JSONMember(key: "type", value: .string(swaggerType))) }
            return (.object(own), pointer)
        }
        if let schema = object["schema"] { return (schema, pointer + "/schema") }
        if case .object(let media)? = object["content"], let first = media.first, let schema = first.value["schema"] {
            return (schema, pointer + "/content/" + OpenAPIReferences.escape(first.key) + "/schema")
        }
        return nil
    }

    /// Whether a schema (its reference followed) says nothing of its type: no `type`, `format`, `items`,
    /// `properties` or composition.
    private static func isUntyped(_ schema: OrderedJSON, document: String, references: inout OpenAPIReferences, location: String) -> Bool {
        guard let resolved = references.resolve(schema, in: document, at: location)?.value else { return false }
        guard case .object(let members) = resolved else { return false }
        let typing: Set<String> = ["type", "format", "items", "properties", "additionalProperties", "allOf", "oneOf", "anyOf", "enum", "const", "$ref"]
        return !members.contains { typing.contains($0.key) }
    }

    /// The value, or nil when it would send nothing: an empty array or object, an empty text that was made
    /// rather than given, or any empty text in a path.
    private func usable(_ value: OrderedJSON, given: Bool) -> OrderedJSON? {
        switch value {
        case .array(let items) where items.isEmpty: return nil
        case .object(let members) where members.isEmpty: return nil
        case .null: return nil
        default:
            if text(value).isEmpty, !given || location == "path" { return nil }
            return value
        }
    }
}
