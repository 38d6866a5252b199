import TUICore

extension RunResultsState {
    /// The key map context of the results pane's bindings.
    public static let keyContext = "results"

    /// Each action id with its action, default keys, help and whether the footer lists it.
    private static let bindingTable: [(id: String, action: RunResultsAction, keys: [String], help: String, footer: Bool)] = [
        ("results.down", .moveDown, ["down", "j"], "down", false),
        ("results.up", .moveUp, ["up", "k"], "up", false),
        ("results.pageDown", .pageDown, ["pgdn", "ctrl+f"], "page down", false),
        ("results.pageUp", .pageUp, ["pgup"], "page up", false),
        ("results.first", .first, ["home", "g"], "first", false),
        ("results.last", .last, ["end", "G"], "last", false),
        ("results.open", .open, ["enter"], "open exchange", true),
        ("results.runFailed", .runFailedAgain, ["f"], "run failed again", true),
        ("results.stop", .stopOrClose, ["esc"], "stop/close", true),
    ]

    /// The results pane's key bindings (context `results`), merged into the app's key map.
    public static let keyBindings: [KeyBinding] = bindingTable.map {
        KeyBinding($0.keys, action: $0.id, help: $0.help, context: keyContext, showInFooter: $0.footer)
    }

    /// The action for a key map action id such as `results.open`, or nil for ids of others.
    public static func action(named id: String) -> RunResultsAction? {
        bindingTable.first { $0.id == id }?.action
    }

    /// The action a key press asks for in `keyMap`, or nil when the pane does not use the key.
    public func handle(key: KeyEvent, keyMap: KeyMap) -> RunResultsAction? {
        var key = key
        if case .char = key.key { key.modifiers.remove(.shift) }
        return keyMap.action(for: key, in: [Self.keyContext]).flatMap(Self.action(named:))
    }

    /// The action a mouse event asks for: the wheel moves, a click selects a row (a click on the selected row opens it).
    public func handle(mouse: MouseEvent, in area: Rect) -> RunResultsAction? {
        guard area.contains(mouse.position) else { return nil }
        switch mouse.kind {
        case .wheelDown: return .moveDown
        case .wheelUp: return .moveUp
        case .press(.left):
            let list = RunResultsLayout(area: area).list
            guard list.contains(mouse.position) else { return nil }
            let index = scrollTop + mouse.y - list.y
            guard results.indices.contains(index) else { return nil }
            return index == selected ? .open : .select(index)
        default:
            return nil
        }
    }
}
