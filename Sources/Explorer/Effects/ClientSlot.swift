import RequestKit
import Synchronization

/// Makes the HTTP client the first time it is asked for and hands out that one client afterwards.
final class ClientSlot: Sendable {
    private let make: @Sendable () -> Client
    private let made = Mutex<Client?>(nil)

    /// Creates a slot that will call `make` once, on first use.
    init(make: @escaping @Sendable () -> Client) {
        self.make = make
    }

    /// The client, made now if this is the first call.
    var client: Client {
        made.withLock { slot in
            if let client = slot { return client }
            let client = make()
            slot = client
            return client
        }
    }
}
