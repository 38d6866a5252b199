import CommandLineArguments
import Foundation
import RequestKit
import RequestStore

/// Records the exchanges of `curlew send` in the history, unless `--no-history` was given.
struct SendHistory {
    /// The history, or nil when recording is off.
    let store: HistoryStore?
    /// Where the request came from and which values are secret.
    let variables: SendVariables?

    /// The environment chosen with `--env`, recorded with a request sent from a collection.
    let environment: String?

    /// Creates a recorder for the options given.
    init(options: SendStoreOptions, variables: SendVariables?) {
        store = options.noHistory ? nil : HistoryStore(paths: options.paths)
        self.variables = variables
        environment = options.environment
    }

    /// Records one exchange; a failure to record is a warning, never a failed request.
    func record(_ prepared: PreparedRequest, response: Response?, error: String?, events: [TimedServerSentEvent] = []) {
        guard let store else { return }
        var exchange = HistoryExchange(
            prepared: prepared, response: response, error: error, source: variables?.source,
            secrets: variables?.secretValues ?? [], secretVariables: variables?.secretVariables ?? [:])
        exchange.events = events
        if let file = variables?.collectionFile {
            exchange.collection = URL(fileURLWithPath: file).standardizedFileURL.path
            exchange.environment = environment
        }
        do {
            try store.record(exchange)
        } catch {
            StandardStreams.writeError("curlew: warning: the exchange was not recorded in the history: \(error)\n")
        }
    }
}
