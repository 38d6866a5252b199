import RequestKit

/// A time limit on reading one response as a stream: once armed, it stops the stream after `seconds`,
/// so the response keeps what came by then.
struct StreamReadLimit: Sendable {
    /// How long the response may be read, from the start of the request.
    let seconds: Double
    /// The stream the request is sent with; the limit stops it.
    let stream = ResponseStream { _ in }
    /// The timer that stops the stream, once armed.
    private var timer: Task<Void, Never>?

    /// Creates a limit of `seconds`, not yet armed.
    init(seconds: Double) {
        self.seconds = seconds
    }

    /// Starts the timer; call it once the request is handed to the client.
    mutating func arm() {
        let stream = self.stream
        let nanoseconds = Int64(min(seconds, NumberReading.maximumSeconds) * 1_000_000_000)
        timer = Task {
            try? await Task.sleep(for: .nanoseconds(nanoseconds))
            if !Task.isCancelled { stream.stop() }
        }
    }

    /// Cancels the timer once the response is in.
    func disarm() {
        timer?.cancel()
    }
}
