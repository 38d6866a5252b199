import RequestStore

/// What a folder or a collection hands down to the requests inside: a description, headers, auth and variables.
public struct ContainerSettings: Hashable, Sendable {
    /// The free description.
    public var description: String
    /// Headers added to every request inside.
    public var headers: [KeyValueRow]
    /// Credentials for the requests inside that inherit.
    public var auth: SavedAuth
    /// Variables for the requests inside.
    public var variables: [Variable]

    /// Creates settings.
    public init(description: String = "", headers: [KeyValueRow] = [], auth: SavedAuth = .inherit, variables: [Variable] = []) {
        self.description = description
        self.headers = headers
        self.auth = auth
        self.variables = variables
    }
}

extension CollectionEditing {
    /// The settings of the container (`f:1.0`, or empty for the collection itself); nil when it is not found.
    public static func settings(of containerID: String, in collection: RequestCollection) -> ContainerSettings? {
        guard let path = containerPath(of: containerID) else { return nil }
        guard !path.isEmpty else { return ContainerSettings(description: collection.description, headers: collection.headers, auth: collection.auth, variables: collection.variables) }
        return folder(at: path, in: collection).map { ContainerSettings(description: $0.description, headers: $0.headers, auth: $0.auth, variables: $0.variables) }
    }

    /// Gives the container new settings; false when it is not found.
    public static func setSettings(_ settings: ContainerSettings, of containerID: String, in collection: inout RequestCollection) -> Bool {
        guard let path = containerPath(of: containerID) else { return false }
        guard let index = path.last else {
            collection.description = settings.description
            collection.headers = settings.headers
            collection.auth = settings.auth
            collection.variables = settings.variables
            return true
        }
        return withContainer(&collection, path: Array(path.dropLast())) { folders, _ in
            guard folders.indices.contains(index) else { return false }
            folders[index].description = settings.description
            folders[index].headers = settings.headers
            folders[index].auth = settings.auth
            folders[index].variables = settings.variables
            return true
        }
    }
}
