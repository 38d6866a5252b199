import RequestKit
/// A check a replayed response must pass, as a collection run reports it.
public enum Expectation: Hashable, Sendable {
    /// The status code equals this.
    case status(Int)
    /// A header is present, and equals a value when one is given.
    case header(name: String, equals: String?)
    /// The body contains this text.
    case bodyContains(String)
    /// The value at a JSON path (e.g. `$.items[0].id`) equals this JSON value.
    case jsonPathEquals(path: String, value: OrderedJSON)
    /// A value exists at a JSON path.
    case jsonPathExists(path: String)
    /// The whole exchange took at most this many milliseconds.
    case maxDurationMs(Int)
}

extension Expectation: Codable {
    private enum CodingKeys: String, CodingKey { case status, header, bodyContains, jsonPath, equals, exists, maxDurationMs }

    /// Decodes one of `{"status"}`, `{"header", "equals"?}`, `{"bodyContains"}`, `{"jsonPath", "equals" | "exists"}`, `{"maxDurationMs"}`.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let status = try container.decodeIfPresent(Int.self, forKey: .status) {
            self = .status(status)
        } else if let name = try container.decodeIfPresent(String.self, forKey: .header) {
            self = .header(name: name, equals: try container.decodeIfPresent(String.self, forKey: .equals))
        } else if let text = try container.decodeIfPresent(String.self, forKey: .bodyContains) {
            self = .bodyContains(text)
        } else if let path = try container.decodeIfPresent(String.self, forKey: .jsonPath) {
            if container.contains(.equals) {
                self = .jsonPathEquals(path: path, value: try container.decode(OrderedJSON.self, forKey: .equals))
            } else {
                self = .jsonPathExists(path: path)
            }
        } else if let milliseconds = try container.decodeIfPresent(Int.self, forKey: .maxDurationMs) {
            self = .maxDurationMs(milliseconds)
        } else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: decoder.codingPath,
                debugDescription: "an expectation needs one of status, header, bodyContains, jsonPath or maxDurationMs"))
        }
    }

    /// Encodes the expectation's key first, then its value or `equals` / `exists`.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .status(let code): try container.encode(code, forKey: .status)
        case .header(let name, let value):
            try container.encode(name, forKey: .header)
            try container.encodeIfPresent(value, forKey: .equals)
        case .bodyContains(let text): try container.encode(text, forKey: .bodyContains)
        case .jsonPathEquals(let path, let value):
            try container.encode(path, forKey: .jsonPath)
            try container.encode(value, forKey: .equals)
        case .jsonPathExists(let path):
            try container.encode(path, forKey: .jsonPath)
            try container.encode(true, forKey: .exists)
        case .maxDurationMs(let milliseconds): try container.encode(milliseconds, forKey: .maxDurationMs)
        }
    }
}

/// A value taken from a response into a variable, for the requests that follow in a run.
public struct Capture: Hashable, Sendable {
    /// Where the value comes from.
    public enum Source: Hashable, Sendable {
        /// The value at a JSON path of the body.
        case jsonPath(String)
        /// The first value of a response header.
        case header(String)
    }

    /// The variable that receives the value.
    public var variable: String
    /// Where the value comes from.
    public var source: Source

    /// Creates a capture.
    public init(variable: String, source: Source) {
        self.variable = variable
        self.source = source
    }
}

extension Capture: Codable {
    private enum CodingKeys: String, CodingKey { case variable, jsonPath, header }

    /// Decodes `{"variable", "jsonPath" | "header"}`.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        variable = try container.decode(String.self, forKey: .variable)
        if let path = try container.decodeIfPresent(String.self, forKey: .jsonPath) {
            source = .jsonPath(path)
        } else if let name = try container.decodeIfPresent(String.self, forKey: .header) {
            source = .header(name)
        } else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: decoder.codingPath, debugDescription: "a capture needs jsonPath or header"))
        }
    }

    /// Encodes in the order variable, then jsonPath or header.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(variable, forKey: .variable)
        switch source {
        case .jsonPath(let path): try container.encode(path, forKey: .jsonPath)
        case .header(let name): try container.encode(name, forKey: .header)
        }
    }
}
