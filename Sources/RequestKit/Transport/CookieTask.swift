/// A read or change of a client's cookie jar, carried out on the transport thread.
struct CookieTask: Sendable {
    /// What to do with the jar.
    enum Kind: Sendable {
        /// Read every cookie.
        case list
        /// Forget every cookie.
        case clear
        /// Add cookies given as Netscape cookie-file lines (a cookie with the same domain, path and name is replaced).
        case load([String])
    }

    /// What to do.
    var kind: Kind
    /// Called on the transport thread with the jar's cookies after the task, as Netscape cookie-file lines.
    var reply: @Sendable ([String]) -> Void
}
