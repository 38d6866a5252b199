/// A named value that `{{name}}` placeholders resolve to.
public struct Variable: Hashable, Sendable {
    /// The name used inside `{{…}}`.
    public var name: String
    /// The value; for secret variables it lives in the secrets file, never in the collection file.
    public var value: String
    /// Whether the value is a secret: stored apart and redacted in history.
    public var secret: Bool
    /// Whether the variable takes part in resolution.
    public var enabled: Bool

    /// Creates a variable, enabled and not secret unless told otherwise.
    public init(name: String, value: String, secret: Bool = false, enabled: Bool = true) {
        self.name = name
        self.value = value
        self.secret = secret
        self.enabled = enabled
    }
}

extension Variable: Codable {
    private enum CodingKeys: String, CodingKey { case name, value, secret, enabled }

    /// Decodes a variable; `value` defaults to empty, `secret` to false and `enabled` to true.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        value = try container.decodeIfPresent(String.self, forKey: .value) ?? ""
        secret = try container.decodeIfPresent(Bool.self, forKey: .secret) ?? false
        enabled = try container.decodeIfPresent(Bool.self, forKey: .enabled) ?? true
    }

    /// Encodes in the order name, value, secret, enabled; defaults are left out.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(value, forKey: .value)
        if secret { try container.encode(true, forKey: .secret) }
        if !enabled { try container.encode(false, forKey: .enabled) }
    }
}

/// A named set of variables, such as "local", "staging" or "prod".
public struct Environment: Hashable, Sendable {
    /// The format name written at the top of environment files.
    public static let formatName = "curlew.environment"
    /// The version of the environment format this code writes.
    public static let currentVersion = 1

    /// The environment's name, chosen with `--env NAME`.
    public var name: String
    /// The variables, in order.
    public var variables: [Variable]

    /// Creates an environment.
    public init(name: String, variables: [Variable] = []) {
        self.name = name
        self.variables = variables
    }
}

extension Environment: Codable {
    private enum CodingKeys: String, CodingKey { case format, version, name, variables }

    /// Decodes an environment; the format name, when present, must be `curlew.environment`.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let format = try container.decodeIfPresent(String.self, forKey: .format), format != Environment.formatName {
            throw DecodingError.dataCorruptedError(forKey: .format, in: container, debugDescription: "expected the format \"\(Environment.formatName)\", found \"\(format)\"")
        }
        name = try container.decode(String.self, forKey: .name)
        variables = try container.decodeIfPresent([Variable].self, forKey: .variables) ?? []
    }

    /// Encodes in the order format, version, name, variables.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Environment.formatName, forKey: .format)
        try container.encode(Environment.currentVersion, forKey: .version)
        try container.encode(name, forKey: .name)
        try container.encode(variables, forKey: .variables)
    }
}
