/// What can go wrong reading or writing curlew's files; each message says what happened and what to do.
public enum StoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file is not valid JSON or not a valid curlew file; it is left untouched.
    case unreadable(FileFormatError)
    /// The file does not exist.
    case notFound(path: String)
    /// A system call failed.
    case io(path: String, operation: String, message: String)
    /// The file changed on disk since it was loaded, so saving would overwrite someone else's change.
    case conflict(path: String)
    /// A file that should be created already exists.
    case alreadyExists(path: String)
    /// The document cannot be written in the file's format without losing something (a `.hurl` file); nothing was written.
    case cannotHold(HurlSaveError)

    /// A sentence that says what happened and what to do.
    public var description: String {
        switch self {
        case .unreadable(let error):
            return error.description
        case .notFound(let path):
            return "\(path): no such file. Check the path."
        case .io(let path, let operation, let message):
            return "\(path): \(operation) failed: \(message). Check the folder's permissions and free space."
        case .conflict(let path):
            return "\(path) changed on disk since curlew loaded it (another program, or a git pull). Nothing was written; reload the file and apply the change again."
        case .alreadyExists(let path):
            return "\(path) already exists. Choose another name, or load it to change it."
        case .cannotHold(let error):
            return error.description
        }
    }
}
