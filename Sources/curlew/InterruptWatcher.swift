import Dispatch
import Foundation

/// Turns Ctrl+C (SIGINT) into a call, while it is installed, instead of ending the process.
final class InterruptWatcher {
    private let source: any DispatchSourceSignal

    /// Starts watching; `onInterrupt` runs on a background queue for each SIGINT.
    init(onInterrupt: @escaping @Sendable () -> Void) {
        signal(SIGINT, SIG_IGN)
        source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler(handler: onInterrupt)
        source.resume()
    }

    /// Stops watching; SIGINT ends the process again.
    func cancel() {
        source.cancel()
        signal(SIGINT, SIG_DFL)
    }
}
