import RequestKit
import RequestStore

/// Replays a plan of saved requests: sends them over one transport, checks each response, passes captured values on,
/// and reports every step as it happens.
///
/// Up to `options.concurrency` requests are in flight at once; a request whose templates use a variable captured
/// by an earlier request of its pass waits for that request. Results are reported in plan order whatever order the
/// responses came in, and only results are buffered, never bodies (unless `options.exchanges` asks to keep them).
/// Cancelling the task that runs it stops the run and cancels the transfers in flight.
public struct Runner: Sendable {
    /// What to send.
    public var plan: RunPlan
    /// The variables the run starts with.
    public var variables: RunVariables
    /// How to send.
    public var options: RunOptions
    /// The transport every request goes through (a `.hurl` file's entries through one like it); one transport is one
    /// cookie jar.
    public var client: any HTTPTransport
    /// Where exchanges are recorded, or nil to record none.
    public var history: HistoryStore?
    /// What signs a person in for the oauth2 grants that need one (authorization code, device); nil fails them.
    public var oauth2SignIn: (any OAuth2Interaction)?

    /// Creates a runner over `client`, whatever transport it is; without one it makes a `Client` whose cookie jar
    /// follows `options.cookies`.
    public init(plan: RunPlan, variables: RunVariables, options: RunOptions = RunOptions(), client: (any HTTPTransport)? = nil,
                history: HistoryStore? = nil) {
        self.plan = plan
        self.variables = variables
        self.options = options
        self.client = client ?? Client(configuration: Client.Configuration(cookies: options.cookies))
        self.history = history
    }

    /// Runs the plan, awaiting `onEvent` for each event before going on, and returns the totals (also sent as `.ended`).
    @discardableResult
    public func run(onEvent: @escaping @Sendable (RunEvent) async -> Void) async -> RunTotals {
        await RunCoordinator(runner: self, onEvent: onEvent).run()
    }

    /// Runs the plan in a new task and delivers its events as a stream; ending the iteration early cancels the run.
    public func events() -> AsyncStream<RunEvent> {
        let (stream, continuation) = AsyncStream<RunEvent>.makeStream()
        let task = Task {
            await run { event in continuation.yield(event) }
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }
}
