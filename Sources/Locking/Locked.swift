import CLocking
import Synchronization

/// A value shared between threads behind a `Mutex`, with the lock's hand-overs told to ThreadSanitizer,
/// which cannot see the futex a `Mutex` waits on and would otherwise call every access behind it a race.
public final class Locked<Value>: Sendable {
    private let mutex: Mutex<Value>

    /// Holds `value`, which the caller no longer uses.
    public init(_ value: sending Value) {
        mutex = Mutex(value)
    }

    /// Runs `body` with the value while holding the lock, and returns what it returns.
    public func withLock<Result: ~Copyable, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        let address = Unmanaged.passUnretained(self).toOpaque()
        return try mutex.withLock { (value: inout sending Value) throws(E) -> sending Result in
            clocking_did_acquire(address)
            defer { clocking_will_release(address) }
            return try body(&value)
        }
    }
}
