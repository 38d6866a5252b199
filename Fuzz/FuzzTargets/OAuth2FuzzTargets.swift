import Foundation
import RequestKit

/// Requests anything on this machine can send to the code grant's loopback redirect.
enum OAuth2FuzzTargets {
    /// The OAuth 2.0 targets.
    static let all: [FuzzTarget] = [
        FuzzTarget("oauth2-callback", seeds: ["Tests/Fuzz/seeds/oauth2-callback"]) { data throws(FuzzViolation) in
            // The bytes are a request head. Whatever they hold, at most the field limit is read, a request for
            // another path or method gives nothing, and reading the same head twice gives the same fields.
            let head = String(decoding: data, as: UTF8.self)
            let fields = OAuth2CallbackRequest.fields(ofHead: head, path: "/callback")
            try FuzzViolation.require(fields == OAuth2CallbackRequest.fields(ofHead: head, path: "/callback"), "two readings differ")
            guard let fields else { return }
            try FuzzViolation.require(fields.count <= OAuth2CallbackRequest.maximumFields, "\(fields.count) fields, past the limit")
            try FuzzViolation.require(head.hasPrefix("GET /callback"), "a request that is not GET /callback gave fields")
            try FuzzViolation.require(OAuth2CallbackRequest.fields(ofHead: head, path: "/other") == nil, "another path gave fields")
        },
    ]
}
