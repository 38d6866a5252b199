/// What a person must do to finish a sign-in, for the front end to show.
public enum OAuth2SignInPrompt: Hashable, Sendable {
    /// Open the authorization URL in a browser; the redirect comes back to `redirectURI`.
    case openBrowser(url: String, redirectURI: String)
    /// Go to `verificationURI` (or straight to `complete`, which carries the code) and enter `userCode`.
    case enterCode(verificationURI: String, userCode: String, complete: String?)
    /// The provider asked to poll more slowly; polls now wait `seconds`.
    case slowingDown(seconds: Int)
}
