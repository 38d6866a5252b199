import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a program in curlew's own process group, so it can use the terminal curlew has handed over, and waits for it.
///
/// Foundation's `Process` starts children in a process group of their own, which the terminal treats as a
/// background job: an editor reading the keyboard would be stopped at once by SIGTTIN.
enum ForegroundProcess {
    /// Why the program did not run to an exit status.
    struct Failure: Error {
        /// The system's reason.
        var reason: String
    }

    /// Runs `arguments[0]` with `arguments` and this process's environment, signals back at their defaults;
    /// returns the exit status (128 + the signal number when a signal ended it).
    static func run(_ arguments: [String]) -> Result<Int32, Failure> {
        guard let program = arguments.first else { return .failure(Failure(reason: "no program given")) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        ChildSignals.configure(&attributes, ownGroup: false)

        let cStrings = arguments.map { strdup($0) }
        defer { cStrings.forEach { free($0) } }
        var argv = cStrings + [nil]
        var pid: pid_t = 0
        let started = argv.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return EINVAL }
            return posix_spawn(&pid, program, nil, &attributes, base, environ)
        }
        guard started == 0 else { return .failure(Failure(reason: String(cString: strerror(started)))) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return .failure(Failure(reason: String(cString: strerror(errno)))) }
        }
        let signal = status & 0x7f
        return .success(signal == 0 ? (status >> 8) & 0xff : 128 + signal)
    }
}
