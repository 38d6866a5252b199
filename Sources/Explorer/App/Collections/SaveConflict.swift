import RequestStore

/// A save refused because the collection file changed on disk since it was read: what was being saved, to offer overwrite or reload.
public struct SaveConflict: Hashable, Sendable {
    /// The file as curlew last read it.
    public var file: CollectionFile
    /// The collection curlew was writing.
    public var collection: RequestCollection
    /// The request being saved, or nil when the save was a sidebar edit (rename, duplicate, delete).
    public var saved: SavedRequest?

    /// Creates the conflict record.
    public init(file: CollectionFile, collection: RequestCollection, saved: SavedRequest?) {
        self.file = file
        self.collection = collection
        self.saved = saved
    }
}
