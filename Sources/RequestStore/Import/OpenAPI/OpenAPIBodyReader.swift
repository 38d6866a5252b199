import RequestKit

/// Turns a request body (3.x `requestBody`, Swagger 2.0 `body` and `formData` parameters) into a saved body:
/// JSON from the first media type's example or an example made from its schema, form and multipart bodies
/// as rows (required fields on, optional ones off), text bodies as raw text, binary bodies as a file to choose.
struct OpenAPIBodyReader {
    /// The generator of examples, which also follows references.
    var examples: SchemaExample
    /// What could not be carried over.
    var warnings: [ConversionWarning] = []

    /// The body of a 3.x `requestBody` object.
    mutating func body(of requestBody: OrderedJSON, document: String, pointer: String, location: String) -> SavedBody {
        guard let resolved = examples.references.resolve(requestBody, in: document, at: location) else { return .none }
        let pointer = resolved.pointer ?? pointer
        guard case .object(let media)? = resolved.value["content"], let first = media.first else { return .none }
        if media.count > 1 {
            warnings.append(ConversionWarning(.note, at: location, "the body is imported as \(first.key); the operation also accepts \(media.dropFirst().map(\.key).joined(separator: ", "))"))
        }
        let mediaPointer = pointer + "/content/" + OpenAPIReferences.escape(first.key)
        let given = givenExample(of: first.value, document: resolved.document, location: location)
        return body(mediaType: first.key, given: given, schema: first.value["schema"], encoding: first.value["encoding"],
                    document: resolved.document, pointer: mediaPointer + "/schema", location: location)
    }

    /// The body of Swagger 2.0's `body` parameter, sent as the first type the operation consumes.
    mutating func swaggerBody(_ parameter: OpenAPIParameter, consumes: [String], location: String) -> SavedBody {
        let mediaType = consumes.first ?? "application/json"
        let given = parameter.object["x-example"] ?? parameter.object["example"]
        return body(mediaType: mediaType, given: given, schema: parameter.object["schema"], encoding: nil,
                    document: parameter.document, pointer: parameter.pointer + "/schema", location: location)
    }

    /// Swagger 2.0's `formData` parameters as form rows, or multipart rows when the operation consumes
    /// `multipart/form-data` or a parameter is a file.
    mutating func swaggerForm(_ parameters: [OpenAPIParameter], consumes: [String], location: String) -> SavedBody {
        let multipart = consumes.contains { $0.lowercased().hasPrefix("multipart/form-data") }
            || parameters.contains { DescriptionDocument.text($0.object["type"]) == "file" }
        var rows: [KeyValueRow] = []
        var parts: [MultipartRow] = []
        for parameter in parameters {
            if DescriptionDocument.text(parameter.object["type"]) == "file" {
                parts.append(.file(name: parameter.name, path: "", fileName: nil, contentType: nil, enabled: parameter.required))
                warnings.append(ConversionWarning(.note, at: location, "the file part '\(parameter.name)' has no file yet; choose one before sending"))
            } else {
                let text = parameter.text(parameter.value(examples: &examples, location: location))
                rows.append(KeyValueRow(name: parameter.name, value: text, enabled: parameter.required))
                parts.append(.field(name: parameter.name, value: text, enabled: parameter.required))
            }
        }
        return multipart ? .multipart(parts) : .form(rows)
    }

    /// The media type's `example`, else the value of its first `examples` entry.
    private mutating func givenExample(of media: OrderedJSON, document: String, location: String) -> OrderedJSON? {
        if let example = media["example"] { return example }
        guard case .object(let named)? = media["examples"], let first = named.first,
              let resolved = examples.references.resolve(first.value, in: document, at: location) else { return nil }
        if let value = resolved.value["value"] { return value }
        if let external = DescriptionDocument.text(resolved.value["externalValue"]) {
            warnings.append(ConversionWarning(.note, at: location, "the example '\(first.key)' lives in another file (\(external)), which is not read; an example is made from the schema instead"))
        }
        return nil
    }

    /// The body for one media type, from the given example or one made from the schema.
    private mutating func body(mediaType: String, given: OrderedJSON?, schema: OrderedJSON?, encoding: OrderedJSON?, document: String, pointer: String, location: String) -> SavedBody {
        let type = (mediaType.split(separator: ";").first.map(String.init) ?? mediaType).trimmingCharacters(in: .whitespaces).lowercased()
        func example() -> OrderedJSON? {
            if let given { return given }
            guard let schema else { return nil }
            return examples.example(of: schema, document: document, pointer: pointer, location: location)
        }
        switch type {
        case "application/json", "*/*", "application/*":
            guard let value = example() else { return .json("{}") }
            return .json(DescriptionDocument.bodyText(value))
        case "application/x-www-form-urlencoded", "multipart/form-data":
            return fields(type: type, given: given, schema: schema, encoding: encoding, document: document, pointer: pointer, location: location)
        case "application/octet-stream":
            warnings.append(ConversionWarning(.note, at: location, "the body is a file (\(type)); choose the file before sending"))
            return .file(path: "", contentType: type)
        default:
            if type.hasSuffix("+json") {
                return .raw(text: example().map(DescriptionDocument.bodyText) ?? "{}", contentType: mediaType)
            }
            if type.hasPrefix("image/") || type.hasPrefix("audio/") || type.hasPrefix("video/") || type == "application/pdf" || type == "application/zip" {
                warnings.append(ConversionWarning(.note, at: location, "the body is a file (\(type)); choose the file before sending"))
                return .file(path: "", contentType: mediaType)
            }
            switch example() {
            case .string(let text)?: return .raw(text: text, contentType: mediaType)
            case nil, .null?:
                warnings.append(ConversionWarning(.note, at: location, "the \(type) body has no example; it is left empty"))
                return .raw(text: "", contentType: mediaType)
            case let value?:
                if type.contains("xml") {
                    warnings.append(ConversionWarning(.note, at: location, "the \(type) body has only a schema; curlew makes JSON examples, not XML, so the body is left empty"))
                    return .raw(text: "", contentType: mediaType)
                }
                return .raw(text: DescriptionDocument.rowText(value), contentType: mediaType)
            }
        }
    }

    /// Form or multipart rows from an example object, or from the schema's properties (required ones on).
    private mutating func fields(type: String, given: OrderedJSON?, schema: OrderedJSON?, encoding: OrderedJSON?, document: String, pointer: String, location: String) -> SavedBody {
        var properties: [JSONMember] = []
        var required: Set<String> = []
        var schemaDocument = document
        if let schema, let resolved = examples.references.resolve(schema, in: document, at: location) {
            schemaDocument = resolved.document
            if case .object(let members)? = resolved.value["properties"] { properties = members }
            if case .array(let names)? = resolved.value["required"] { required = Set(names.compactMap(\.stringValue)) }
        }
        let values: OrderedJSON = given ?? schema.map { examples.example(of: $0, document: document, pointer: pointer, location: location) } ?? .object([])
        var names: [String] = properties.map(\.key)
        if case .object(let members) = values {
            for member in members where !names.contains(member.key) { names.append(member.key) }
        }
        var rows: [KeyValueRow] = []
        var parts: [MultipartRow] = []
        for name in names {
            let enabled = required.isEmpty ? true : required.contains(name)
            let property = properties.first { $0.key == name }?.value
            let resolvedProperty = property.flatMap { examples.references.resolve($0, in: schemaDocument, at: location)?.value }
            let format = DescriptionDocument.text(resolvedProperty?["format"]) ?? DescriptionDocument.text(resolvedProperty?["items"]?["format"])
            let partType = DescriptionDocument.text(encoding?[name]?["contentType"])
            let isFile = format == "binary" || format == "base64" || resolvedProperty?["contentMediaType"] != nil
            let text = values[name].map(DescriptionDocument.rowText) ?? ""
            if type == "multipart/form-data" && isFile {
                parts.append(.file(name: name, path: "", fileName: nil, contentType: partType, enabled: enabled))
                warnings.append(ConversionWarning(.note, at: location, "the file part '\(name)' has no file yet; choose one before sending"))
            } else {
                rows.append(KeyValueRow(name: name, value: text, enabled: enabled))
                parts.append(.field(name: name, value: text, enabled: enabled))
            }
        }
        return type == "multipart/form-data" ? .multipart(parts) : .form(rows)
    }
}
