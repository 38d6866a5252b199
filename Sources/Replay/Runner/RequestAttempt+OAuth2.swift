import Foundation
import RequestKit
import RequestStore

extension RequestAttempt {
    /// The tokens kept for runs without a cache file, for the life of the process.
    static let memoryTokens = OAuth2MemoryTokenStore()

    /// The authorizer of the run's oauth2 requests: the run's client, its cache, keyed by the step's collection file.
    var authorizer: OAuth2Authorizer {
        let store: any OAuth2TokenStore = options.oauth2CacheFile.map { OAuth2TokenCacheFile(path: $0) } ?? Self.memoryTokens
        let collection = step.collectionFile.map { path in
            ((path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path) as NSString).standardizingPath
        } ?? step.collectionName
        return OAuth2Authorizer(client: client, store: store, collection: collection, environment: options.oauth2Environment, interaction: oauth2SignIn)
    }

    /// Whether the step's effective auth is oauth2, whose token is got (awaited) before the request is handed over.
    var usesOAuth2: Bool {
        if case .oauth2 = step.auth { return true }
        return false
    }

    /// The step's oauth2 block with its variables resolved in the attempt's scope, or nil when it does not resolve
    /// (making the request then reports why).
    func resolvedOAuth2() -> (OAuth2Settings, RequestOptions)? {
        guard usesOAuth2,
              let made = try? RequestConversion.makeRequest(step.request, headers: step.headers, auth: step.auth, scope: scope, baseDirectory: step.baseDirectory),
              let settings = made.oauth2 else { return nil }
        return (settings, made.options)
    }

    /// The attempt's result when no token could be got.
    func tokenFailure(_ error: OAuth2Error, attempt: Int) -> Attempted {
        var result = RunResult(
            entry: entry, name: step.name, path: step.path, collectionName: step.collectionName, origin: step.origin,
            dataRow: row?.number, method: step.request.method.rawValue, url: step.request.url, attempts: attempt)
        result.error = Redaction(secrets: scope.secretValues(referencedIn: templates) + capturedSecrets).text(error.message)
        return Attempted(outcome: Outcome(result: result, captured: [], warnings: [], cancelled: error == .cancelled), isFinal: true)
    }
}
