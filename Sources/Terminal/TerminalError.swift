/// Why the terminal could not be opened.
public enum TerminalError: Error, Equatable, CustomStringConvertible {
    /// Standard input or output is not a terminal (a pipe, a file, a cron job).
    case notATerminal
    /// `TERM` is not set.
    case noTermVariable
    /// ncurses does not know the terminal type in `TERM`.
    case unknownTerminal(String)
    /// The terminal type in `TERM` cannot move the cursor to a place (`dumb`, a printing terminal), so no screen can be drawn.
    case cannotMoveCursor(String)

    /// What happened and what to do about it.
    public var description: String {
        switch self {
        case .notATerminal:
            return "curlew needs a terminal: standard input and output must be a TTY; run it in a terminal, or use the headless subcommands for scripts"
        case .noTermVariable:
            return "the TERM environment variable is not set; set it to your terminal type, e.g. TERM=xterm-256color"
        case .unknownTerminal(let name):
            return "the terminal type \"\(name)\" (from TERM) is unknown to ncurses; install its terminfo entry (e.g. the ncurses-term package) or set TERM=xterm-256color"
        case .cannotMoveCursor(let name):
            return "the terminal type \"\(name)\" (from TERM) cannot move the cursor, so curlew cannot draw its screen; set TERM to your terminal's type (e.g. TERM=xterm-256color), or use the headless subcommands (curlew send, curlew run)"
        }
    }
}
