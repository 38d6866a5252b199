import TUICore

/// A key binding of the response viewer: the keys, what they do and the help text.
public struct ResponseKeyBinding: Hashable, Sendable {
    /// The keys that trigger the action (the first one is shown in hints).
    public var keys: [KeyEvent]
    /// The action.
    public var action: ResponseAction
    /// A short description for the footer and the help overlay.
    public var help: String

    /// Creates a binding.
    public init(keys: [KeyEvent], action: ResponseAction, help: String) {
        self.keys = keys
        self.action = action
        self.help = help
    }
}

extension ResponseViewerState {
    /// Rows scrolled by one wheel notch.
    public static let wheelRows = 3
    /// Columns scrolled sideways by one key press.
    public static let sidewaysColumns = 8

    /// The viewer's key bindings, in the order the help lists them.
    public static let keyBindings: [ResponseKeyBinding] = [
        ResponseKeyBinding(keys: [KeyEvent(.down), .char("j")], action: .scrollDown(1), help: "scroll down"),
        ResponseKeyBinding(keys: [KeyEvent(.up), .char("k")], action: .scrollUp(1), help: "scroll up"),
        ResponseKeyBinding(keys: [KeyEvent(.pageDown), .char(" "), .ctrl("f")], action: .pageDown, help: "page down"),
        ResponseKeyBinding(keys: [KeyEvent(.pageUp), .char("b"), .ctrl("b")], action: .pageUp, help: "page up"),
        ResponseKeyBinding(keys: [KeyEvent(.home), .char("g")], action: .top, help: "top"),
        ResponseKeyBinding(keys: [KeyEvent(.end), .char("G")], action: .bottom, help: "bottom"),
        ResponseKeyBinding(keys: [KeyEvent(.right), .char("l")], action: .scrollRight(sidewaysColumns), help: "scroll right"),
        ResponseKeyBinding(keys: [KeyEvent(.left), .char("h")], action: .scrollLeft(sidewaysColumns), help: "scroll left"),
        ResponseKeyBinding(keys: [.char("w")], action: .toggleWrap, help: "wrap lines"),
        ResponseKeyBinding(keys: [.char("]")], action: .nextTab, help: "next tab"),
        ResponseKeyBinding(keys: [.char("[")], action: .previousTab, help: "previous tab"),
        ResponseKeyBinding(keys: [.char("1")], action: .selectTab(.body), help: "body"),
        ResponseKeyBinding(keys: [.char("2")], action: .selectTab(.headers), help: "headers"),
        ResponseKeyBinding(keys: [.char("3")], action: .selectTab(.timing), help: "timing"),
        ResponseKeyBinding(keys: [.char("4")], action: .selectTab(.raw), help: "raw"),
        ResponseKeyBinding(keys: [.char("y")], action: .copyBody, help: "copy body"),
        ResponseKeyBinding(keys: [.char("u")], action: .copyURL, help: "copy URL"),
        ResponseKeyBinding(keys: [.char("c")], action: .copyAsCurl, help: "copy as curl"),
        ResponseKeyBinding(keys: [.char("s")], action: .saveBody, help: "save body"),
    ]

    /// The action a key press asks for, or nil when the viewer does not use the key.
    public func handle(key: KeyEvent) -> ResponseAction? {
        var key = key
        if case .char = key.key { key.modifiers.remove(.shift) }
        return Self.keyBindings.first { $0.keys.contains(key) }?.action
    }

    /// The action a mouse event asks for: the wheel scrolls, a click on a tab selects it.
    ///
    /// `area` is the same rectangle the viewer is rendered into.
    public func handle(mouse: MouseEvent, in area: Rect) -> ResponseAction? {
        guard area.contains(mouse.position) else { return nil }
        switch mouse.kind {
        case .wheelDown:
            return .scrollDown(Self.wheelRows)
        case .wheelUp:
            return .scrollUp(Self.wheelRows)
        case .press(.left):
            let layout = ResponseViewerLayout(area: area)
            guard mouse.y == layout.tabBar.y else { return nil }
            return layout.tabPositions(document: document).first { $0.columns.contains(mouse.x) }.map { .selectTab($0.tab) }
        default:
            return nil
        }
    }
}
