import RequestStore

extension AppState {
    /// True when the sidebar lists the data folder's collections (curlew started without a collection argument).
    public var listsDataFolderCollections: Bool { dataFolderCollections != nil }

    /// Starts listing the data folder's collections: the one holding the draft's saved request becomes the open
    /// collection (so the draft shows as saved and Ctrl+S updates that file), every other tab is tied to the listed
    /// file holding its request, and the open collection's folder is shown open, as is the only collection when there is one.
    public mutating func list(dataFolderCollections listed: DataFolderCollections) {
        dataFolderCollections = listed
        enterDataFolderCollection(holdingRequestID: draft.savedID)
        if let id = draft.savedID, let collection, CollectionSaving.contains(id: id, in: collection) { draftCollectionPath = collectionFile?.path }
        for tab in tabs.before + tabs.after where tab.draftCollectionPath == nil {
            guard let id = tab.draft.savedID, let file = listed.file(holdingRequestID: id, preferring: tab.lastSaved ?? tab.draft.savedRequest) else { continue }
            tabs.updateParked(tab.id) { $0.draftCollectionPath = file.path }
        }
        showDataFolderCollections()
        compareTabsWithCollection()
        if let path = collectionFile?.path ?? (listed.files.count == 1 ? listed.files.first?.path : nil) {
            sidebar.expand([DataFolderCollections.folderID(of: path)])
        }
    }

    /// Lists the data folder's collections in the sidebar, each as a top-level folder, the open one as it is in memory.
    mutating func showDataFolderCollections() {
        guard var listed = dataFolderCollections else { return }
        if let file = collectionFile, let collection {
            var current = file
            current.document = collection
            listed.keep(current)
            dataFolderCollections = listed
        }
        var nodes: [SidebarNode] = []
        var requests: [String: SavedRequest] = [:]
        for file in listed.files {
            let tree = SidebarContent.tree(of: file.document, idPrefix: DataFolderCollections.id("", inCollectionAt: file.path))
            nodes.append(.folder(id: DataFolderCollections.folderID(of: file.path), name: DataFolderCollections.title(of: file, document: file.document),
                                 children: tree.nodes))
            requests.merge(tree.requests) { first, _ in first }
        }
        sidebar.setCollection(name: "Collections", nodes: nodes)
        sidebarContent.requests = requests
    }

    /// Makes the data-folder collection a sidebar id belongs to the open collection (its file, folder and variables),
    /// keeping the one open before in the list as it is in memory. Returns the id inside that collection (`r:0/1`;
    /// nil for the collection's own folder); ids of a collection named on the command line come back unchanged.
    @discardableResult
    public mutating func enterDataFolderCollection(ofSidebarID id: String) -> String? {
        enterCollection(ofSidebarID: id).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Makes the data-folder collection the draft's saved request (with this id) came from the open one, so saving
    /// the request updates the file it came from: the file it was opened from or saved into, else (after a restart)
    /// the listed one holding the id, preferring one whose request is the draft's as last saved. Nothing when no listed
    /// collection holds it.
    public mutating func enterDataFolderCollection(holdingRequestID id: String?) {
        guard let id, let listed = dataFolderCollections else { return }
        if let path = draftCollectionPath {
            if path == collectionFile?.path, let collection, CollectionSaving.contains(id: id, in: collection) { return }
            if let target = listed.file(at: path), CollectionSaving.contains(id: id, in: target.document) {
                enter(target)
                return
            }
        }
        if let collection, CollectionSaving.contains(id: id, in: collection) { return }
        if let target = listed.file(holdingRequestID: id, preferring: lastSaved ?? draft.savedRequest) { enter(target) }
    }

    /// Takes a collection file just saved or read back. Returns true when it is the open collection's file (or none is
    /// open), for the caller to take as before; a file of another listed collection (one left since its save began)
    /// only replaces that collection in the list, so the open collection is never paired with another's file.
    public mutating func adoptsAsOpenCollection(_ file: CollectionFile) -> Bool {
        guard listsDataFolderCollections, let current = collectionFile, current.path != file.path else { return true }
        dataFolderCollections?.keep(file)
        showDataFolderCollections()
        return false
    }

    /// Makes a listed collection the open one, keeping the one open before in the list as it is in memory.
    mutating func enter(_ target: CollectionFile) {
        guard target.path != collectionFile?.path, var listed = dataFolderCollections else { return }
        if let file = collectionFile, let collection {
            var current = file
            current.document = collection
            listed.keep(current)
            dataFolderCollections = listed
        }
        collectionFile = target
        collection = target.document
        baseDirectory = target.baseDirectory
        variables.collection = target.document.variables
    }
}
