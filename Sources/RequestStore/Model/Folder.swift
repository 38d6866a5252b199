/// A folder of a collection: requests and sub-folders, with variables, headers and auth its contents inherit.
public struct Folder: Hashable, Sendable {
    /// The folder's name.
    public var name: String
    /// A free description.
    public var description: String
    /// Variables for the requests inside; they beat the environment's, the collection's and outer folders'.
    public var variables: [Variable] = []
    /// Headers added to every request inside; they override the collection's of the same name.
    public var headers: [KeyValueRow]
    /// Credentials for requests inside that inherit; `.inherit` passes the parent's through.
    public var auth: SavedAuth
    /// Scripts of another tool for the requests inside (Postman's folder scripts), kept as text and never run.
    public var scripts: [SavedScript] = []
    /// Sub-folders, nested at most `FolderDepth.maximum` deep in a collection.
    public var folders: [Folder]
    /// Requests directly in this folder.
    public var requests: [SavedRequest]

    /// Creates a folder.
    public init(
        name: String, description: String = "", headers: [KeyValueRow] = [], auth: SavedAuth = .inherit,
        folders: [Folder] = [], requests: [SavedRequest] = []
    ) {
        self.name = name
        self.description = description
        self.headers = headers
        self.auth = auth
        self.folders = folders
        self.requests = requests
    }
}

extension Folder: Codable {
    private enum CodingKeys: String, CodingKey { case name, description, variables, headers, auth, scripts, folders, requests }

    /// Decodes a folder; everything but `name` may be left out.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        description = try container.decodeIfPresent(String.self, forKey: .description) ?? ""
        variables = try container.decodeIfPresent([Variable].self, forKey: .variables) ?? []
        headers = try container.decodeIfPresent([KeyValueRow].self, forKey: .headers) ?? []
        auth = try container.decodeIfPresent(SavedAuth.self, forKey: .auth) ?? .inherit
        scripts = try container.decodeIfPresent([SavedScript].self, forKey: .scripts) ?? []
        folders = try container.decodeIfPresent([Folder].self, forKey: .folders) ?? []
        requests = try container.decodeIfPresent([SavedRequest].self, forKey: .requests) ?? []
    }

    /// Encodes in the order name, description, variables, headers, auth, scripts, folders, requests; empty members are left out.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        if !description.isEmpty { try container.encode(description, forKey: .description) }
        if !variables.isEmpty { try container.encode(variables, forKey: .variables) }
        if !headers.isEmpty { try container.encode(headers, forKey: .headers) }
        if auth != .inherit { try container.encode(auth, forKey: .auth) }
        if !scripts.isEmpty { try container.encode(scripts, forKey: .scripts) }
        if !folders.isEmpty { try container.encode(folders, forKey: .folders) }
        if !requests.isEmpty { try container.encode(requests, forKey: .requests) }
    }
}
