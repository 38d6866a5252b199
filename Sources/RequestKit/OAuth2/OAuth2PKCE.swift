import Foundation

/// A PKCE pair (RFC 7636): a random code verifier and its S256 challenge.
public struct OAuth2PKCE: Hashable, Sendable {
    /// The verifier sent with the code to the token endpoint.
    public let verifier: String
    /// `BASE64URL(SHA256(verifier))`, sent with the authorization request.
    public let challenge: String

    /// The pair for a given verifier; throws when libcrypto cannot be loaded.
    public init(verifier: String) throws(OAuth2Error) {
        guard let digest = Digest.sha256(Array(verifier.utf8)) else {
            throw .invalidSettings("PKCE needs SHA-256 from OpenSSL's libcrypto, which could not be loaded; install libssl3")
        }
        self.verifier = verifier
        self.challenge = Self.base64URL(digest)
    }

    /// A pair with a verifier of 32 random bytes (43 characters).
    public static func random() throws(OAuth2Error) -> OAuth2PKCE {
        try OAuth2PKCE(verifier: randomText(bytes: 32))
    }

    /// `bytes` random bytes as unpadded base64url, for verifiers and `state`.
    public static func randomText(bytes: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return base64URL((0..<bytes).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }

    /// Unpadded base64url (RFC 4648 §5).
    static func base64URL(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }
}
