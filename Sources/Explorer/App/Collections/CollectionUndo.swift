import RequestStore

/// The last sidebar edit of a collection, kept so that it can be undone once.
public struct CollectionUndo: Hashable, Sendable {
    /// The path of the collection's file, nil for a collection that has none.
    public var path: String?
    /// The collection before the edit, as written.
    public var before: RequestCollection
    /// The collection after the edit, as written; undo is refused once the collection is no longer this.
    public var after: RequestCollection
    /// What the edit did, as the notices say it: "Moved 'Get user' to 'Admin'".
    public var description: String
    /// The sidebar row selected before the edit, selected again by undo.
    public var selectedID: String?

    /// Records an edit.
    public init(path: String?, before: RequestCollection, after: RequestCollection, description: String, selectedID: String?) {
        self.path = path
        self.before = SessionRequestIDs.removed(from: before)
        self.after = SessionRequestIDs.removed(from: after)
        self.description = description
        self.selectedID = selectedID
    }

    /// Whether `collection` is still what the edit left.
    public func isCurrent(_ collection: RequestCollection?) -> Bool {
        collection.map(SessionRequestIDs.removed(from:)) == after
    }
}
