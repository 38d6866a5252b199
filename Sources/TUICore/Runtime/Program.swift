/// An application in the Model–Update–View style, run by `Runtime`.
///
/// `update` is pure: it returns the next state and the commands to run, and never does I/O.
/// `view` draws the state into the frame's buffer and never touches the terminal.
public protocol Program {
    /// Everything the screen shows and the app remembers.
    associatedtype State
    /// What can happen: decoded input and results of commands.
    associatedtype Message: Sendable

    /// Commands to run once at start, after the first frame is drawn.
    func initialCommands(for state: State) -> [Command<Message>]

    /// Turns terminal input into a message, or nil to ignore it.
    ///
    /// The runtime sends a `.resize` event with the screen size before the first frame.
    func message(for event: Event, in state: State) -> Message?

    /// Computes the next state and the commands to run for one message.
    func update(_ state: State, _ message: Message) -> (State, [Command<Message>])

    /// Draws `state` into `frame.buffer` (within `frame.area`) and sets `frame.cursor`.
    func view(_ state: State, into frame: inout Frame)

    /// A message `Runtime.run` makes and sends every `interval` while the program runs, e.g. to keep shown ages
    /// current (the message carries the time it read, so `update` reads no clock); nil for none. It is not a command,
    /// so it never keeps `Runtime.settle()` waiting.
    var clock: (interval: Duration, message: @Sendable () -> Message)? { get }
}

extension Program {
    /// No start-up commands.
    public func initialCommands(for state: State) -> [Command<Message>] { [] }

    /// No clock.
    public var clock: (interval: Duration, message: @Sendable () -> Message)? { nil }
}

/// What `view` draws into: the buffer, its area, the theme and the cursor position.
public struct Frame {
    /// The cells being drawn.
    public var buffer: Buffer
    /// The colors to use, already reduced to the terminal's color depth.
    public let theme: Theme
    /// What the terminal can show.
    public let capabilities: TerminalCapabilities
    /// Where to show the text cursor, or nil to hide it.
    public var cursor: Position?

    /// Creates a blank frame of the given size.
    public init(size: Size, theme: Theme, capabilities: TerminalCapabilities) {
        self.buffer = Buffer(size: size)
        self.theme = theme
        self.capabilities = capabilities
        self.cursor = nil
    }

    /// The whole screen.
    public var area: Rect { buffer.area }

    /// Box-drawing characters for this terminal: Unicode, or ASCII in a non-UTF-8 locale.
    public var borders: BorderSet { capabilities.unicode ? .rounded : .ascii }
}
