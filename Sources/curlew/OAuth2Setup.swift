import Foundation
import RequestKit
import RequestStore

/// The CLI's OAuth 2.0 wiring: the authorizer with the data folder's token cache, keyed by the collection file
/// and environment, and what it prints.
enum OAuth2Setup {
    /// The exit status when no token could be got.
    static let exitStatus: Int32 = 4

    /// The cache key's collection part for a collection file: its absolute, standardized path; empty for none.
    static func collectionKey(_ path: String?) -> String {
        guard let path, !path.isEmpty else { return "" }
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return (absolute as NSString).standardizingPath
    }

    /// An authorizer sending its token requests through `client`, caching tokens in the data folder, signing a person
    /// in on the terminal within `signInSeconds`.
    static func authorizer(client: Client, paths: StorePaths, collection: String?, environment: String?, signInSeconds: Int) -> OAuth2Authorizer {
        OAuth2Authorizer(
            client: client, store: OAuth2TokenCacheFile(paths: paths), collection: collectionKey(collection),
            environment: environment ?? "", interaction: TerminalSignIn(timeLimit: .seconds(signInSeconds)))
    }

    /// The exit status for a token that could not be got: 130 when the sign-in was stopped with Ctrl+C.
    static func exitStatus(for error: OAuth2Error) -> Int32 {
        error == .cancelled ? 130 : exitStatus
    }

    /// The line printed for a token that could not be got.
    static func failureLine(_ error: OAuth2Error) -> String {
        "curlew: \(ResponseOutput.visibleLine(error.message))\n"
    }
}
