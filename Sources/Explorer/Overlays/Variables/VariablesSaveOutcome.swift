import RequestStore

/// What came of saving (or reloading) the variables editor's files.
public struct VariablesSaveOutcome: Hashable, Sendable {
    /// The editor as it was when the save started, to reopen on a conflict or a failure.
    public var editor: VariablesEditor
    /// The environment file as now stored, when it was written or read.
    public var environment: EnvironmentFile?
    /// The collection file as now stored, when it was written or read.
    public var collection: CollectionFile?
    /// Files that changed on disk since curlew read them, left unwritten.
    public var conflicts: [String]
    /// Why a file could not be written or read, if so.
    public var failure: String?

    /// Creates an outcome.
    public init(editor: VariablesEditor, environment: EnvironmentFile? = nil, collection: CollectionFile? = nil,
                conflicts: [String] = [], failure: String? = nil) {
        self.editor = editor
        self.environment = environment
        self.collection = collection
        self.conflicts = conflicts
        self.failure = failure
    }
}
