extension Client {
    /// The client the seed-style calls use when none is made by hand: `Client.shared.get(url)`.
    public static let shared = Client()

    /// A bearer token the convenience methods (`get`, `post`, `request`, `getJSON`, …) send as
    /// `Authorization: Bearer …` on every request that names no other credentials; nil for none.
    /// `send(prepared:options:)` is not affected. Safe to read and change from any thread.
    public var token: String? {
        get { tokenStorage.withLock { $0 } }
        set { tokenStorage.withLock { $0 = newValue } }
    }
}
