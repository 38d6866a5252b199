import Foundation
import RequestKit

/// The command line's sign-in for the grants that need a person: what to do is printed on stderr, the browser is
/// opened where there is a display, and Ctrl+C stops the wait.
struct TerminalSignIn: OAuth2Interaction {
    /// How long the person has to finish.
    let timeLimit: Duration

    /// Signs in, Ctrl+C cancelling the wait (the process goes on to report it).
    func signIn(_ settings: OAuth2Settings, endpoints: OAuth2Endpoints, tokens: OAuth2TokenClient, now: @escaping @Sendable () -> Date) async throws(OAuth2Error) -> OAuth2Token {
        let signIn = OAuth2SignIn(timeLimit: timeLimit, show: Self.show)
        let task = Task { () async -> Result<OAuth2Token, OAuth2Error> in
            do throws(OAuth2Error) {
                return .success(try await signIn.signIn(settings, endpoints: endpoints, tokens: tokens, now: now))
            } catch {
                return .failure(error)
            }
        }
        let watcher = InterruptWatcher { task.cancel() }
        let result = await withTaskCancellationHandler { await task.value } onCancel: { task.cancel() }
        watcher.cancel()
        return try result.get()
    }

    /// Prints a prompt on stderr; the authorization URL is also handed to `xdg-open` when a display is set.
    @Sendable static func show(_ prompt: OAuth2SignInPrompt) {
        StandardStreams.writeError(text(of: prompt))
        if case .openBrowser(let url, _) = prompt, hasDisplay(ProcessInfo.processInfo.environment) {
            openBrowser(url)
        }
    }

    /// What a prompt prints, every outside text made visible.
    static func text(of prompt: OAuth2SignInPrompt) -> String {
        func line(_ text: String) -> String { ResponseOutput.visibleLine(text) }
        switch prompt {
        case .openBrowser(let url, let redirect):
            let port = URLComponents(string: redirect)?.port.map(String.init) ?? "PORT"
            return "curlew: sign in with your browser at this address:\n\n  \(line(url))\n\n"
                + "curlew: waiting for the redirect to \(line(redirect)) (Ctrl+C stops). Over SSH, forward the port first: ssh -L \(port):127.0.0.1:\(port) HOST\n"
        case .enterCode(let uri, let code, let complete):
            var text = "curlew: to sign in, open \(line(uri)) and enter the code\n\n  \(line(code))\n\n"
            if let complete { text += "curlew: or open \(line(complete)), which carries the code\n" }
            return text + "curlew: waiting for the approval (Ctrl+C stops)\n"
        case .slowingDown(let seconds):
            return "curlew: the provider asked to poll more slowly; polling every \(seconds) s\n"
        }
    }

    /// Whether a graphical session is there to open a browser in.
    static func hasDisplay(_ environment: [String: String]) -> Bool {
        !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
    }

    /// Runs `xdg-open URL` without waiting; a missing or failing opener leaves the printed address to use.
    private static func openBrowser(_ url: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xdg-open", url]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try? process.run()
    }
}
