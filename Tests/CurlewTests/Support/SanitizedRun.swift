import Foundation

/// The sanitizer the suite runs under, as `make test-sanitized` names it in `CURLEW_SANITIZER`.
enum SanitizedRun {
    /// `thread` or `address` under `make test-sanitized`, nil in a plain run.
    static var sanitizer: String? {
        ProcessInfo.processInfo.environment["CURLEW_SANITIZER"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Whether a process's peak memory says anything about curlew: a sanitizer's shadow memory and (ASan) its
    /// quarantine of freed blocks grow with every allocation, so the bounds are checked in plain runs only.
    static var measuresMemory: Bool { sanitizer == nil }
}
