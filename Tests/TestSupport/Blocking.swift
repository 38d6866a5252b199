import Foundation

/// Runs blocking work (starting servers, waiting for processes) on its own thread, so the
/// cooperative thread pool that every test shares is never held up by it.
public enum Blocking {
    /// The result of `work`, computed on a new thread.
    public static func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try work() }) }.start()
        }
    }
}
