import RequestKit
import RequestStore

/// A draft ready to become a request: its saved form with typed secrets filled in, the headers and auth it
/// inherits, the variables and the folder its files are read from. The send command turns it into the request, so
/// that built-ins (`{{$uuid}}`, `{{$timestamp}}`, …) take their values there and `update` stays pure.
public struct RequestRecipe: Sendable {
    /// The request as saved, secrets filled in.
    public var saved: SavedRequest
    /// The headers in force: inherited ones, then the request's own.
    public var headers: [KeyValueRow]
    /// The auth in force, inherited when the request's own is `inherit`.
    public var auth: SavedAuth
    /// The variables its templates read, with the sources of the built-ins.
    public var scope: VariableScope
    /// The folder relative file paths start from.
    public var baseDirectory: String?

    /// Creates a recipe from its parts.
    public init(saved: SavedRequest, headers: [KeyValueRow], auth: SavedAuth, scope: VariableScope, baseDirectory: String?) {
        self.saved = saved
        self.headers = headers
        self.auth = auth
        self.scope = scope
        self.baseDirectory = baseDirectory
    }

    /// The request, its built-ins drawn from the scope's sources (the clock, new UUIDs): for a command, not `update`.
    public func request() throws(SendFailure) -> Request {
        try request(builtins: scope.builtins)
    }

    /// Throws what building the request would throw, with built-ins that read no clock and draw no random value.
    public func check() throws(SendFailure) {
        _ = try request(builtins: .constant())
    }

    /// The request with built-ins from `builtins`.
    private func request(builtins: BuiltinValues) throws(SendFailure) -> Request {
        var scope = scope
        scope.builtins = builtins
        do {
            return try RequestConversion.makeRequest(saved, headers: headers, auth: auth, scope: scope, baseDirectory: baseDirectory)
        } catch {
            throw SendFailure(error.description)
        }
    }
}
