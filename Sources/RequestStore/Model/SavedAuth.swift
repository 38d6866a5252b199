/// The credentials a saved request, folder or collection carries.
public enum SavedAuth: Hashable, Sendable {
    /// No credentials, even if a parent has some.
    case none
    /// Whatever the nearest folder or the collection says.
    case inherit
    /// `Authorization: Bearer <token>`; the token may contain `{{variables}}`.
    case bearer(token: String)
    /// `Authorization: Basic …` from a user and password; both may contain `{{variables}}`.
    case basic(user: String, password: String)
}

extension SavedAuth: Codable {
    private enum CodingKeys: String, CodingKey { case type, token, user, password }

    /// Decodes `{"type": "none" | "inherit" | "bearer" | "basic", …}`.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decode(String.self, forKey: .type)
        switch type {
        case "none": self = .none
        case "inherit": self = .inherit
        case "bearer": self = .bearer(token: try container.decodeIfPresent(String.self, forKey: .token) ?? "")
        case "basic":
            self = .basic(
                user: try container.decodeIfPresent(String.self, forKey: .user) ?? "",
                password: try container.decodeIfPresent(String.self, forKey: .password) ?? "")
        default:
            throw DecodingError.dataCorruptedError(forKey: .type, in: container, debugDescription: "unknown auth type \"\(type)\"; expected none, inherit, bearer or basic")
        }
    }

    /// Encodes in the order type, then token or user and password.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .none: try container.encode("none", forKey: .type)
        case .inherit: try container.encode("inherit", forKey: .type)
        case .bearer(let token):
            try container.encode("bearer", forKey: .type)
            try container.encode(token, forKey: .token)
        case .basic(let user, let password):
            try container.encode("basic", forKey: .type)
            try container.encode(user, forKey: .user)
            try container.encode(password, forKey: .password)
        }
    }
}
