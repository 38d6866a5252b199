import Foundation

/// The body of a saved request, as the user edits it (variables not yet resolved).
public enum SavedBody: Hashable, Sendable {
    /// No body.
    case none
    /// JSON text, sent as `application/json`.
    case json(String)
    /// Form fields, sent as `application/x-www-form-urlencoded`.
    case form([KeyValueRow])
    /// Fields and files, sent as `multipart/form-data`.
    case multipart([MultipartRow])
    /// Text sent as it is, with an optional Content-Type.
    case raw(text: String, contentType: String?)
    /// A file streamed from disk; a relative path is relative to the collection file. A nil content type is
    /// guessed from the extension; "" sends none (as a `.hurl` file's `file,…;` body).
    case file(path: String, contentType: String?)
    /// Bytes sent exactly as they are (no `{{templates}}`), with an optional Content-Type; stored as Base64.
    case bytes(Data, contentType: String?)
    /// A GraphQL query and its variables, sent as the JSON envelope `{"query", "variables", "operationName"?}`.
    case graphQL(GraphQLBody)
}

/// One part of a multipart body: a text field or a file.
public enum MultipartRow: Hashable, Sendable {
    /// A text field.
    case field(name: String, value: String, enabled: Bool)
    /// A file; a relative path is relative to the collection file.
    case file(name: String, path: String, fileName: String?, contentType: String?, enabled: Bool)

    /// The part's field name.
    public var name: String {
        switch self {
        case .field(let name, _, _), .file(let name, _, _, _, _): return name
        }
    }

    /// Whether the part is sent.
    public var enabled: Bool {
        switch self {
        case .field(_, _, let enabled), .file(_, _, _, _, let enabled): return enabled
        }
    }
}

extension MultipartRow: Codable {
    private enum CodingKeys: String, CodingKey { case name, value, file, fileName, contentType, enabled }

    /// Decodes `{"name", "value"}` as a field, or `{"name", "file", "fileName"?, "contentType"?}` as a file.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let name = try container.decode(String.self, forKey: .name)
        let enabled = try container.decodeIfPresent(Bool.self, forKey: .enabled) ?? true
        if let path = try container.decodeIfPresent(String.self, forKey: .file) {
            self = .file(
                name: name, path: path,
                fileName: try container.decodeIfPresent(String.self, forKey: .fileName),
                contentType: try container.decodeIfPresent(String.self, forKey: .contentType),
                enabled: enabled)
        } else {
            self = .field(name: name, value: try container.decodeIfPresent(String.self, forKey: .value) ?? "", enabled: enabled)
        }
    }

    /// Encodes in the order name, value or file, fileName, contentType, enabled; defaults are left out.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .field(let name, let value, let enabled):
            try container.encode(name, forKey: .name)
            try container.encode(value, forKey: .value)
            if !enabled { try container.encode(false, forKey: .enabled) }
        case .file(let name, let path, let fileName, let contentType, let enabled):
            try container.encode(name, forKey: .name)
            try container.encode(path, forKey: .file)
            try container.encodeIfPresent(fileName, forKey: .fileName)
            try container.encodeIfPresent(contentType, forKey: .contentType)
            if !enabled { try container.encode(false, forKey: .enabled) }
        }
    }
}

extension SavedBody: Codable {
    private enum CodingKeys: String, CodingKey { case type, contentType, text, fields, parts, path, base64, query, variables, operationName }

    /// Decodes `{"type": "none" | "json" | "form" | "multipart" | "raw" | "file" | "bytes" | "graphql", …}`.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decode(String.self, forKey: .type)
        switch type {
        case "none": self = .none
        case "json": self = .json(try container.decodeText(forKey: .text))
        case "form": self = .form(try container.decodeIfPresent([KeyValueRow].self, forKey: .fields) ?? [])
        case "multipart": self = .multipart(try container.decodeIfPresent([MultipartRow].self, forKey: .parts) ?? [])
        case "raw":
            self = .raw(text: try container.decodeText(forKey: .text), contentType: try container.decodeIfPresent(String.self, forKey: .contentType))
        case "file":
            self = .file(path: try container.decode(String.self, forKey: .path), contentType: try container.decodeIfPresent(String.self, forKey: .contentType))
        case "bytes":
            let text = try container.decode(String.self, forKey: .base64)
            guard let data = Data(base64Encoded: text) else {
                throw DecodingError.dataCorruptedError(forKey: .base64, in: container, debugDescription: "the bytes body is not valid Base64; write it padded with =, as in \"SGVsbG8=\"")
            }
            self = .bytes(data, contentType: try container.decodeIfPresent(String.self, forKey: .contentType))
        case "graphql":
            self = .graphQL(GraphQLBody(
                query: try container.decodeText(forKey: .query), variables: try container.decodeText(forKey: .variables),
                operationName: try container.decodeIfPresent(String.self, forKey: .operationName)))
        default:
            throw DecodingError.dataCorruptedError(forKey: .type, in: container, debugDescription: "unknown body type \"\(type)\"; expected none, json, form, multipart, raw, file, bytes or graphql")
        }
    }

    /// Encodes in the order type, contentType, then text, fields, parts, path or base64 (query, variables and
    /// operationName for GraphQL).
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .none:
            try container.encode("none", forKey: .type)
        case .json(let text):
            try container.encode("json", forKey: .type)
            try container.encodeText(text, forKey: .text)
        case .form(let fields):
            try container.encode("form", forKey: .type)
            try container.encode(fields, forKey: .fields)
        case .multipart(let parts):
            try container.encode("multipart", forKey: .type)
            try container.encode(parts, forKey: .parts)
        case .raw(let text, let contentType):
            try container.encode("raw", forKey: .type)
            try container.encodeIfPresent(contentType, forKey: .contentType)
            try container.encodeText(text, forKey: .text)
        case .file(let path, let contentType):
            try container.encode("file", forKey: .type)
            try container.encodeIfPresent(contentType, forKey: .contentType)
            try container.encode(path, forKey: .path)
        case .bytes(let data, let contentType):
            try container.encode("bytes", forKey: .type)
            try container.encodeIfPresent(contentType, forKey: .contentType)
            try container.encode(data.base64EncodedString(), forKey: .base64)
        case .graphQL(let body):
            try container.encode("graphql", forKey: .type)
            try container.encodeText(body.query, forKey: .query)
            try container.encodeText(body.variables, forKey: .variables)
            if let name = body.operationName, !name.isEmpty { try container.encode(name, forKey: .operationName) }
        }
    }
}
