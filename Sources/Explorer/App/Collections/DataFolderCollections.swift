import Foundation
import RequestStore

/// The collection files of the data folder's `collections` folder, which the sidebar lists, each as a top-level
/// folder, when curlew starts without a collection argument (where Ctrl+S and `curlew import` put collections).
///
/// The collection a request was last opened from or saved into is the app's open collection (`AppState.collection`
/// and `collectionFile`); the others wait here as they were read, and one opened later replaces it there.
public struct DataFolderCollections: Sendable {
    /// The files, in file-name order.
    public private(set) var files: [CollectionFile]

    /// The collections read from a folder, in file-name order, their requests without an id given session ids
    /// (`SessionRequestIDs`) as the open collection's are.
    public init(files: [CollectionFile]) {
        self.files = files.map(Self.withSessionIDs).sorted { Self.fileName($0.path) < Self.fileName($1.path) }
    }

    /// The file with session ids given to its requests that have no id.
    static func withSessionIDs(_ file: CollectionFile) -> CollectionFile {
        var identified = file
        var document = SessionRequestIDs.removed(from: file.document)
        SessionRequestIDs.assign(to: &document)
        identified.document = document
        return identified
    }

    /// Reads every collection file in `folder`; files that do not load are named in `failures`. A missing folder has none.
    public static func load(_ folder: String) -> (collections: DataFolderCollections, failures: [String]) {
        guard FileManager.default.fileExists(atPath: folder) else { return (DataFolderCollections(files: []), []) }
        let library = CollectionLibrary.load(folder)
        return (DataFolderCollections(files: library.collections), library.failures.map { "\($0)" })
    }

    /// Puts a file in, replacing the one at the same path, keeping file-name order.
    public mutating func keep(_ file: CollectionFile) {
        let file = Self.withSessionIDs(file)
        if let index = files.firstIndex(where: { $0.path == file.path }) {
            files[index] = file
        } else {
            files.append(file)
            files.sort { Self.fileName($0.path) < Self.fileName($1.path) }
        }
    }

    /// The file holding a saved request with this id, if any; when several do (session ids are made from names, so two
    /// collections can share one), the first whose request is `preferring`, else the first.
    public func file(holdingRequestID id: String, preferring request: SavedRequest? = nil) -> CollectionFile? {
        let holding = files.filter { CollectionSaving.contains(id: id, in: $0.document) }
        if let request, let same = holding.first(where: { file in
            CollectionSaving.request(id: id, in: file.document).map { RequestDraft(saved: $0).savedRequest == request } ?? false
        }) {
            return same
        }
        return holding.first
    }

    /// The file with this path, if listed.
    public func file(at path: String) -> CollectionFile? {
        files.first { $0.path == path }
    }

    // MARK: - Sidebar ids

    /// The sidebar id of a collection's top-level folder: `c:` and its file name.
    public static func folderID(of path: String) -> String { "c:" + fileName(path) }

    /// The sidebar id of a node inside a collection: the collection's folder id, `|`, and the node's own id (`r:0/1`).
    public static func id(_ inner: String, inCollectionAt path: String) -> String { folderID(of: path) + "|" + inner }

    /// Splits a sidebar id made here: the collection's file name and the node's own id (nil for the collection's folder);
    /// nil for ids of a single open collection.
    public static func split(_ id: String) -> (fileName: String, inner: String?)? {
        guard id.hasPrefix("c:") else { return nil }
        let rest = id.dropFirst(2)
        guard let bar = rest.lastIndex(of: "|") else { return (String(rest), nil) }
        return (String(rest[..<bar]), String(rest[rest.index(after: bar)...]))
    }

    /// The file listed under a file name from `split`.
    public func file(named name: String) -> CollectionFile? {
        files.first { Self.fileName($0.path) == name }
    }

    /// The last part of a path.
    static func fileName(_ path: String) -> String { (path as NSString).lastPathComponent }

    /// The name shown for a collection's folder: its name, else its file name.
    static func title(of file: CollectionFile, document: RequestCollection) -> String {
        document.name.isEmpty ? fileName(file.path) : document.name
    }
}
