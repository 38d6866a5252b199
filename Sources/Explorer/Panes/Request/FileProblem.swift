import RequestKit

/// Words for files that cannot be sent.
public enum FileProblem {
    /// A sentence naming the file and what is wrong with it, or nil when it is fine.
    public static func describe(path: String, status: FileStatus) -> String? {
        switch status {
        case .missing: return "The file \(path) does not exist; fix the path in the Files tab or remove it."
        case .unreadable: return "The file \(path) cannot be read; check its permissions or choose another file."
        case .readable, .unchecked: return nil
        }
    }

    /// Human-readable size: `812 B`, `12.5 KiB`, `3.1 MiB`.
    public static func formatSize(_ bytes: Int64) -> String {
        ByteCountText.format(bytes)
    }
}
