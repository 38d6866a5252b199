/// Lets one sign-in that needs a person run at a time in a process, so that requests sent side by side with the same
/// block ask once and the others take the token the first one cached.
actor OAuth2SignInQueue {
    /// The queue every authorizer of the process shares.
    static let shared = OAuth2SignInQueue()

    /// Whether a sign-in holds the queue.
    private var busy = false
    /// The sign-ins waiting, in order.
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// Waits for the queue to be free and takes it.
    func acquire() async {
        guard busy else {
            busy = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Hands the queue to the next sign-in waiting, or frees it.
    func release() {
        if waiting.isEmpty {
            busy = false
        } else {
            waiting.removeFirst().resume()
        }
    }
}
