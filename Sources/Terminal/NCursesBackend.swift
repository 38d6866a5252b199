import CNCurses
import Foundation
import TUICore
import Wakeup

#if canImport(Glibc)
import Glibc
#endif

/// The real terminal, through ncurses: draws cells, reads keys, mouse, paste and resizes.
///
/// Opening it enters the alternate screen in raw mode with keypad, mouse and bracketed paste
/// on; `close()` (or a quit signal, or a crash) restores the terminal. Only this type calls
/// ncurses, and only from the thread that created it.
public final class NCursesBackend: Backend {
    /// The colors and character set in use.
    public let capabilities: TerminalCapabilities
    /// The color depth the environment announces (may exceed what ncurses can draw).
    public let detectedColorDepth: ColorDepth

    private let screen: OpaquePointer
    private let window: UnsafeMutablePointer<WINDOW>
    private let signals: WakeupPipe
    private let environment: [String: String]
    private let directColor: Bool
    private var decoder = InputDecoder()
    private var pairs: [PairKey: Int32] = [:]
    private var nextPair: Int32 = 1
    private let maxPairs: Int32
    private var isOpen = true
    private var cursorVisible = false
    /// Whether the terminal has gone away (a closed SSH session or terminal window).
    private var hungUp = false
    private var wideScratch: [wchar_t] = []
    /// The clusters on screen that ncurses cannot hold, by position, written over its frame (`ClusterOverlay`).
    private var overlays: [Position: ClusterOverlay.Placement] = [:]
    /// The overlays drawn since the last flush.
    private var pendingOverlays: [ClusterOverlay.Placement] = []
    /// Whether the next flush repaints the whole screen, so every overlay is written again.
    private var repaintsAll = false

    private struct PairKey: Hashable {
        var fg: Int32
        var bg: Int32
    }

    /// The escape sequences written when taking the terminal (bracketed paste on).
    static let enterSequence = "\u{1B}[?2004h"
    /// The escape sequences written when giving the terminal back (bracketed paste off).
    static let leaveSequence = "\u{1B}[?2004l"

    /// Opens the terminal; throws a `TerminalError` explaining what is missing.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { throw TerminalError.notATerminal }
        guard let term = environment["TERM"], !term.isEmpty else { throw TerminalError.noTermVariable }
        setlocale(LC_ALL, "")
        let codeset = String(cString: nl_langinfo(Int32(CODESET))).uppercased()
        let unicode = codeset == "UTF-8" || codeset == "UTF8"
        cnc_save_original_mode()
        // Handlers go in before ncurses starts, so ncurses keeps out of them and a quit
        // signal ends the process with the signal's own status after the terminal is restored.
        signals = try WakeupPipe()
        cnc_install_signal_handlers(signals.writeDescriptor, NCursesBackend.leaveSequence)
        guard let screen = cnc_newterm() else {
            cnc_remove_signal_handlers()
            throw TerminalError.unknownTerminal(term)
        }
        self.screen = screen
        _ = set_term(screen)
        guard cnc_can_address_cursor() == 1 else {
            cnc_remove_signal_handlers()
            endwin()
            delscreen(screen)
            throw TerminalError.cannotMoveCursor(term)
        }
        guard let window = cnc_stdscr() else {
            cnc_remove_signal_handlers()
            endwin()
            delscreen(screen)
            throw TerminalError.unknownTerminal(term)
        }
        self.window = window
        self.environment = environment
        raw()
        noecho()
        nonl()
        keypad(window, true)
        nodelay(window, true)
        set_escdelay(25)
        curs_set(0)
        cnc_enable_mouse()
        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
        var colors: Int32 = 0
        if !noColor && has_colors() {
            start_color()
            use_default_colors()
            colors = cnc_colors()
        }
        detectedColorDepth = ColorDepth.detect(terminalColors: Int(colors), environment: environment)
        directColor = colors >= 16_777_216
        let drawable = directColor ? detectedColorDepth : min(detectedColorDepth, .indexed256)
        capabilities = TerminalCapabilities(colorDepth: noColor ? .none : drawable, unicode: unicode)
        maxPairs = max(1, cnc_color_pairs())
        writeRaw(NCursesBackend.enterSequence)
    }

    deinit {
        close()
    }

    /// Restores the terminal: normal screen, cooked mode, paste and mouse off. Safe to call twice.
    public func close() {
        guard isOpen else { return }
        isOpen = false
        writeRaw(NCursesBackend.leaveSequence)
        endwin()
        cnc_remove_signal_handlers()
        delscreen(screen)
    }

    /// The current size in columns and rows.
    public var size: Size {
        Size(width: Int(cnc_cols()), height: Int(cnc_lines()))
    }

    /// Draws changed cells with their colors and attributes; continuation cells are skipped.
    public func draw(_ changes: [CellChange]) {
        for change in changes where !change.cell.isContinuation {
            put(change.cell, x: Int32(change.x), y: Int32(change.y))
            let position = Position(x: change.x, y: change.y)
            if ClusterOverlay.needsOverlay(change.cell.symbol) {
                let placement = ClusterOverlay.Placement(x: change.x, y: change.y, cell: change.cell)
                overlays[position] = placement
                pendingOverlays.append(placement)
            } else if overlays[position] != nil {
                overlays[position] = nil
            }
        }
    }

    private func put(_ cell: Cell, x: Int32, y: Int32) {
        wideScratch.removeAll(keepingCapacity: true)
        for scalar in cell.symbol.unicodeScalars {
            wideScratch.append(wchar_t(bitPattern: scalar.value))
            if wideScratch.count == 5 { break }
        }
        if wideScratch.isEmpty { wideScratch.append(32) }
        let attributes = attributes(for: cell.style)
        let pair = pair(for: cell.style)
        var result = wideScratch.withUnsafeBufferPointer { cnc_put_cell(y, x, $0.baseAddress, Int32($0.count), attributes, pair) }
        if result == ERR && wideScratch.count > 1 {
            result = wideScratch.withUnsafeBufferPointer { cnc_put_cell(y, x, $0.baseAddress, 1, attributes, pair) }
        }
        if cell.width == 2, let first = wideScratch.first, cnc_wcwidth(first) < 2 {
            var space: [wchar_t] = [32]
            _ = cnc_put_cell(y, x + 1, &space, 1, attributes, pair)
        }
    }

    private func attributes(for style: Style) -> attr_t {
        var a: attr_t = 0
        let m = style.modifiers
        if m.contains(.bold) { a |= cnc_attr_bold() }
        if m.contains(.dim) { a |= cnc_attr_dim() }
        if m.contains(.italic) { a |= cnc_attr_italic() }
        if m.contains(.underline) { a |= cnc_attr_underline() }
        if m.contains(.reverse) { a |= cnc_attr_reverse() }
        return a
    }

    private func colorNumber(_ color: Color?) -> Int32 {
        guard let color else { return -1 }
        switch color.degraded(to: capabilities.colorDepth) {
        case .default: return -1
        case .ansi(let c): return Int32(c.rawValue)
        case .indexed(let i): return Int32(i)
        case .rgb(let r, let g, let b):
            return directColor ? Int32(r) << 16 | Int32(g) << 8 | Int32(b) : -1
        }
    }

    private func pair(for style: Style) -> Int32 {
        guard capabilities.colorDepth != .none else { return 0 }
        let key = PairKey(fg: colorNumber(style.fg), bg: colorNumber(style.bg))
        if key.fg == -1 && key.bg == -1 { return 0 }
        if let known = pairs[key] { return known }
        guard nextPair < maxPairs else { return 0 }
        let number = nextPair
        nextPair += 1
        _ = cnc_init_pair(number, key.fg, key.bg)
        pairs[key] = number
        return number
    }

    /// Blanks the screen; the next flush repaints it completely.
    public func clear() {
        werase(window)
        clearok(window, true)
        overlays.removeAll()
        pendingOverlays.removeAll()
    }

    /// Sends what was drawn to the terminal, then the clusters ncurses cannot hold over it.
    public func flush() {
        wrefresh(window)
        writeOverlays()
    }

    /// Writes the overlays drawn since the last flush, or all of them after a full repaint.
    private func writeOverlays() {
        let size = self.size
        let placements = (repaintsAll ? Array(overlays.values) : pendingOverlays).filter { $0.x + 1 < size.width && $0.y < size.height }
        pendingOverlays.removeAll(keepingCapacity: true)
        repaintsAll = false
        guard !placements.isEmpty else { return }
        writeRaw(ClusterOverlay.sequence(placements, depth: capabilities.colorDepth, directColor: directColor))
    }

    /// Shows the cursor at `position`, or hides it.
    public func setCursor(_ position: Position?) {
        if let position {
            wmove(window, Int32(position.y), Int32(position.x))
            if !cursorVisible {
                curs_set(1)
                cursorVisible = true
            }
        } else if cursorVisible {
            curs_set(0)
            cursorVisible = false
        }
    }

    /// Writes an OSC 52 sequence so the terminal puts `text` on the clipboard.
    public func writeClipboard(_ text: String) {
        writeRaw(Clipboard.osc52(text, environment: environment))
    }

    /// Waits for input, a resize, a resume or a wake-up, and returns the decoded events.
    public func readEvents(wakeup: WakeupPipe, timeout: Duration?) -> [Event] {
        var events = drainInput()
        if !events.isEmpty { return events }
        var fds = [
            pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakeup.readDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: signals.readDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        let ms = timeout.map { Int32(clamping: $0.components.seconds * 1000 + $0.components.attoseconds / 1_000_000_000_000_000) } ?? -1
        let ready = poll(&fds, nfds_t(fds.count), ms)
        if ready > 0 && fds[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
            // The terminal is gone. Quit as Ctrl+C does, which keeps the draft; if the program
            // is still asking for input after that, end the process as a hang-up signal would.
            if hungUp { cnc_hang_up() }
            hungUp = true
            return [.key(.ctrl("c"))]
        }
        if ready > 0 && fds[2].revents != 0 {
            events += handleSignals()
        }
        if ready > 0 && fds[0].revents != 0 {
            events += drainInput()
        }
        return events
    }

    private func handleSignals() -> [Event] {
        var bytes = [UInt8](repeating: 0, count: 64)
        let count = read(signals.readDescriptor, &bytes, bytes.count)
        guard count > 0 else { return [] }
        var events: [Event] = []
        if bytes[..<count].contains(UInt8(ascii: "C")) {
            // The stop handler left the alternate screen behind ncurses' back; endwin makes
            // ncurses agree, so the refresh in retakeTerminal enters it again.
            endwin()
            retakeTerminal()
            events.append(.resize(width: size.width, height: size.height))
        }
        if bytes[..<count].contains(UInt8(ascii: "W")) {
            var rows: Int32 = 0
            var cols: Int32 = 0
            if cnc_window_size(&rows, &cols) == 0 {
                resizeterm(rows, cols)
            }
            events.append(.resize(width: size.width, height: size.height))
        }
        return events
    }

    private func drainInput() -> [Event] {
        var events: [Event] = []
        var character: wint_t = 0
        while true {
            let status = cnc_get_wch(&character)
            if status == ERR { break }
            if status == KEY_CODE_YES {
                let code = Int32(bitPattern: character)
                if code == KEY_RESIZE {
                    events.append(.resize(width: size.width, height: size.height))
                } else if code == KEY_MOUSE {
                    if let mouse = readMouse() { events.append(.mouse(mouse)) }
                } else if let name = keyname(code) {
                    events += decoder.feed(.key(name: String(cString: name)))
                }
            } else if let scalar = Unicode.Scalar(UInt32(character)) {
                events += decoder.feed(.scalar(scalar))
            }
        }
        return PasteBurst.coalesce(events + decoder.endOfInput())
    }

    private func readMouse() -> MouseEvent? {
        var x: Int32 = 0, y: Int32 = 0, kind: Int32 = 0, mods: Int32 = 0
        guard cnc_read_mouse(&x, &y, &kind, &mods) == 0 else { return nil }
        var modifiers: KeyModifiers = []
        if mods & Int32(CNC_MOD_SHIFT) != 0 { modifiers.insert(.shift) }
        if mods & Int32(CNC_MOD_CTRL) != 0 { modifiers.insert(.ctrl) }
        if mods & Int32(CNC_MOD_ALT) != 0 { modifiers.insert(.alt) }
        let mouseKind: MouseKind
        switch Int(kind) {
        case CNC_MOUSE_LEFT_PRESS: mouseKind = .press(.left)
        case CNC_MOUSE_LEFT_RELEASE: mouseKind = .release(.left)
        case CNC_MOUSE_MIDDLE_PRESS: mouseKind = .press(.middle)
        case CNC_MOUSE_MIDDLE_RELEASE: mouseKind = .release(.middle)
        case CNC_MOUSE_RIGHT_PRESS: mouseKind = .press(.right)
        case CNC_MOUSE_RIGHT_RELEASE: mouseKind = .release(.right)
        case CNC_MOUSE_WHEEL_UP: mouseKind = .wheelUp
        case CNC_MOUSE_WHEEL_DOWN: mouseKind = .wheelDown
        default: return nil
        }
        return MouseEvent(mouseKind, x: Int(x), y: Int(y), modifiers: modifiers)
    }

    /// Gives the terminal to another program, e.g. `$EDITOR`: the screen is restored, and Ctrl+C and Ctrl+\ go to that program alone.
    public func pause() {
        writeRaw(NCursesBackend.leaveSequence)
        endwin()
        cnc_lend_terminal_signals()
    }

    /// Takes the terminal again after `pause()`.
    public func resume() {
        retakeTerminal()
    }

    /// Stops the process like Ctrl+Z in a shell; returns after `fg` with the terminal retaken.
    public func suspendProcess() {
        pause()
        kill(getpid(), SIGTSTP)
        retakeTerminal()
    }

    private func retakeTerminal() {
        cnc_take_back_terminal_signals()
        clearok(window, true)
        wrefresh(window)
        repaintsAll = true
        writeOverlays()
        writeRaw(NCursesBackend.enterSequence)
    }

    private func writeRaw(_ text: String) {
        cnc_flush_stdout()
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeMutableBufferPointer { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if n <= 0 {
                if n < 0 && errno == EINTR { continue }
                return
            }
            offset += n
        }
    }
}
