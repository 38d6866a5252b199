import TUICore

extension ResponseViewerState {
    /// The action of a key typed while the search or filter line is open: Enter, Esc and the regex toggle
    /// (context `response.line`, rebindable), any other key edits the line.
    func handleLine(key: KeyEvent, keyMap: KeyMap) -> ResponseAction? {
        if let id = keyMap.action(for: key, in: [Self.lineContext]), id.hasPrefix(Self.lineContext + "."),
           let action = Self.action(named: id) {
            return action
        }
        return .editLine(key)
    }
}
