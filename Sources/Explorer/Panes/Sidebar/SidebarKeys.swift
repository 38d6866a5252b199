import TUICore

extension SidebarState {
    /// The key map context of the sidebar's bindings.
    public static let keyContext = "sidebar"

    /// Each action id with its action, default keys, help and whether the footer lists it.
    private static let bindingTable: [(id: String, action: SidebarAction, keys: [String], help: String, footer: Bool)] = [
        ("sidebar.down", .moveDown, ["down", "j"], "down", false),
        ("sidebar.up", .moveUp, ["up", "k"], "up", false),
        ("sidebar.pageDown", .pageDown, ["pgdn", "ctrl+f"], "page down", false),
        ("sidebar.pageUp", .pageUp, ["pgup"], "page up", false),
        ("sidebar.first", .first, ["home", "g"], "first", false),
        ("sidebar.last", .last, ["end", "G"], "last", false),
        ("sidebar.open", .open, ["enter"], "open", true),
        ("sidebar.expand", .expand, ["right", "l"], "expand", false),
        ("sidebar.collapse", .collapse, ["left", "h"], "collapse", false),
        ("sidebar.toggleFolder", .toggle, ["space"], "open/close folder", false),
        ("sidebar.filter", .startFilter, ["/"], "filter", true),
        ("sidebar.section", .nextSection, ["]", "["], "collection/history", true),
        ("sidebar.rename", .rename, ["r", "f2"], "rename", true),
        ("sidebar.duplicate", .duplicate, ["y"], "duplicate", false),
        ("sidebar.delete", .delete, ["d", "delete"], "delete", true),
        ("sidebar.resend", .resend, ["R"], "resend", true),
        ("sidebar.newRequest", .newRequest, ["n"], "new request", true),
        ("sidebar.newFolder", .newFolder, ["N"], "new folder", false),
        ("sidebar.move", .move, ["m"], "move to…", false),
        ("sidebar.reorderUp", .reorderUp, ["K", "alt+up"], "move up in its folder", false),
        ("sidebar.reorderDown", .reorderDown, ["J", "alt+down"], "move down in its folder", false),
        ("sidebar.undo", .undo, ["u"], "undo last edit", false),
        ("sidebar.settings", .settings, ["e"], "folder settings", false),
    ]

    /// The action ids that do nothing in the visible section, left out of the footer: renaming and duplicating
    /// in the history, resending in the collection.
    public var inapplicableActionIDs: Set<String> {
        switch section {
        case .history: ["sidebar.rename", "sidebar.duplicate", "sidebar.expand", "sidebar.collapse", "sidebar.toggleFolder",
                        "sidebar.newRequest", "sidebar.newFolder", "sidebar.move", "sidebar.reorderUp", "sidebar.reorderDown", "sidebar.undo", "sidebar.settings"]
        case .collection: ["sidebar.resend"]
        }
    }

    /// The fixed keys of the filter line while it is typed, as the footer lists them.
    static let filterKeyHints: [(key: String, help: String)] = [("enter", "keep filter"), ("esc", "clear filter"), ("backspace", "delete")]

    /// The sidebar's key bindings (context `sidebar`) outside the filter, in the order the help lists them.
    ///
    /// Merge them into the app's `KeyMap` so footer, help and `keymap.json` overrides cover them.
    /// While the filter is typed, keys are fixed: text goes in, Enter keeps, Esc empties and closes it, Backspace deletes.
    public static let keyBindings: [KeyBinding] = bindingTable.map {
        KeyBinding($0.keys, action: $0.id, help: $0.help, context: keyContext, showInFooter: $0.footer)
    }

    /// The sidebar's default key map.
    public static let keyMap = KeyMap(keyBindings)

    /// The action for a key map action id such as `sidebar.open`, or nil for ids of others.
    public static func action(named id: String) -> SidebarAction? {
        bindingTable.first { $0.id == id }?.action
    }

    /// The action a key press asks for in `keyMap` (the app's, with overrides), or nil when the sidebar does not use the key.
    ///
    /// While the filter is being typed, printable characters go into it; arrows still move.
    /// Outside it, Esc clears a filter that is set and is otherwise left to the app.
    public func handle(key: KeyEvent, keyMap: KeyMap = SidebarState.keyMap) -> SidebarAction? {
        var key = key
        if case .char = key.key { key.modifiers.remove(.shift) }
        if isEditingFilter {
            switch key.key {
            case .enter: return .commitFilter
            case .escape: return .clearFilter
            case .backspace: return .filterBackspace
            case .up: return .moveUp
            case .down: return .moveDown
            case .char(let character) where key.modifiers.isEmpty: return .filterInput(character)
            default: return nil
            }
        }
        if key.key == .escape, key.modifiers.isEmpty, !filter.isEmpty { return .clearFilter }
        return keyMap.action(for: key, in: [Self.keyContext]).flatMap(Self.action(named:))
    }

    /// The action a mouse event asks for: the wheel moves, a click selects a row (a click on the
    /// selected row opens it), a click on a section name in the title shows that section.
    ///
    /// `area` is the same rectangle the sidebar is rendered into.
    public func handle(mouse: MouseEvent, in area: Rect) -> SidebarAction? {
        guard area.contains(mouse.position) else { return nil }
        switch mouse.kind {
        case .wheelDown: return .moveDown
        case .wheelUp: return .moveUp
        case .press(.left):
            let layout = SidebarLayout(area: area, showsFilter: showsFilter)
            if mouse.y == area.y {
                return layout.sectionPositions().first { $0.columns.contains(mouse.x) }.map { .selectSection($0.section) }
            }
            guard layout.list.contains(mouse.position) else { return nil }
            let rows = rows
            let top = Self.scrollTop(current: scrollTops[section] ?? 0, selected: selectedIndex ?? 0, count: rows.count, height: layout.list.height)
            let index = top + mouse.y - layout.list.y
            guard index < rows.count else { return nil }
            return index == selectedIndex ? .open : .select(index)
        default:
            return nil
        }
    }
}
