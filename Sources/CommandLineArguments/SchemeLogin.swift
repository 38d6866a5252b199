/// The user and password given with an authentication scheme's own flag, and an AWS session token.
package struct SchemeLogin: Hashable, Sendable {
    /// The user (the access key for AWS SigV4).
    package var user: String
    /// The password (the secret key for AWS SigV4).
    package var password: String
    /// The session token of temporary AWS credentials.
    package var sessionToken: String?
    /// Whether it came from `--aws-credentials`.
    package var isAWS = false

    /// Reads `USER:PASSWORD` written onto `option`.
    static func user(_ text: String, option: String) throws(UsageError) -> SchemeLogin {
        guard let colon = text.firstIndex(of: ":") else { throw UsageError(message: "\(option)= needs USER:PASSWORD, not '\(text)'") }
        return SchemeLogin(user: String(text[..<colon]), password: String(text[text.index(after: colon)...]))
    }

    /// Reads `KEY:SECRET[:SESSION]`; the secret key has no `:` (AWS's never do), the session token may.
    static func aws(_ text: String) throws(UsageError) -> SchemeLogin {
        let parts = text.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 2, !parts[0].isEmpty, !parts[1].isEmpty else {
            throw UsageError(message: "--aws-credentials needs ACCESS_KEY:SECRET_KEY[:SESSION_TOKEN], not '\(parts[0]):…'")
        }
        let token = parts.count == 3 && !parts[2].isEmpty ? parts[2] : nil
        return SchemeLogin(user: parts[0], password: parts[1], sessionToken: token, isAWS: true)
    }
}
