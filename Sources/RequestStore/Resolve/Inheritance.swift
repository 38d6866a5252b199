/// The headers, auth and variables a request gets from its collection and folders.
public struct InheritedSettings: Hashable, Sendable {
    /// Enabled headers, collection first, each folder overriding by name, then the request's own; inherited
    /// headers the request switched off (`disabledInheritedHeaders`) are left out.
    public var headers: [KeyValueRow]
    /// The effective credentials: the request's, else the nearest folder's, else the collection's.
    public var auth: SavedAuth
    /// The request's and its folders' variables, most specific first (`VariableLayer.chain`).
    public var variables: [VariableLayer] = []

    /// Works out what a located request inherits and combines it with its own headers and auth.
    public static func effective(for located: LocatedRequest, in collection: RequestCollection) -> InheritedSettings {
        let off = Set(located.request.disabledInheritedHeaders.map { $0.lowercased() })
        var headers = inheritedHeaders(for: located, in: collection)
            .filter { !off.contains($0.row.name.lowercased()) }
            .map(\.row)
        let own = located.request.headers.filter(\.enabled)
        let overridden = Set(own.map { $0.name.lowercased() })
        headers.removeAll { overridden.contains($0.name.lowercased()) }
        headers.append(contentsOf: own)
        var auth = located.request.auth
        for folder in located.folders.reversed() where auth == .inherit {
            auth = folder.auth
        }
        if auth == .inherit { auth = collection.auth == .inherit ? .none : collection.auth }
        return InheritedSettings(headers: headers, auth: auth, variables: VariableLayer.chain(for: located))
    }

    /// The enabled collection and folder headers a request in `located`'s place gets, each folder overriding by name,
    /// with where each comes from; the request's own headers and its switched-off names are not applied.
    public static func inheritedHeaders(for located: LocatedRequest, in collection: RequestCollection) -> [InheritedHeader] {
        var headers: [InheritedHeader] = []
        var sources: [(rows: [KeyValueRow], source: InheritedHeader.Source)] = [(collection.headers, .collection)]
        var path: [String] = []
        for folder in located.folders {
            path.append(folder.name)
            sources.append((folder.headers, .folder(path: path.joined(separator: "/"))))
        }
        for (rows, source) in sources {
            let enabled = rows.filter(\.enabled)
            let overridden = Set(enabled.map { $0.name.lowercased() })
            headers.removeAll { overridden.contains($0.row.name.lowercased()) }
            headers.append(contentsOf: enabled.map { InheritedHeader(row: $0, source: source) })
        }
        return headers
    }
}

/// A header a request gets from its collection or a folder, and where it comes from.
public struct InheritedHeader: Hashable, Sendable {
    /// Where an inherited header is set.
    public enum Source: Hashable, Sendable {
        /// The collection's `headers`.
        case collection
        /// The `headers` of the folder at this path (`Users/Admin`).
        case folder(path: String)
    }

    /// The header as set there.
    public var row: KeyValueRow
    /// Where it is set.
    public var source: Source

    /// Creates an inherited header.
    public init(row: KeyValueRow, source: Source) {
        self.row = row
        self.source = source
    }
}
