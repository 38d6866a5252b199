/// The headers and auth a request gets from its collection and folders.
public struct InheritedSettings: Hashable, Sendable {
    /// Enabled headers, collection first, each folder overriding by name, then the request's own.
    public var headers: [KeyValueRow]
    /// The effective credentials: the request's, else the nearest folder's, else the collection's.
    public var auth: SavedAuth

    /// Works out what a located request inherits and combines it with its own headers and auth.
    public static func effective(for located: LocatedRequest, in collection: RequestCollection) -> InheritedSettings {
        var headers: [KeyValueRow] = []
        let layers = [collection.headers] + located.folders.map(\.headers) + [located.request.headers]
        for layer in layers {
            let enabled = layer.filter(\.enabled)
            let overridden = Set(enabled.map { $0.name.lowercased() })
            headers.removeAll { overridden.contains($0.name.lowercased()) }
            headers.append(contentsOf: enabled)
        }
        var auth = located.request.auth
        for folder in located.folders.reversed() where auth == .inherit {
            auth = folder.auth
        }
        if auth == .inherit { auth = collection.auth == .inherit ? .none : collection.auth }
        return InheritedSettings(headers: headers, auth: auth)
    }
}
