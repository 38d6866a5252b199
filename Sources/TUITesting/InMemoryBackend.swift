import TUICore
import Wakeup

/// A backend that keeps the screen in memory, for tests: draw, then read the screen as text.
///
/// It behaves like a terminal that applies each drawn cell: the `screen` buffer holds what a
/// user would see. Events queued with `enqueue(_:)` are returned by `readEvents`, so
/// `Runtime.run()` can also be driven to completion.
public final class InMemoryBackend: Backend {
    /// The screen size.
    public private(set) var size: Size
    /// The capabilities reported to the runtime.
    public var capabilities: TerminalCapabilities
    /// What the screen shows.
    public private(set) var screen: Buffer
    /// Where the cursor is, nil when hidden.
    public private(set) var cursor: Position?
    /// Every text written to the clipboard, oldest first.
    public private(set) var clipboard: [String] = []
    /// How many times `flush()` was called.
    public private(set) var flushCount = 0
    /// How many cells the last `draw` call changed.
    public private(set) var lastDrawCount = 0
    /// How many times `clear()` was called.
    public private(set) var clearCount = 0
    /// True between `pause()` and `resume()`.
    public private(set) var isPaused = false
    /// How many times the process would have been suspended.
    public private(set) var suspendCount = 0
    private var pending: [Event] = []

    /// Creates a blank screen of the given size.
    public init(width: Int, height: Int, capabilities: TerminalCapabilities = .full) {
        self.size = Size(width: width, height: height)
        self.capabilities = capabilities
        self.screen = Buffer(width: width, height: height)
    }

    /// Changes the screen size (the next draw repaints it) and queues a `.resize` event.
    public func resize(width: Int, height: Int) {
        size = Size(width: width, height: height)
        screen.resize(width: width, height: height)
        pending.append(.resize(width: width, height: height))
    }

    /// Queues events for `readEvents`.
    public func enqueue(_ events: Event...) {
        pending.append(contentsOf: events)
    }

    /// Applies changed cells to the screen.
    public func draw(_ changes: [CellChange]) {
        for change in changes {
            screen[change.x, change.y] = change.cell
        }
        lastDrawCount = changes.count
    }

    /// Blanks the screen.
    public func clear() {
        screen = Buffer(size: size)
        clearCount += 1
    }

    /// Counts the flush.
    public func flush() {
        flushCount += 1
    }

    /// Records the cursor position.
    public func setCursor(_ position: Position?) {
        cursor = position
    }

    /// Records the clipboard text.
    public func writeClipboard(_ text: String) {
        clipboard.append(text)
    }

    /// Returns queued events, or waits on `wakeup` (up to `timeout`) when there are none.
    public func readEvents(wakeup: WakeupPipe, timeout: Duration?) -> [Event] {
        if !pending.isEmpty {
            defer { pending = [] }
            return pending
        }
        _ = wakeup.wait(timeout: timeout)
        return []
    }

    /// Marks the terminal as given back.
    public func pause() { isPaused = true }

    /// Marks the terminal as taken again.
    public func resume() { isPaused = false }

    /// Counts a suspension.
    public func suspendProcess() { suspendCount += 1 }

    /// The screen as text, one string per row, trailing spaces removed.
    public func snapshot() -> [String] {
        ScreenText.lines(of: screen)
    }

    /// The screen as text followed by a style map; see `ScreenText.styled(_:)`.
    public func styledSnapshot() -> String {
        ScreenText.styled(screen)
    }

    /// The text of `length` columns starting at (`x`, `y`).
    public func text(x: Int, y: Int, length: Int) -> String {
        screen.text(in: Rect(x: x, y: y, width: length, height: 1)).first ?? ""
    }

    /// True when some row contains `text`.
    public func contains(_ text: String) -> Bool {
        position(of: text) != nil
    }

    /// The position of the first occurrence of `text`, searching row by row.
    public func position(of text: String) -> Position? {
        ScreenText.position(of: text, in: screen)
    }

    /// The style of the cell at (`x`, `y`).
    public func style(x: Int, y: Int) -> Style {
        screen[x, y].style
    }
}
