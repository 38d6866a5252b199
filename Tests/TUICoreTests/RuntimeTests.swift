import Testing
import TUICore
import TUITesting

/// A tiny program: `+` counts, `l` loads text through a command, `c` copies, `q` quits.
struct CounterProgram: Program {
    struct State {
        var count = 0
        var loaded = "nothing yet"
        var size = Size(width: 0, height: 0)
        var ticks = 0
    }

    enum Message: Sendable {
        case key(KeyEvent)
        case resized(Size)
        case loaded(String)
        case tick
        case edited(String)
        case loadedAndQuit(String)
    }

    func message(for event: Event, in state: State) -> Message? {
        switch event {
        case .key(let key): return .key(key)
        case .resize(let w, let h): return .resized(Size(width: w, height: h))
        default: return nil
        }
    }

    func update(_ state: State, _ message: Message) -> (State, [Command<Message>]) {
        var s = state
        switch message {
        case .key(let key):
            switch key.key {
            case .char("+"): s.count += 1
            case .char("l"):
                return (s, [.perform(id: "load") { .loaded("result of the command") }])
            case .char("s"):
                return (s, [.perform(id: "slow") {
                    try? await Task.sleep(for: .seconds(30))
                    return Task.isCancelled ? .loaded("cancelled") : .loaded("slow finished")
                }])
            case .char("x"): return (s, [.cancel(id: "slow")])
            case .char("t"): return (s, [.after(.milliseconds(1), .tick)])
            case .char("c"): return (s, [.copyToClipboard("copied text")])
            case .char("e"): return (s, [.releasingTerminal { .edited("from editor") }])
            case .char("q"): return (s, [.quit])
            case .char("Q"): return (s, [.perform { .loadedAndQuit("loaded then quit") }])
            default: break
            }
        case .resized(let size): s.size = size
        case .loaded(let text): s.loaded = text
        case .edited(let text): s.loaded = text
        case .loadedAndQuit(let text):
            s.loaded = text
            return (s, [.quit])
        case .tick:
            s.ticks += 1
            if s.ticks < 3 { return (s, [.after(.milliseconds(1), .tick)]) }
        }
        return (s, [])
    }

    func view(_ state: State, into frame: inout Frame) {
        let rows = Layout.vertical([.length(1), .length(1), .fill(1)]).split(frame.area)
        frame.buffer.setString("count: \(state.count)", x: 0, y: rows[0].y, clip: rows[0])
        frame.buffer.setString("loaded: \(state.loaded)", x: 0, y: rows[1].y, clip: rows[1])
        frame.buffer.setString("size \(state.size) ticks \(state.ticks)", x: 0, y: rows[2].y, clip: rows[2])
        frame.cursor = Position(x: 7 + String(state.count).count, y: 0)
    }
}

@Suite("Runtime")
struct RuntimeTests {
    func makeRuntime(width: Int = 40, height: Int = 5) throws -> (Runtime<CounterProgram>, InMemoryBackend) {
        let backend = InMemoryBackend(width: width, height: height)
        let runtime = try Runtime(program: CounterProgram(), state: .init(), backend: backend, theme: .monochrome)
        return (runtime, backend)
    }

    @Test func firstFrameKnowsTheSize() throws {
        let (runtime, backend) = try makeRuntime()
        runtime.start()
        #expect(backend.snapshot() == ["count: 0", "loaded: nothing yet", "size 40x5 ticks 0", "", ""])
        #expect(backend.cursor == Position(x: 8, y: 0))
    }

    @Test func keyPressUpdatesTheScreenAndDrawsOnlyChanges() throws {
        let (runtime, backend) = try makeRuntime()
        runtime.start()
        runtime.send(.key(.char("+")))
        #expect(backend.text(x: 0, y: 0, length: 8) == "count: 1")
        #expect(backend.lastDrawCount == 1)
        runtime.send(.key(.char("?")))
        #expect(backend.lastDrawCount == 0)
    }

    @Test func commandResultArrivesAsMessage() async throws {
        let (runtime, backend) = try makeRuntime()
        runtime.start()
        runtime.send(.key(.char("l")))
        await runtime.settle()
        #expect(backend.snapshot()[1] == "loaded: result of the command")
        #expect(runtime.runningCommandCount == 0)
    }

    @Test func cancelStopsARunningCommand() async throws {
        let (runtime, backend) = try makeRuntime()
        runtime.start()
        runtime.send(.key(.char("s")))
        #expect(runtime.runningCommandCount == 1)
        runtime.send(.key(.char("x")))
        await runtime.settle()
        #expect(backend.snapshot()[1] == "loaded: cancelled")
    }

    @Test func timerTicksOnlyWhileAsked() async throws {
        let (runtime, backend) = try makeRuntime()
        runtime.start()
        runtime.send(.key(.char("t")))
        await runtime.settle()
        #expect(runtime.state.ticks == 3)
        #expect(backend.snapshot()[2] == "size 40x5 ticks 3")
    }

    @Test func resizeRedrawsEverything() throws {
        let (runtime, backend) = try makeRuntime()
        runtime.start()
        backend.resize(width: 30, height: 3)
        runtime.send(.resize(width: 30, height: 3))
        #expect(backend.snapshot() == ["count: 0", "loaded: nothing yet", "size 30x3 ticks 0"])
        #expect(backend.clearCount == 2)
    }

    @Test func clipboardAndReleasingTerminal() throws {
        let (runtime, backend) = try makeRuntime()
        runtime.start()
        runtime.send(.key(.char("c")))
        #expect(backend.clipboard == ["copied text"])
        runtime.send(.key(.char("e")))
        #expect(!backend.isPaused)
        #expect(backend.snapshot()[1] == "loaded: from editor")
    }

    @Test func runLoopEndsOnQuit() throws {
        let (runtime, backend) = try makeRuntime()
        backend.enqueue(.key(.char("+")), .key(.char("+")), .key(.char("q")))
        let final = runtime.run()
        #expect(final.count == 2)
        #expect(runtime.isFinished)
    }

    @Test(.timeLimit(.minutes(1))) func runLoopSleepsUntilACommandPostsItsResult() throws {
        let (runtime, backend) = try makeRuntime()
        backend.enqueue(.key(.char("Q")))
        let final = runtime.run()
        #expect(final.loaded == "loaded then quit")
        #expect(backend.snapshot()[1] == "loaded: nothing yet")
    }
}

/// A program with a clock: each tick counts, the third quits.
struct ClockProgram: Program {
    struct State {
        var ticks = 0
    }

    enum Message: Sendable {
        case tick
    }

    var clock: (interval: Duration, message: @Sendable () -> Message)? { (.milliseconds(5), { .tick }) }

    func message(for event: Event, in state: State) -> Message? { nil }

    func update(_ state: State, _ message: Message) -> (State, [Command<Message>]) {
        var s = state
        s.ticks += 1
        return (s, s.ticks == 3 ? [.quit] : [])
    }

    func view(_ state: State, into frame: inout Frame) {
        frame.buffer.setString("ticks \(state.ticks)", x: 0, y: 0)
    }
}

@Suite struct RuntimeClockTests {
    @Test(.timeLimit(.minutes(1))) func theClockTicksWhileTheProgramRunsAndNeverKeepsSettleWaiting() async throws {
        let settling = try Runtime(program: ClockProgram(), state: ClockProgram.State(), backend: InMemoryBackend(width: 20, height: 2), theme: .monochrome)
        settling.start()
        await settling.settle()
        #expect(settling.state.ticks == 0)
        let runtime = try Runtime(program: ClockProgram(), state: ClockProgram.State(), backend: InMemoryBackend(width: 20, height: 2), theme: .monochrome)
        let final = runtime.run()
        #expect(final.ticks == 3)
        #expect(runtime.isFinished)
    }
}
