import TUICore

/// A pane of the main screen as the app routes to it: one conformance per pane, listed once in `PaneRegistry`.
///
/// Keys, pastes, mouse events, the footer, help and drawing reach the panes through the registry: a loop over it or a
/// lookup of the focused pane in it. A pane's own state, actions, keys and view live in its folder under `Panes/`.
protocol PaneComponent: Sendable {
    /// The pane this component routes and draws for.
    var pane: Pane { get }
    /// True when the pane is drawn in `state` (the run results and the response share one place).
    func isShown(in state: AppState) -> Bool
    /// Where the pane is drawn.
    func area(in layout: AppLayout) -> Rect
    /// True when the pane takes typed characters while focused, so letters are text, not commands.
    func isTyping(in state: AppState) -> Bool
    /// The key-binding contexts of the pane, most specific first.
    func keyContexts(in state: AppState) -> [String]
    /// The actions of those contexts that do nothing where the pane stands, left out of the footer.
    func inapplicableActionIDs(in state: AppState) -> Set<String>
    /// The hints the footer shows in place of the key map's while the pane edits a line of its own.
    func footerHints(in state: AppState) -> [(key: String, help: String)]?
    /// True when the focused pane takes `key` before any binding does (a line being edited takes every key).
    func takesKeyFirst(_ key: KeyEvent, in state: AppState) -> Bool
    /// True when a pasted curl command is imported as a request rather than typed into the pane.
    func importsPastedCurl(in state: AppState) -> Bool
    /// True when `pane.maximize` can make the pane fill the screen.
    var canMaximize: Bool { get }
    /// A key that no binding took.
    func handle(key: KeyEvent, _ program: ExplorerProgram, _ s: inout AppState) -> [Command<AppMessage>]
    /// Pasted text that is not imported as a curl command.
    func handle(paste text: String, _ program: ExplorerProgram, _ s: inout AppState) -> [Command<AppMessage>]
    /// A wheel turn or a left press over the pane, after the press has focused it.
    func handle(mouse: MouseEvent, layout: AppLayout, _ program: ExplorerProgram, _ s: inout AppState) -> [Command<AppMessage>]
    /// Moves the pane's scroll offsets just far enough that its cursor or selection is in view at `layout`; `update`
    /// calls it after every message, so drawing and clicks see the same rows.
    func keepInView(_ s: inout AppState, layout: AppLayout)
    /// Draws the pane into its area of `layout`.
    func render(_ state: AppState, layout: AppLayout, frame: inout Frame)
    /// True when `id` (from the key map or the palette) names one of the pane's own actions.
    func ownsAction(_ id: String) -> Bool
    /// Carries out the pane's own action named `id`; nil when the id is not the pane's.
    func perform(actionNamed id: String, _ program: ExplorerProgram, _ s: inout AppState) -> [Command<AppMessage>]?
}

extension PaneComponent {
    func isShown(in state: AppState) -> Bool { true }
    func isTyping(in state: AppState) -> Bool { false }
    func inapplicableActionIDs(in state: AppState) -> Set<String> { [] }
    func footerHints(in state: AppState) -> [(key: String, help: String)]? { nil }
    func takesKeyFirst(_ key: KeyEvent, in state: AppState) -> Bool { false }
    func importsPastedCurl(in state: AppState) -> Bool { !isTyping(in: state) }
    var canMaximize: Bool { false }
    func handle(paste text: String, _ program: ExplorerProgram, _ s: inout AppState) -> [Command<AppMessage>] { [] }
    func handle(mouse: MouseEvent, layout: AppLayout, _ program: ExplorerProgram, _ s: inout AppState) -> [Command<AppMessage>] { [] }
    func ownsAction(_ id: String) -> Bool { false }
    func perform(actionNamed id: String, _ program: ExplorerProgram, _ s: inout AppState) -> [Command<AppMessage>]? { nil }

    /// True when the pane has the keyboard focus and no overlay covers it, so it is drawn as focused.
    func isFocused(in state: AppState) -> Bool { state.focus == pane && state.overlay == nil }
}
