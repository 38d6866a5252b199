import TUICore

/// A key binding of the sidebar: the keys, what they do and the help text.
public struct SidebarKeyBinding: Hashable, Sendable {
    /// The keys that trigger the action (the first one is shown in hints).
    public var keys: [KeyEvent]
    /// The action.
    public var action: SidebarAction
    /// A short description for the footer and the help overlay.
    public var help: String

    /// Creates a binding.
    public init(keys: [KeyEvent], action: SidebarAction, help: String) {
        self.keys = keys
        self.action = action
        self.help = help
    }
}

extension SidebarState {
    /// The sidebar's key bindings outside the filter, in the order the help lists them.
    public static let keyBindings: [SidebarKeyBinding] = [
        SidebarKeyBinding(keys: [KeyEvent(.down), .char("j")], action: .moveDown, help: "down"),
        SidebarKeyBinding(keys: [KeyEvent(.up), .char("k")], action: .moveUp, help: "up"),
        SidebarKeyBinding(keys: [KeyEvent(.pageDown), .ctrl("f")], action: .pageDown, help: "page down"),
        SidebarKeyBinding(keys: [KeyEvent(.pageUp), .ctrl("b")], action: .pageUp, help: "page up"),
        SidebarKeyBinding(keys: [KeyEvent(.home), .char("g")], action: .first, help: "first"),
        SidebarKeyBinding(keys: [KeyEvent(.end), .char("G")], action: .last, help: "last"),
        SidebarKeyBinding(keys: [KeyEvent(.enter)], action: .open, help: "open"),
        SidebarKeyBinding(keys: [KeyEvent(.right), .char("l")], action: .expand, help: "expand"),
        SidebarKeyBinding(keys: [KeyEvent(.left), .char("h")], action: .collapse, help: "collapse"),
        SidebarKeyBinding(keys: [.char(" ")], action: .toggle, help: "toggle folder"),
        SidebarKeyBinding(keys: [.char("/")], action: .startFilter, help: "filter"),
        SidebarKeyBinding(keys: [.char("]"), .char("[")], action: .nextSection, help: "collection/history"),
        SidebarKeyBinding(keys: [.char("r"), KeyEvent(.function(2))], action: .rename, help: "rename"),
        SidebarKeyBinding(keys: [.char("y")], action: .duplicate, help: "duplicate"),
        SidebarKeyBinding(keys: [.char("d"), KeyEvent(.delete)], action: .delete, help: "delete"),
        SidebarKeyBinding(keys: [.char("R")], action: .resend, help: "resend"),
    ]

    /// The keys while typing the filter, for the help text.
    public static let filterKeyBindings: [SidebarKeyBinding] = [
        SidebarKeyBinding(keys: [KeyEvent(.enter)], action: .commitFilter, help: "keep filter"),
        SidebarKeyBinding(keys: [KeyEvent(.escape)], action: .clearFilter, help: "clear filter"),
        SidebarKeyBinding(keys: [KeyEvent(.backspace)], action: .filterBackspace, help: "delete"),
    ]

    /// The action a key press asks for, or nil when the sidebar does not use the key.
    ///
    /// While the filter is being typed, printable characters go into it; arrows still move.
    /// Outside it, Esc clears a filter that is set and is otherwise left to the app.
    public func handle(key: KeyEvent) -> SidebarAction? {
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
        return Self.keyBindings.first { $0.keys.contains(key) }?.action
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
