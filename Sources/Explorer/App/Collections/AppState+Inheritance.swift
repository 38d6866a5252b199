import RequestStore

extension AppState {
    /// The folders of the open collection that hold the draft's request, outermost first; empty for a request
    /// at the top level or not saved in the collection.
    public var draftFolders: [Folder] {
        guard let id = draft.savedID, let collection else { return [] }
        if collection.requests.contains(where: { $0.id == id }) { return [] }
        var path: [Int] = []
        FolderWalk.forEachFolder(in: collection.folders) { indices, folder in
            guard folder.requests.contains(where: { $0.id == id }) else { return true }
            path = indices
            return false
        }
        var folders: [Folder] = []
        var level = collection.folders
        for index in path where level.indices.contains(index) {
            folders.append(level[index])
            level = level[index].folders
        }
        return folders
    }

    /// The draft as a request in its place in the collection, as `request` (the draft's saved form, possibly filled in),
    /// with the variables the collection stores for it (the draft does not edit them).
    func located(_ request: SavedRequest) -> LocatedRequest {
        var request = request
        if let id = request.id, let collection, let stored = CollectionSaving.request(id: id, in: collection) { request.variables = stored.variables }
        return LocatedRequest(request: request, folders: draftFolders, location: RequestLocation(requestIndex: 0))
    }

    /// The variables of the draft's request and its folders, most specific first; none without an open collection.
    public var draftVariableLayers: [VariableLayer] {
        guard collection != nil else { return [] }
        return VariableLayer.chain(for: located(draft.savedRequest))
    }

    /// The variables the draft resolves with: the app's, with its request's and folders' searched after `--var`.
    public var draftScope: VariableScope { variables.within(draftVariableLayers) }

    /// The collection and folder headers the draft's request inherits, with where each is set.
    public var inheritedHeaders: [InheritedHeader] {
        guard let collection else { return [] }
        return InheritedSettings.inheritedHeaders(for: located(draft.savedRequest), in: collection)
    }

    /// `request` without the headers the open collection would add to it anyway: a request reopened from the
    /// history holds every header it was sent with, those it inherited too, which are not its own.
    func withoutInheritedHeaders(_ request: SavedRequest) -> SavedRequest {
        guard let collection else { return request }
        let inherited = InheritedSettings.inheritedHeaders(for: LocatedRequest(request: request, folders: [], location: RequestLocation(requestIndex: 0)), in: collection)
        var own = request
        own.headers.removeAll { row in
            inherited.contains { $0.row.name.lowercased() == row.name.lowercased() && $0.row.value == row.value }
        }
        return own
    }

    /// The headers and auth the draft is sent with: inherited ones (less those switched off) and its own.
    func effectiveSettings(of request: SavedRequest) -> (headers: [KeyValueRow], auth: SavedAuth) {
        guard let collection else { return (request.headers, request.auth == .inherit ? .none : request.auth) }
        let settings = InheritedSettings.effective(for: located(request), in: collection)
        return (settings.headers, settings.auth)
    }

    /// Where an inheriting draft's credentials come from, in words: the nearest folder or the collection that
    /// sets them and their type, or why nothing is sent.
    public var inheritedAuthNote: String {
        guard let collection else { return "No Authorization header is sent: no collection is open to inherit credentials from." }
        for folder in draftFolders.reversed() where folder.auth != .inherit {
            if folder.auth == .none { return "No Authorization header is sent: the folder \"\(folder.name)\" sets none." }
            return "Credentials come from the folder \"\(folder.name)\": \(folder.auth.typeName) auth."
        }
        if collection.auth == .none || collection.auth == .inherit {
            return "No Authorization header is sent: the collection \"\(collection.name)\" and its folders set no credentials."
        }
        return "Credentials come from the collection \"\(collection.name)\": \(collection.auth.typeName) auth."
    }
}
