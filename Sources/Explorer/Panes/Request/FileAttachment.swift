/// What is known about a file on disk before it is sent.
public enum FileStatus: Hashable, Sendable {
    /// Not checked yet.
    case unchecked
    /// Readable, with its size in bytes.
    case readable(size: Int64)
    /// No file at the path.
    case missing
    /// The file exists but cannot be read (permissions, or it is a folder).
    case unreadable

    /// True when sending can read the file.
    public var isReadable: Bool {
        if case .readable = self { return true }
        return false
    }
}

/// A file attached to a multipart body, as the Files tab shows it.
public struct FileAttachment: Hashable, Sendable {
    /// The form field name.
    public var fieldName: String
    /// The path on disk (`~` is expanded when checked and sent).
    public var path: String
    /// The part's Content-Type; guessed from the extension when nil.
    public var contentType: String?
    /// Whether the part is sent.
    public var enabled: Bool
    /// The result of the last check of the path.
    public var status: FileStatus

    /// Creates an attachment whose path has not been checked yet.
    public init(fieldName: String, path: String, contentType: String? = nil, enabled: Bool = true, status: FileStatus = .unchecked) {
        self.fieldName = fieldName
        self.path = path
        self.contentType = contentType
        self.enabled = enabled
        self.status = status
    }
}
