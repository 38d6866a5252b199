import Foundation
import Testing
import TestSupport

/// The app on a terminal whose type cannot draw a screen: it says what is wrong, names TERM, and exits 1
/// without leaving a blank screen.
@Suite struct AppTerminalTypeTests {
    /// Starts the app in a pseudo-terminal with `TERM` set to `term`, in a data folder of its own.
    private func app(term: String) throws -> LiveProcess {
        let folder = TemporaryFolder.path("curlew-term")
        let command = "stty -onlcr; TERM=\(term) exec '\(ProcessRunner.curlewPath)' --data-dir '\(folder)'"
        return try LiveProcess("/usr/bin/script", ["-qfec", command, "/dev/null"])
    }

    @Test(arguments: ["dumb"])
    func aTerminalThatCannotMoveTheCursorIsRefusedNamingTERM(term: String) async throws {
        let result = try await app(term: term).finish()
        #expect(result.status == 1, "\(result.output)")
        #expect(result.output.contains("the terminal type \"\(term)\" (from TERM) cannot move the cursor"), "\(result.output)")
        #expect(result.output.contains("TERM=xterm-256color"))
    }

    @Test func anUnknownTerminalTypeIsRefusedNamingTERM() async throws {
        let result = try await app(term: "no-such-terminal-9").finish()
        #expect(result.status == 1, "\(result.output)")
        #expect(result.output.contains("\"no-such-terminal-9\" (from TERM) is unknown to ncurses"), "\(result.output)")
    }
}
