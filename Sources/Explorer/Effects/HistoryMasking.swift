import Foundation
import RequestKit
import RequestStore

/// What the history masks in one exchange of the app: the secret values in force when the request was built,
/// with the variable each came from, so that the entry keeps `{{name}}` where a secret variable was used.
public struct HistoryMasking: Hashable, Sendable {
    /// Every value to store as `[redacted]`: secret variables, `{{$env.NAME}}` values, secrets typed for this send.
    public var secrets: [String]
    /// The variable each secret value came from (value to name).
    public var secretVariables: [String: String]

    /// Creates a masking from its parts.
    public init(secrets: [String] = [], secretVariables: [String: String] = [:]) {
        self.secrets = secrets
        self.secretVariables = secretVariables
    }

    /// The masking of a send: the secret variables of the scope as it is now (the active environment and the
    /// collection's variables as last switched or saved), the process values of the `{{$env.NAME}}` that
    /// `templates` name, and every value typed into the secret prompt for this send.
    public static func forSend(scope: VariableScope, templates: [String], typed: [String]) -> HistoryMasking {
        let typedValues = typed.filter { !$0.isEmpty }
        return HistoryMasking(secrets: scope.secretValues(referencedIn: templates) + typedValues,
                              secretVariables: scope.secretVariables(referencedIn: templates))
    }

    /// Records a finished exchange of the app in `store` with this masking; nil for a request that could not be
    /// built (nothing was sent), an error when the history cannot be written.
    public func record(
        _ request: Request, result: Result<Response, SendFailure>, events: [TimedServerSentEvent] = [], in store: HistoryStore
    ) throws(StoreError) -> HistoryEntry? {
        guard let prepared = try? request.prepared() else { return nil }
        var exchange: HistoryExchange
        switch result {
        case .success(let response):
            exchange = HistoryExchange(prepared: prepared, response: response, source: "app", secrets: secrets, secretVariables: secretVariables)
        case .failure(let failure):
            exchange = HistoryExchange(prepared: prepared, response: nil, error: failure.message, source: "app", secrets: secrets, secretVariables: secretVariables)
        }
        exchange.events = events
        return try store.record(exchange)
    }
}
