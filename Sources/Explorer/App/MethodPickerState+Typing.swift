import TUICore

extension MethodPickerState {
    /// Typing in the picker: on the Custom row the key edits the field; elsewhere a printable character moves to
    /// the Custom row and starts the name afresh with it (`purge` typed anywhere gives PURGE), other keys do nothing.
    mutating func type(_ key: KeyEvent) {
        let customRow = MethodPickerState.choices.count
        if selected == customRow {
            _ = custom.handle(key)
            return
        }
        guard case .char(let character) = key.key, key.modifiers.isEmpty || key.modifiers == .shift, !character.isWhitespace else { return }
        selected = customRow
        custom = TextFieldState(text: String(character))
    }
}
