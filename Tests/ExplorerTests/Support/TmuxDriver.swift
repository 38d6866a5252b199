import Foundation
import RequestStore
import TestSupport

/// Drives the real `curlew` binary in a detached tmux session: keys in, screen text out.
///
/// Every session runs a plain bash on a private tmux socket; tests type the command line,
/// send keys, and wait for text by polling `capture-pane` until a deadline.
struct TmuxDriver {
    /// Why a step failed, with the screen at that moment.
    struct Failure: Error, CustomStringConvertible {
        /// What was expected and what the screen showed.
        var description: String
    }

    /// The tmux socket shared by the end-to-end tests.
    static let socket = "curlew-e2e-\(getpid())"

    /// The session name.
    let name: String
    /// The data folder given to curlew.
    let home: String

    /// The binary under test: `CURLEW_BINARY`, else `.build/debug/curlew` of this package.
    static func binary() throws -> String {
        if let path = ProcessInfo.processInfo.environment["CURLEW_BINARY"], !path.isEmpty { return path }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let path = root.appendingPathComponent(".build/debug/curlew").path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw Failure(description: "no curlew binary at \(path); run `swift build` first or set CURLEW_BINARY")
        }
        return path
    }

    /// Starts a 120x40 session with bash and a fresh data folder.
    init(width: Int = 120, height: Int = 40) throws {
        name = "t\(UUID().uuidString.prefix(8))"
        home = NSTemporaryDirectory() + "curlew-e2e-\(name)"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let session = ["new-session", "-d", "-s", name, "-x", "\(width)", "-y", "\(height)",
                       "env -i HOME=\(home) PATH=/usr/bin:/bin TERM=xterm-256color LANG=C.UTF-8 PS1='e2e$ '\(TmuxDriver.sanitizerSettings) bash --norc --noprofile"]
        // When the previous test closed the last session, its server may still be exiting; a new one then starts.
        var attempts = 0
        while true {
            do {
                try TmuxDriver.tmux(session)
                break
            } catch let failure as Failure where failure.description.contains("server exited unexpectedly") && attempts < 5 {
                attempts += 1
            }
        }
        _ = try waitFor("e2e$")
    }

    /// The sanitizer runtime's settings of this run (`make test-sanitized`), passed on to the clean shell, so the
    /// curlew it starts writes its reports where the others go and reads the same suppressions.
    static let sanitizerSettings: String = {
        let environment = ProcessInfo.processInfo.environment
        return ["TSAN_OPTIONS", "ASAN_OPTIONS", "CURLEW_SANITIZER", "SWIFT_BACKTRACE"].compactMap { name in
            environment[name].map { " \(name)='" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        }.joined()
    }()

    /// Types the curlew command line (with a data folder of its own, after `environment` assignments) and waits for the first frame.
    func launch(_ arguments: String = "", environment: String = "") throws {
        try type("\(environment) CURLEW_HOME=\(home) \(try TmuxDriver.binary()) \(arguments)")
        try keys("Enter")
        _ = try waitFor("Type a URL, or paste a curl command")
    }

    /// Writes a collection file into the session's data folder and returns its path, to launch curlew on.
    func writeCollection(_ collection: RequestCollection, named name: String = "api.json") throws -> String {
        let path = home + "/" + name
        _ = try CollectionFile.create(collection, at: path)
        return path
    }

    /// Sends keys in tmux notation (`Enter`, `C-r`, `M-4`, `Escape`).
    func keys(_ keys: String...) throws {
        try TmuxDriver.tmux(["send-keys", "-t", name] + keys)
    }

    /// Types text literally.
    func type(_ text: String) throws {
        try TmuxDriver.tmux(["send-keys", "-t", name, "-l", text])
    }

    /// Pastes text with bracketed paste, as a terminal does.
    func paste(_ text: String) throws {
        try TmuxDriver.tmux(["set-buffer", "-b", name, text])
        try TmuxDriver.tmux(["paste-buffer", "-p", "-d", "-b", name, "-t", name])
    }

    /// Resizes the window.
    func resize(width: Int, height: Int) throws {
        try TmuxDriver.tmux(["resize-window", "-t", name, "-x", "\(width)", "-y", "\(height)"])
    }

    /// The screen as text.
    func screen() throws -> String {
        try TmuxDriver.tmux(["capture-pane", "-p", "-t", name])
    }

    /// True while the pane shows the alternate screen.
    func alternateScreenOn() throws -> Bool {
        try TmuxDriver.tmux(["display-message", "-p", "-t", name, "#{alternate_on}"]).trimmingCharacters(in: .whitespacesAndNewlines) == "1"
    }

    /// Polls the screen until `predicate` holds or `timeout` passes; returns the last screen.
    @discardableResult
    func waitUntil(_ what: String, timeout: Double = 10, _ predicate: (String) throws -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var last = ""
        while Date() < deadline {
            last = try screen()
            if try predicate(last) { return last }
            usleep(30_000)
        }
        throw Failure(description: "timed out after \(timeout) s waiting for \(what); the screen was:\n\(last)")
    }

    /// Polls until the screen contains `text`.
    @discardableResult
    func waitFor(_ text: String, timeout: Double = 10) throws -> String {
        try waitUntil("'\(text)'", timeout: timeout) { $0.contains(text) }
    }

    /// The process ids of the programs the pane's shell is running (curlew, once launched).
    func shellChildren() throws -> [pid_t] {
        let shell = try TmuxDriver.tmux(["display-message", "-p", "-t", name, "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let children = TmuxDriver.procFile("/proc/\(shell)/task/\(shell)/children") ?? ""
        return children.split(whereSeparator: \.isWhitespace).compactMap { pid_t($0) }
    }

    /// Closes the pane as a dropped connection does: its programs get SIGHUP.
    func hangUp() throws {
        try TmuxDriver.tmux(["kill-session", "-t", name])
    }

    /// The text of a /proc file, read to its end (they report a size of 0), or nil when it cannot be opened.
    static func procFile(_ path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        return String(decoding: (try? handle.readToEnd()) ?? Data(), as: UTF8.self)
    }

    /// True while process `pid` exists and has not exited (a zombie counts as exited).
    static func isRunning(_ pid: pid_t) -> Bool {
        guard let stat = procFile("/proc/\(pid)/stat"), let close = stat.lastIndex(of: ")") else { return false }
        let state = stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).prefix(1)
        return state != "Z" && state != "X"
    }

    /// Ends the session and removes its data folder.
    func close() {
        _ = try? TmuxDriver.tmux(["kill-session", "-t", name])
        try? FileManager.default.removeItem(atPath: home)
    }

    /// Runs tmux on the tests' socket and returns its output.
    @discardableResult
    static func tmux(_ arguments: [String]) throws -> String {
        // Output goes to a file, not a pipe: the tmux server that the first command starts
        // inherits the descriptors and would keep a pipe open forever. posix_spawn and waitpid
        // are used directly so the child is reaped on this thread.
        let outputPath = TemporaryFolder.path("curlew-tmux", suffix: ".out")
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv = ["/usr/bin/env", "tmux", "-L", socket] + arguments
        var cArgs = argv.map { strdup($0) } + [nil]
        defer { for arg in cArgs { free(arg) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/usr/bin/env", &actions, nil, &cArgs, environ)
        guard spawned == 0 else { throw Failure(description: "cannot run tmux (error \(spawned))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let exitCode = (status >> 8) & 0xFF
        let data = FileManager.default.contents(atPath: outputPath) ?? Data()
        let text = String(decoding: data, as: UTF8.self)
        guard exitCode == 0 else {
            throw Failure(description: "tmux \(arguments.joined(separator: " ")) failed: \(text)")
        }
        return text
    }
}
