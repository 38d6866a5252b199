/// A script another tool runs around a request (Postman's pre-request and test scripts), kept as inert
/// text so that an export back to that tool loses nothing. curlew never runs it, reads it or passes it on
/// to anything that does.
public struct SavedScript: Hashable, Sendable {
    /// When the other tool runs it, in that tool's words: Postman's `listen`, `prerequest` or `test`.
    public var event: String
    /// The script's language as the other tool names it (`text/javascript`); nil when it names none.
    public var language: String?
    /// The source, lines joined with `\n`.
    public var text: String
    /// Whether the other tool runs it (Postman's `disabled` turned around).
    public var enabled: Bool

    /// Creates a script, enabled unless told otherwise.
    public init(event: String, language: String? = nil, text: String, enabled: Bool = true) {
        self.event = event
        self.language = language
        self.text = text
        self.enabled = enabled
    }
}

extension SavedScript: Codable {
    private enum CodingKeys: String, CodingKey { case event, language, text, enabled }

    /// Decodes a script; `text` may be a string or an array of lines, `language` and `enabled` may be left out.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        event = try container.decode(String.self, forKey: .event)
        language = try container.decodeIfPresent(String.self, forKey: .language)
        text = try container.decodeText(forKey: .text)
        enabled = try container.decodeIfPresent(Bool.self, forKey: .enabled) ?? true
    }

    /// Encodes in the order event, language, text (an array of lines when it has several), enabled; defaults are left out.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(event, forKey: .event)
        try container.encodeIfPresent(language, forKey: .language)
        try container.encodeText(text, forKey: .text)
        if !enabled { try container.encode(false, forKey: .enabled) }
    }
}
