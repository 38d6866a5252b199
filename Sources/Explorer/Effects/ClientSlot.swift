import RequestKit
import Locking

/// Makes the HTTP transport (a `Client`, or a test's `StubTransport`) the first time it is asked for and hands out that one afterwards.
final class ClientSlot: Sendable {
    private let make: @Sendable () -> any HTTPTransport
    private let made = Locked<(any HTTPTransport)?>(nil)

    /// Creates a slot that will call `make` once, on first use.
    init(make: @escaping @Sendable () -> any HTTPTransport) {
        self.make = make
    }

    /// The client, made now if this is the first call.
    var client: any HTTPTransport {
        made.withLock { slot in
            if let client = slot { return client }
            let client = make()
            slot = client
            return client
        }
    }
}
