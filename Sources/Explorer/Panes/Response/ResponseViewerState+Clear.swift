extension ResponseViewerState {
    /// Forgets the shown response (a new, empty request has nothing to show), keeping the wrap setting.
    public mutating func clear() {
        document = nil
        phase = .idle
        tab = .body
        scroll = [:]
        following = false
        openedEvent = nil
        diffPane = nil
        selectedEvent = 0
        eventTop = 0
        navigation.reset()
        filterDocumentChanged()
        search = SearchState()
    }
}
