import Foundation
import RequestKit
import RequestStore

/// What `curlew auth status` shows of a cached token: where it belongs, its grant, expiry and scope, never its value.
struct OAuth2TokenListing: Codable, Hashable {
    /// The collection file, `~` for the home folder; `(command line)` for none.
    var collection: String
    /// The environment, or empty.
    var environment: String
    /// The grant it was got with.
    var grant: String
    /// When it expires (ISO 8601), or nil when the provider did not say.
    var expiresAt: String?
    /// "valid for 52 min", "expired", or "no expiry".
    var state: String
    /// Whether a refresh token is kept with it.
    var refreshable: Bool
    /// The scope granted (or asked for).
    var scope: String

    /// The listing of a cache entry at `now`; `home` is abbreviated as `~`.
    init(_ entry: OAuth2CachedToken, now: Date, home: String?) {
        let path = entry.key.collection
        if path.isEmpty {
            collection = "(command line)"
        } else if let home, !home.isEmpty, path.hasPrefix(home + "/") {
            collection = "~" + path.dropFirst(home.count)
        } else {
            collection = path
        }
        environment = entry.key.environment
        grant = entry.key.grant
        expiresAt = entry.token.expiresAt.map { ISO8601DateFormatter().string(from: $0) }
        state = Self.state(expiresAt: entry.token.expiresAt, now: now)
        refreshable = entry.token.refreshToken != nil
        scope = entry.token.scope ?? entry.key.requestedScope
    }

    /// "valid for 45 s", "valid for 52 min", "valid for 5 h", "valid for 3 days", "expired" or "no expiry".
    static func state(expiresAt: Date?, now: Date) -> String {
        guard let expiresAt else { return "no expiry" }
        let seconds = Int(expiresAt.timeIntervalSince(now).rounded(.down))
        switch seconds {
        case ..<1: return "expired"
        case ..<60: return "valid for \(seconds) s"
        case ..<7200: return "valid for \(seconds / 60) min"
        case ..<172_800: return "valid for \(seconds / 3600) h"
        default: return "valid for \(seconds / 86_400) days"
        }
    }

    /// The table `auth status` prints: a header and one line per token, columns padded, every text made visible.
    static func table(_ listings: [OAuth2TokenListing]) -> String {
        let header = ["COLLECTION", "ENVIRONMENT", "GRANT", "EXPIRY", "SCOPE"]
        let rows = listings.map { listing in
            [listing.collection, listing.environment.isEmpty ? "-" : listing.environment, listing.grant,
             listing.state + (listing.refreshable && listing.state == "expired" ? " (refreshable)" : ""),
             listing.scope.isEmpty ? "-" : listing.scope].map { ResponseOutput.visibleLine($0) }
        }
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { column, cell in
                column == cells.count - 1 ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }.joined(separator: "  ") + "\n"
        }
        return ([header] + rows).map(line).joined()
    }
}
