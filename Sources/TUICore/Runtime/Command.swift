/// An effect requested by `update`: work that runs off the UI thread, or a request to the runtime.
///
/// Commands are data: `update` returns them and the runtime carries them out, so `update`
/// stays pure and testable. Work (`perform`) runs in a Task and its result comes back to
/// `update` as a message.
public struct Command<Message: Sendable>: Sendable {
    /// The kinds of commands the runtime understands.
    public enum Kind: Sendable {
        /// Runs `operation` off the UI thread; a non-nil result is sent to `update`.
        case perform(id: String?, operation: @Sendable () async -> Message?)
        /// Cancels the running `perform` command with this id.
        case cancel(id: String)
        /// Sends `message` to `update` after `delay` (one shot; re-issue it to keep ticking).
        case after(delay: Duration, message: Message)
        /// Writes text to the clipboard (OSC 52).
        case copyToClipboard(String)
        /// Switches the theme used for drawing.
        case setTheme(Theme)
        /// Stops the process as Ctrl+Z does; the screen is repainted on resume.
        case suspend
        /// Gives the terminal back, runs `operation` on the UI thread (e.g. `$EDITOR`), takes it again.
        case releasingTerminal(operation: @Sendable () -> Message?)
        /// Ends the run loop.
        case quit
    }

    /// What this command does.
    public let kind: Kind

    /// Wraps a kind.
    public init(_ kind: Kind) {
        self.kind = kind
    }

    /// Work to run off the UI thread; `id` lets a later `cancel(id:)` stop it.
    ///
    /// Starting a command with the id of one still running cancels the older one.
    public static func perform(id: String? = nil, _ operation: @escaping @Sendable () async -> Message?) -> Command {
        Command(.perform(id: id, operation: operation))
    }

    /// Cancels the running command with this id (its Task sees `Task.isCancelled`).
    public static func cancel(id: String) -> Command { Command(.cancel(id: id)) }

    /// Delivers `message` after `delay`; a spinner re-issues this on each tick while it spins.
    public static func after(_ delay: Duration, _ message: Message) -> Command {
        Command(.after(delay: delay, message: message))
    }

    /// Puts text on the clipboard.
    public static func copyToClipboard(_ text: String) -> Command { Command(.copyToClipboard(text)) }

    /// Changes the theme.
    public static func setTheme(_ theme: Theme) -> Command { Command(.setTheme(theme)) }

    /// Suspends the process (Ctrl+Z).
    public static var suspend: Command { Command(.suspend) }

    /// Runs `operation` with the terminal given back to the shell.
    public static func releasingTerminal(_ operation: @escaping @Sendable () -> Message?) -> Command {
        Command(.releasingTerminal(operation: operation))
    }

    /// Quits the program.
    public static var quit: Command { Command(.quit) }
}
