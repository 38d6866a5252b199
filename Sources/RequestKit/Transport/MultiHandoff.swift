import Locking

/// The multi handle on its way from the client that made it to the transport thread, the only one that uses it.
final class MultiHandoff: Sendable {
    private let slot: Locked<UnsafeMutableRawPointer?>

    /// Holds a handle just made, which the caller no longer uses.
    init(_ multi: sending UnsafeMutableRawPointer) {
        slot = Locked(multi)
    }

    /// Takes the handle out, once; nil after that.
    func take() -> UnsafeMutableRawPointer? {
        slot.withLock { slot in
            let multi = slot
            slot = nil
            return multi
        }
    }
}
