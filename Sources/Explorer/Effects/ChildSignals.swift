#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a child the app starts gets of signals: none blocked, and the ones the app handles back at their defaults.
enum ChildSignals {
    /// The signals the app catches or ignores, which a child must not inherit that way.
    static let handledByTheApp = [SIGINT, SIGQUIT, SIGTSTP, SIGTTIN, SIGTTOU, SIGPIPE, SIGWINCH, SIGTERM, SIGHUP]

    /// Sets the signal mask and defaults of `attributes`, and a process group of its own when `ownGroup`.
    static func configure(_ attributes: inout posix_spawnattr_t, ownGroup: Bool) {
        var noneBlocked = sigset_t()
        sigemptyset(&noneBlocked)
        posix_spawnattr_setsigmask(&attributes, &noneBlocked)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in handledByTheApp { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        if ownGroup {
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= POSIX_SPAWN_SETPGROUP
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))
    }
}
