import Explorer
import Foundation
import RequestKit
import RequestStore
import Testing
import TUICore

/// Drives `ExplorerProgram.update` without a terminal: feed keys, text and messages, read the state and commands.
struct AppHarness {
    /// One client for every test in the process.
    static let client = Client()

    let program: ExplorerProgram
    var state: AppState
    var commands: [Command<AppMessage>] = []

    /// A harness at a screen size, with an optional draft and variables, recording exchanges in `history` when given;
    /// `client` replaces the shared client (for tests whose cookies must not reach other tests); bodies past
    /// `largeBodyThreshold` go to files in the data folder; `maxResponseSize` is the settings' `maxFileSize`.
    init(width: Int = 120, height: Int = 40, draft: RequestDraft = RequestDraft(), variables: VariableScope = VariableScope(),
         storePaths: StorePaths? = nil, settingsPath: String? = nil, history: HistoryStore? = nil, client: any HTTPTransport = AppHarness.client,
         largeBodyThreshold: Int64 = LargeBodyFiles.defaultThreshold, maxResponseSize: Int64? = nil, draftPath: String? = nil) {
        program = ExplorerProgram(effects: Effects(client: client, draftPath: draftPath, storePaths: storePaths, settingsPath: settingsPath,
                                                   maxResponseSize: maxResponseSize, largeBodyThreshold: largeBodyThreshold, history: history))
        state = AppState(draft: draft, variables: variables)
        send(.resize(Size(width: width, height: height)))
    }

    /// Applies one message and keeps its commands.
    mutating func send(_ message: AppMessage) {
        let (next, produced) = program.update(state, message)
        state = next
        commands = produced
    }

    /// Presses keys written in key notation (`ctrl+r`, `enter`, `a`).
    mutating func press(_ keys: String...) {
        for key in keys {
            guard let event = KeyNotation.parse(key) else {
                Issue.record("'\(key)' is not key notation")
                continue
            }
            send(.key(event))
        }
    }

    /// Types text character by character.
    mutating func type(_ text: String) {
        for c in text { send(.key(KeyEvent(.char(c)))) }
    }

    /// Runs an action by id.
    mutating func action(_ id: String) {
        send(.action(id))
    }

    /// Runs the last update's background commands one after another, feeding each result back as a message.
    mutating func runPerformed() async {
        let pending = commands
        for command in pending {
            if case .perform(_, let operation) = command.kind, let message = await operation() { send(message) }
        }
    }

    /// True when the last update asked to quit.
    var quits: Bool {
        commands.contains { if case .quit = $0.kind { return true } else { return false } }
    }

    /// True when the last update started a background command (perform).
    var performs: Bool {
        commands.contains { if case .perform = $0.kind { return true } else { return false } }
    }

    /// The last update's clipboard text, if any.
    var clipboard: String? {
        for command in commands { if case .copyToClipboard(let text) = command.kind { return text } }
        return nil
    }

    /// The whole screen drawn for the current state, as text lines.
    func screen(theme: Theme = .monochrome) -> [String] {
        var frame = Frame(size: state.size, theme: theme, capabilities: TerminalCapabilities(colorDepth: .none, unicode: true))
        program.view(state, into: &frame)
        return (0..<frame.buffer.height).map { frame.buffer.text(row: $0) }
    }
}

extension AppHarness {
    /// Selects the collection request with sidebar id `id` (`r:0.1/2`) and opens it, opening the folders that hold it first.
    mutating func openSidebarRequest(_ id: String) {
        if id.hasPrefix("r:"), let slash = id.lastIndex(of: "/") {
            let path = id[id.index(id.startIndex, offsetBy: 2)..<slash].split(separator: ".").map(String.init)
            state.sidebar.expand((0..<path.count).map { "f:" + path[0...$0].joined(separator: ".") })
        }
        state.sidebar.select(id: id, in: .collection)
        action("sidebar.open")
    }
}
