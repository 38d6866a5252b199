/// A collection of saved requests: variables, default headers and auth, and folders nested to any depth.
///
/// Named `RequestCollection` rather than `Collection` so that it does not shadow the standard
/// library's `Collection` protocol in code that imports RequestStore.
public struct RequestCollection: Hashable, Sendable {
    /// The format name written at the top of collection files.
    public static let formatName = "curlew.collection"
    /// The version of the collection format this code writes.
    public static let currentVersion = 2

    /// The collection's name.
    public var name: String
    /// A free description.
    public var description: String
    /// Variables of the collection; secret ones keep their values in the secrets file.
    public var variables: [Variable]
    /// Headers added to every request; folders and requests override them by name.
    public var headers: [KeyValueRow]
    /// Credentials for requests that inherit; `.inherit` here means none.
    public var auth: SavedAuth
    /// Scripts of another tool for every request (Postman's collection scripts), kept as text and never run.
    public var scripts: [SavedScript] = []
    /// Folders at the top level.
    public var folders: [Folder]
    /// Requests at the top level.
    public var requests: [SavedRequest]

    /// Creates a collection.
    public init(
        name: String, description: String = "", variables: [Variable] = [], headers: [KeyValueRow] = [],
        auth: SavedAuth = .none, folders: [Folder] = [], requests: [SavedRequest] = []
    ) {
        self.name = name
        self.description = description
        self.variables = variables
        self.headers = headers
        self.auth = auth
        self.folders = folders
        self.requests = requests
    }
}

extension RequestCollection: Codable {
    private enum CodingKeys: String, CodingKey { case format, version, name, description, variables, headers, auth, scripts, folders, requests }

    /// Decodes a collection of the current version; older versions go through `CollectionMigration` first.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let format = try container.decodeIfPresent(String.self, forKey: .format) ?? RequestCollection.formatName
        guard format == RequestCollection.formatName else {
            throw DecodingError.dataCorruptedError(forKey: .format, in: container, debugDescription: "expected the format \"\(RequestCollection.formatName)\", found \"\(format)\"")
        }
        let version = try container.decodeIfPresent(Int.self, forKey: .version) ?? RequestCollection.currentVersion
        guard version <= RequestCollection.currentVersion else {
            throw DecodingError.dataCorruptedError(forKey: .version, in: container, debugDescription: "version \(version) is newer than this curlew understands (\(RequestCollection.currentVersion)); update curlew")
        }
        name = try container.decode(String.self, forKey: .name)
        description = try container.decodeIfPresent(String.self, forKey: .description) ?? ""
        variables = try container.decodeIfPresent([Variable].self, forKey: .variables) ?? []
        headers = try container.decodeIfPresent([KeyValueRow].self, forKey: .headers) ?? []
        auth = try container.decodeIfPresent(SavedAuth.self, forKey: .auth) ?? .none
        scripts = try container.decodeIfPresent([SavedScript].self, forKey: .scripts) ?? []
        folders = try container.decodeIfPresent([Folder].self, forKey: .folders) ?? []
        requests = try container.decodeIfPresent([SavedRequest].self, forKey: .requests) ?? []
        let depth = FolderDepth.of(folders)
        if depth > FolderDepth.maximum {
            throw DecodingError.dataCorruptedError(forKey: .folders, in: container, debugDescription: FolderDepth.refusal(depth: depth))
        }
    }

    /// Encodes in the order format, version, name, description, variables, headers, auth, scripts, folders, requests.
    public func encode(to encoder: Encoder) throws {
        let depth = FolderDepth.of(folders)
        if depth > FolderDepth.maximum {
            throw EncodingError.invalidValue(folders, EncodingError.Context(codingPath: encoder.codingPath + [CodingKeys.folders], debugDescription: FolderDepth.refusal(depth: depth)))
        }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(RequestCollection.formatName, forKey: .format)
        try container.encode(RequestCollection.currentVersion, forKey: .version)
        try container.encode(name, forKey: .name)
        if !description.isEmpty { try container.encode(description, forKey: .description) }
        if !variables.isEmpty { try container.encode(variables, forKey: .variables) }
        if !headers.isEmpty { try container.encode(headers, forKey: .headers) }
        if auth != .none && auth != .inherit { try container.encode(auth, forKey: .auth) }
        if !scripts.isEmpty { try container.encode(scripts, forKey: .scripts) }
        if !folders.isEmpty { try container.encode(folders, forKey: .folders) }
        if !requests.isEmpty { try container.encode(requests, forKey: .requests) }
    }
}
