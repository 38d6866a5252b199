import TUICore

/// The footer's reminder of how to show a hidden sidebar, naming the key from the key map so a remapped key is named.
enum SidebarHint {
    /// The words after the key.
    static let help = "show collections"

    /// The first key that shows the sidebar from where the focus is now, or nil when the sidebar is shown or no key
    /// reaches `sidebar.toggle` there (a pane's own binding of the key, or typed text, would take it first).
    static func key(for state: AppState) -> KeyEvent? {
        guard !state.isSidebarVisible else { return nil }
        let contexts = state.keyContexts
        for binding in state.keyMap.bindings(for: "sidebar.toggle") {
            for key in binding.keys where state.keyMap.action(for: key, in: contexts) == "sidebar.toggle" {
                if state.isTyping, case .char = key.key, key.modifiers.subtracting(.shift).isEmpty { continue }
                return key
            }
        }
        return nil
    }
}
