extension ResponseViewerState {
    /// The user cancelled the request: `message` is shown as a notice, not as an error.
    public mutating func cancel(_ message: String) {
        fail(message)
        wasCancelled = true
    }

    /// Whether the document kept in the viewer is an earlier response than the one asked for: a new request is
    /// being sent or formatted (the earlier body is drawn dimmed under a note), or it failed (its counts are hidden).
    var documentIsStale: Bool {
        switch phase {
        case .sending, .formatting, .failed: return document != nil
        case .idle, .streaming, .received: return false
        }
    }

    /// Whether the request failed, so that nothing of an earlier response (tab counts, position) is shown.
    var hasFailed: Bool {
        if case .failed = phase { return true }
        return false
    }
}
