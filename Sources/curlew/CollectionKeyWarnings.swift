import RequestStore

/// Warns about keys of a collection file that curlew does not read, so that a misspelling is never ignored
/// without a word; a warning never fails the command.
enum CollectionKeyWarnings {
    /// Writes one warning line to standard error for each unknown key of the collection at `path`.
    static func report(_ path: String, command: String) {
        for unknown in CollectionKeyCheck.unknownKeys(inFileAt: path) {
            StandardStreams.writeError("curlew \(command): warning: \(ResponseOutput.visibleLine(unknown.description))\n")
        }
    }

    /// The app's notice for the unknown keys of the collection at `path`: the first one, and how many more; nil for none.
    static func notice(_ path: String) -> String? {
        let unknown = CollectionKeyCheck.unknownKeys(inFileAt: path)
        guard let first = unknown.first else { return nil }
        let more = unknown.count > 1 ? " (and \(unknown.count - 1) more; curlew run lists them)" : ""
        return "Warning: \(first)\(more)."
    }
}
