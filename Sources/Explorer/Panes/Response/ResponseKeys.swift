import TUICore

extension ResponseViewerState {
    /// Rows scrolled by one wheel notch.
    public static let wheelRows = 3
    /// Columns scrolled sideways by one key press.
    public static let sidewaysColumns = 8
    /// The key map context of the viewer's bindings.
    public static let keyContext = "response"

    /// Each action id with its action, default keys, help and whether the footer lists it.
    private static let bindingTable: [(id: String, action: ResponseAction, keys: [String], help: String, footer: Bool)] = [
        ("response.down", .scrollDown(1), ["down", "j"], "scroll down", false),
        ("response.up", .scrollUp(1), ["up", "k"], "scroll up", false),
        ("response.pageDown", .pageDown, ["pgdn", "space", "ctrl+f"], "page down", false),
        ("response.pageUp", .pageUp, ["pgup", "b"], "page up", false),
        ("response.top", .top, ["home", "g"], "top", false),
        ("response.bottom", .bottom, ["end", "G"], "bottom", false),
        ("response.right", .scrollRight(sidewaysColumns), ["right", "l"], "scroll right", false),
        ("response.left", .scrollLeft(sidewaysColumns), ["left", "h"], "scroll left", false),
        ("response.wrap", .toggleWrap, ["w"], "wrap", true),
        ("response.nextTab", .nextTab, ["]"], "next tab", true),
        ("response.previousTab", .previousTab, ["["], "previous tab", false),
        ("response.tab.body", .selectTab(.body), ["1"], "body tab", false),
        ("response.tab.headers", .selectTab(.headers), ["2"], "headers tab", false),
        ("response.tab.timing", .selectTab(.timing), ["3"], "timing tab", false),
        ("response.tab.raw", .selectTab(.raw), ["4"], "raw tab", false),
        ("response.tab.events", .selectTab(.events), ["5"], "events tab", false),
        ("response.openEvent", .openEvent, ["enter"], "open event", false),
        ("response.closeEvent", .closeEvent, ["backspace"], "back to events", false),
        ("response.copy", .beginCopy, ["y"], "copy body/path/value", true),
        ("response.copyBody", .copyBody, [], "copy body", false),
        ("response.copyURL", .copyURL, ["u"], "copy URL", false),
        ("response.copyCurl", .copyAsCurl, ["c"], "copy as curl", true),
        ("response.saveBody", .saveBody, ["s"], "save body", true),
        ("response.search", .openSearch, ["/"], "search", true),
        ("response.nextMatch", .nextMatch, ["n"], "next match", false),
        ("response.previousMatch", .previousMatch, ["N"], "previous match", false),
        ("response.filter", .openFilter, ["f"], "filter", true),
        ("response.clearSearch", .clearSearch, ["esc"], "clear search / stop filter", false),
        ("response.line.commit", .commitLine, ["enter"], "done", true),
        ("response.line.cancel", .cancelLine, ["esc"], "clear", true),
        ("response.line.regex", .toggleRegex, ["tab"], "regex on/off", true),
        ("response.compare", .compare, ["d"], "diff with history, an example or a file", false),
    ]

    /// The viewer's key bindings (context `response`), in the order the help lists them.
    ///
    /// Merge them into the app's `KeyMap` so footer, help and `keymap.json` overrides cover them.
    public static let keyBindings: [KeyBinding] = bindingTable.map {
        KeyBinding($0.keys, action: $0.id, help: $0.help, context: $0.id.hasPrefix("response.line.") ? lineContext : keyContext, showInFooter: $0.footer)
    } + navigationBindingTable.map {
        KeyBinding($0.keys, action: $0.id, help: $0.help, context: $0.context, showInFooter: $0.footer)
    }

    /// The viewer's default key map.
    public static let keyMap = KeyMap(keyBindings)

    /// The action for a key map action id such as `response.copyBody`, or nil for ids of others.
    public static func action(named id: String) -> ResponseAction? {
        bindingTable.first { $0.id == id }?.action ?? navigationBindingTable.first { $0.id == id }?.action
    }

    /// The action a key press asks for in `keyMap` (the app's, with overrides), or nil when the viewer does not use the key.
    public func handle(key: KeyEvent, keyMap: KeyMap = ResponseViewerState.keyMap) -> ResponseAction? {
        if isEditingLine { return handleLine(key: key, keyMap: keyMap) }
        var key = key
        if case .char = key.key { key.modifiers.remove(.shift) }
        return keyMap.action(for: key, in: keyContexts).flatMap(Self.action(named:)) ?? (navigation.pendingCopy ? .cancelCopy : nil)
    }

    /// The action a mouse event asks for: the wheel scrolls, a click on a tab selects it.
    ///
    /// `area` is the same rectangle the viewer is rendered into.
    public func handle(mouse: MouseEvent, in area: Rect) -> ResponseAction? {
        guard area.contains(mouse.position) else { return nil }
        switch mouse.kind {
        case .wheelDown:
            return navigableIndex == nil ? .scrollDown(Self.wheelRows) : .scrollView(Self.wheelRows)
        case .wheelUp:
            return navigableIndex == nil ? .scrollUp(Self.wheelRows) : .scrollView(-Self.wheelRows)
        case .press(.left):
            let layout = ResponseViewerLayout(area: area)
            if navigableIndex != nil, layout.content.contains(mouse.position) { return .placeCursor(row: mouse.y - layout.content.y) }
            guard mouse.y == layout.tabBar.y else { return nil }
            let index = layout.tabs(document: document, selected: tab, comparing: comparison != nil).tab(atX: mouse.x, area: layout.tabBar)
            let tabs = visibleTabs
            return index.flatMap { $0 < tabs.count ? .selectTab(tabs[$0]) : nil }
        default:
            return nil
        }
    }
}
