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

    /// The draft as a request in its place in the collection, as `request` (the draft's saved form, possibly filled in).
    func located(_ request: SavedRequest) -> LocatedRequest {
        LocatedRequest(request: request, folders: draftFolders, location: RequestLocation(requestIndex: 0))
    }

    /// The collection and folder headers the draft's request inherits, with where each is set.
    public var inheritedHeaders: [InheritedHeader] {
        guard let collection else { return [] }
        return InheritedSettings.inheritedHeaders(for: located(draft.savedRequest), in: collection)
    }

    /// The headers and auth the draft is sent with: inherited ones (less those switched off) and its own.
    func effectiveSettings(of request: SavedRequest) -> (headers: [KeyValueRow], auth: SavedAuth) {
        guard let collection else { return (request.headers, request.auth == .inherit ? .none : request.auth) }
        let settings = InheritedSettings.effective(for: located(request), in: collection)
        return (settings.headers, settings.auth)
    }
}
