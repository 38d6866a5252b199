/// `--sign-in-timeout SECONDS` of `send` and `run`: how long an OAuth 2.0 sign-in (browser or device code) may take.
package enum SignInTimeoutOption {
    /// The default, in seconds.
    package static let defaultSeconds = 300
    /// The accepted range, in seconds: up to a day.
    package static let range = 1...86_400

    /// The option's entry in the command tables.
    package static let spec = OptionSpec.value(
        "--sign-in-timeout", "SECONDS", .text,
        "How long an OAuth 2.0 sign-in in the browser or with a device code may take before curlew gives up (default 300, at most 86400).")

    /// The seconds given to `--sign-in-timeout`, checked.
    package static func value(_ text: String) throws(UsageError) -> Int {
        guard text.count <= 6, text.allSatisfy({ $0.isASCII && $0.isNumber }), let seconds = Int(text), range.contains(seconds) else {
            throw UsageError(message: "--sign-in-timeout needs a whole number of seconds from 1 to \(range.upperBound), not '\(text)'")
        }
        return seconds
    }
}
