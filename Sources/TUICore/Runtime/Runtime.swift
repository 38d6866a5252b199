/// Runs a `Program`: reads events, calls `update`, runs commands and redraws only what changed.
///
/// The loop runs on the thread that calls `run()` (the only thread touching the backend).
/// Commands run as Tasks and post their messages to an inbox that wakes the loop through
/// a pipe, so an idle program sleeps in `poll()` and uses no CPU. After each batch of
/// messages the view is drawn into a fresh buffer, diffed with the previous frame, and only
/// the changed cells are sent to the backend.
///
/// Tests drive it without `run()`: `start()`, then `send(_:)` events and `await settle()`.
public final class Runtime<P: Program> {
    /// The program being run.
    public let program: P
    /// The current state.
    public private(set) var state: P.State
    /// The theme as chosen (before reduction to the terminal's color depth).
    public private(set) var theme: Theme
    /// True once a `.quit` command was processed.
    public private(set) var isFinished = false
    /// The number of frames drawn so far.
    public private(set) var frameCount = 0

    private let backend: any Backend
    private let inbox: MessageInbox<P.Message>
    private var previous: Buffer
    private var drawnTheme: Theme
    private var tasks: [UInt64: (id: String?, task: Task<Void, Never>)] = [:]
    private var nextToken: UInt64 = 0
    private var needsFullRedraw = true

    /// Creates a runtime; nothing is drawn until `start()` or `run()`.
    public init(program: P, state: P.State, backend: any Backend, theme: Theme = .dark) throws(RuntimeError) {
        self.program = program
        self.state = state
        self.backend = backend
        self.theme = theme
        self.drawnTheme = theme.degraded(to: backend.capabilities.colorDepth)
        self.inbox = try MessageInbox()
        self.previous = Buffer(size: backend.size)
    }

    deinit {
        for entry in tasks.values { entry.task.cancel() }
    }

    /// Runs until a `.quit` command; returns the final state.
    public func run() -> P.State {
        start()
        var nextTick = program.clock.map { ContinuousClock.now + $0.interval }
        while !isFinished {
            let events = backend.readEvents(wakeup: inbox.wakeup, timeout: nextTick.map { max(.zero, $0 - ContinuousClock.now) })
            inbox.wakeup.drain()
            for event in events {
                dispatch(event)
                if isFinished { break }
            }
            if let tick = program.clock, let due = nextTick, ContinuousClock.now >= due, !isFinished {
                apply(tick.message())
                nextTick = ContinuousClock.now + tick.interval
            }
            drainInbox()
            if !isFinished { render() }
        }
        for entry in tasks.values { entry.task.cancel() }
        return state
    }

    /// Tells the program the screen size, draws the first frame and starts the initial commands.
    public func start() {
        let size = backend.size
        dispatch(.resize(width: size.width, height: size.height))
        render()
        execute(program.initialCommands(for: state))
    }

    /// Handles one input event and redraws.
    public func send(_ event: Event) {
        dispatch(event)
        drainInbox()
        render()
    }

    /// Sends a message straight to `update` and redraws.
    public func send(message: P.Message) {
        apply(message)
        drainInbox()
        render()
    }

    /// Processes whatever commands have posted so far and redraws; does not wait.
    public func processPending() {
        inbox.wakeup.drain()
        drainInbox()
        render()
    }

    /// Waits until no command is running and every result has been handled, then redraws.
    ///
    /// Timers (`Command.after`) count as running: a program that keeps re-arming a timer
    /// never settles, so stop the timer first.
    public func settle() async {
        while true {
            inbox.wakeup.drain()
            drainInbox()
            if inbox.isIdle || isFinished { break }
            await inbox.waitForActivity()
        }
        render()
    }

    /// Waits for the next result of a command (or returns at once if none is running), then redraws.
    public func step() async {
        await inbox.waitForActivity()
        processPending()
    }

    /// The number of commands currently running.
    public var runningCommandCount: Int { tasks.count }

    private func dispatch(_ event: Event) {
        if case .resize = event { needsFullRedraw = true }
        if let message = program.message(for: event, in: state) {
            apply(message)
        }
    }

    private func apply(_ message: P.Message) {
        let (next, commands) = program.update(state, message)
        state = next
        execute(commands)
    }

    private func drainInbox() {
        for item in inbox.drain() {
            switch item {
            case .message(let message):
                if !isFinished { apply(message) }
            case .finished(let token):
                tasks[token] = nil
            }
        }
    }

    private func execute(_ commands: [Command<P.Message>]) {
        for command in commands {
            switch command.kind {
            case .perform(let id, let operation):
                if let id { cancel(id: id) }
                spawn(id: id) { await operation() }
            case .after(let delay, let message):
                spawn(id: nil) {
                    do {
                        try await Task.sleep(for: delay)
                        return message
                    } catch {
                        return nil
                    }
                }
            case .cancel(let id):
                cancel(id: id)
            case .copyToClipboard(let text):
                backend.writeClipboard(text)
            case .setTheme(let newTheme):
                theme = newTheme
                drawnTheme = newTheme.degraded(to: backend.capabilities.colorDepth)
            case .suspend:
                backend.suspendProcess()
                needsFullRedraw = true
            case .releasingTerminal(let operation):
                backend.pause()
                let message = operation()
                backend.resume()
                needsFullRedraw = true
                if let message { apply(message) }
            case .quit:
                isFinished = true
            }
        }
    }

    private func spawn(id: String?, _ operation: @escaping @Sendable () async -> P.Message?) {
        nextToken += 1
        let token = nextToken
        let inbox = self.inbox
        inbox.begin()
        let task = Task {
            let message = await operation()
            inbox.finish(token: token, message: message)
        }
        tasks[token] = (id, task)
    }

    private func cancel(id: String) {
        for (_, entry) in tasks where entry.id == id {
            entry.task.cancel()
        }
    }

    /// Draws the view and sends only the changed cells to the backend.
    private func render() {
        guard !isFinished else { return }
        let size = backend.size
        var frame = Frame(size: size, theme: drawnTheme, capabilities: backend.capabilities)
        frame.buffer.fill(frame.area, style: drawnTheme.base)
        program.view(state, into: &frame)
        if needsFullRedraw || previous.width != size.width || previous.height != size.height {
            backend.clear()
            previous = Buffer(size: size)
            needsFullRedraw = false
        }
        let changes = frame.buffer.diff(from: previous)
        backend.draw(changes)
        backend.setCursor(frame.cursor)
        backend.flush()
        previous = frame.buffer
        frameCount += 1
    }
}
