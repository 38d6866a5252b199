import Foundation
import RequestKit

/// The OAuth 2.0 token cache in the data folder (`oauth2-tokens.json`, mode 0600): one entry per collection,
/// environment and auth block, read and written whole on each change.
public struct OAuth2TokenCacheFile: OAuth2TokenStore {
    /// The most bytes the cache file may have before it is taken as damaged and ignored.
    static let maximumBytes = 4 << 20
    /// The most entries kept; the oldest-expiring go first past it.
    static let maximumEntries = 500

    /// The file's path.
    public let path: String

    /// A cache at `path`.
    public init(path: String) {
        self.path = path
    }

    /// The cache in a data folder.
    public init(paths: StorePaths) {
        self.init(path: paths.dataDirectory + "/oauth2-tokens.json")
    }

    /// Every cached entry; an unreadable or damaged file reads as empty (it only costs a new token).
    public func entries() -> [OAuth2CachedToken] {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              let size = attributes[.size] as? Int, size <= Self.maximumBytes,
              let data = FileManager.default.contents(atPath: path),
              let file = try? CanonicalJSON.decode(OAuth2CacheDocument.self, from: data, file: path) else { return [] }
        return Array(file.tokens.prefix(Self.maximumEntries))
    }

    /// Replaces every entry.
    public func write(_ entries: [OAuth2CachedToken]) throws(StoreError) {
        let kept = Array(entries.sorted { ($0.token.expiresAt ?? .distantFuture) > ($1.token.expiresAt ?? .distantFuture) }.prefix(Self.maximumEntries))
        let folder = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let data: Data
        do { data = try CanonicalJSON.encode(OAuth2CacheDocument(tokens: kept)) } catch { return }
        try AtomicFile.write(data, to: path, permissions: 0o600)
    }

    /// The token kept for a key, if any.
    public func token(for key: OAuth2CacheKey) -> OAuth2Token? {
        entries().first { $0.key == key }?.token
    }

    /// Keeps a token for a key; a cache that cannot be written leaves the token for this process only.
    public func store(_ token: OAuth2Token, for key: OAuth2CacheKey) {
        var all = entries().filter { $0.key != key }
        all.append(OAuth2CachedToken(key: key, token: token))
        try? write(all)
    }

    /// Forgets the token kept for a key.
    public func forget(_ key: OAuth2CacheKey) {
        let all = entries()
        if all.contains(where: { $0.key == key }) { try? write(all.filter { $0.key != key }) }
    }

    /// Forgets every token of a collection (its path as given to the authorizer), or all of them for nil; returns how many.
    @discardableResult
    public func forgetAll(collection: String?) throws(StoreError) -> Int {
        let all = entries()
        let kept = all.filter { entry in collection.map { entry.key.collection != $0 } ?? false }
        if kept.count != all.count { try write(kept) }
        return all.count - kept.count
    }
}

/// One cached token and what it was got for.
public struct OAuth2CachedToken: Hashable, Sendable, Codable {
    /// The collection, environment and block the token belongs to.
    public var key: OAuth2CacheKey
    /// The token.
    public var token: OAuth2Token
}

/// The cache file's document: `{"tokens": [...]}`.
struct OAuth2CacheDocument: Codable {
    /// The entries.
    var tokens: [OAuth2CachedToken]
}
