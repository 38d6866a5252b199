import RequestKit
import RequestStore

extension SettingNames {
    /// The names the app gives settings in messages: the request's Options tab and the user's settings.json; the
    /// app has no client certificate, idle limit or output file, so messages leave those out.
    public static let app = SettingNames([
        .timeout: "the Timeout field of the Options tab", .caFile: "the CA file field of the Options tab",
        .verifyTLS: "Verify TLS in the Options tab", .proxy: "the Proxy field of the Options tab",
        .maxResponseSize: "\"maxFileSize\" in settings.json",
    ])
}

extension CookieJarError {
    /// What is wrong with a jar file and what to do about it in the app (fix the file, or clear the jar).
    var inApp: String {
        switch self {
        case .malformed:
            return problem + "\nFix or delete those lines, or clear the jar from the palette (Cookies: clear the jar)."
        case .tooLarge, .tooManyCookies, .notText:
            return problem + " Clear the jar from the palette (Cookies: clear the jar), or delete the file."
        case .store:
            return problem
        }
    }
}
