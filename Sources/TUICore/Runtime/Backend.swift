import Wakeup

/// What the terminal can show.
public struct TerminalCapabilities: Hashable, Sendable {
    /// How many colors are available.
    public var colorDepth: ColorDepth
    /// True when the locale is UTF-8, so Unicode box drawing and symbols can be used.
    public var unicode: Bool

    /// Creates a capability description.
    public init(colorDepth: ColorDepth, unicode: Bool) {
        self.colorDepth = colorDepth
        self.unicode = unicode
    }

    /// Full color and Unicode.
    public static let full = TerminalCapabilities(colorDepth: .trueColor, unicode: true)
}

/// A screen the runtime draws on and reads input from: the ncurses terminal or an in-memory one.
///
/// All methods are called from the runtime's loop thread only.
public protocol Backend: AnyObject {
    /// The current size in columns and rows.
    var size: Size { get }
    /// The colors and character set available.
    var capabilities: TerminalCapabilities { get }
    /// Draws changed cells; continuation cells (empty symbols) are covered by their wide cell.
    func draw(_ changes: [CellChange])
    /// Blanks the whole screen (used after a resize, before a full redraw).
    func clear()
    /// Shows what was drawn.
    func flush()
    /// Places the text cursor at `position` and shows it, or hides it when nil.
    func setCursor(_ position: Position?)
    /// Puts `text` on the system clipboard with an OSC 52 escape sequence.
    func writeClipboard(_ text: String)
    /// Waits for input and returns the decoded events.
    ///
    /// Returns early with whatever is ready (possibly nothing) when `wakeup` is signalled
    /// or `timeout` passes; a nil timeout waits as long as it takes.
    func readEvents(wakeup: WakeupPipe, timeout: Duration?) -> [Event]
    /// Gives the terminal back to the shell (normal screen, cooked mode), e.g. to run `$EDITOR`.
    func pause()
    /// Takes the terminal again after `pause()`; the next draw must repaint everything.
    func resume()
    /// Stops the process as Ctrl+Z does in a shell, restoring the terminal around the stop.
    func suspendProcess()
}
