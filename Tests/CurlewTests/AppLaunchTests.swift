import Foundation
import Testing

/// Starting the app with bad settings, themes or options fails before the screen is touched, with a message saying what to fix.
@Suite("Starting the app")
struct AppLaunchTests {
    /// A config folder holding `settings.json` with `text`, and a data folder, in a fresh temporary folder.
    static func folders(settings text: String?) throws -> (environment: [String: String], config: String) {
        let root = try LoopbackServers.temporaryDirectory() + "/launch-\(UUID().uuidString)"
        let config = root + "/config/curlew"
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        if let text { try Data(text.utf8).write(to: URL(fileURLWithPath: config + "/settings.json")) }
        return (["XDG_CONFIG_HOME": root + "/config", "CURLEW_HOME": root + "/data"], config)
    }

    @Test("settings.json that is not JSON stops the start with its path and the way out", arguments: ["{\"theme\": ", "[1, 2]", "{\"theme\": 3}", "{\"colour\": \"red\"}"])
    func badSettings(text: String) async throws {
        let (environment, config) = try Self.folders(settings: text)
        let result = try await ProcessRunner.curlew([], environment: environment)
        #expect(result.status == 2)
        #expect(result.errorOutput.contains(config + "/settings.json"))
        #expect(result.output.isEmpty)
    }

    @Test("a largeBodyThreshold that is not a size in range stops the start with the key and the range", arguments: [
        ("{\"largeBodyThreshold\": \"10k\"}", "\"largeBodyThreshold\": '10k' is out of range: the threshold goes from 1M to 64G"),
        ("{\"largeBodyThreshold\": \"lots\"}", "\"largeBodyThreshold\": 'lots' is not a size"),
    ])
    func badLargeBodyThreshold(text: String, problem: String) async throws {
        let (environment, config) = try Self.folders(settings: text)
        let result = try await ProcessRunner.curlew([], environment: environment)
        #expect(result.status == 2)
        #expect(result.errorOutput.contains(config + "/settings.json: " + problem))
    }

    @Test("the start removes body files left in bodies/ by an app that ended, and keeps those of running ones")
    func leftoverBodyFilesAreRemoved() async throws {
        let (environment, _) = try Self.folders(settings: "{\"largeBodyThreshold\": \"200M\"}")
        let bodies = try #require(environment["CURLEW_HOME"]) + "/bodies"
        try FileManager.default.createDirectory(atPath: bodies, withIntermediateDirectories: true)
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        let names = ["curlew-body-\(ended.processIdentifier)-AbCdEf", "curlew-body-\(getpid())-GhIjKl", "notes.txt"]
        for name in names { try Data("x".utf8).write(to: URL(fileURLWithPath: bodies + "/" + name)) }
        let result = try await ProcessRunner.curlew([], environment: environment)
        #expect(result.status == 1, "without a terminal the start stops after reading good settings")
        #expect(try FileManager.default.contentsOfDirectory(atPath: bodies).sorted() == names.dropFirst().sorted())
    }

    @Test("an unknown --theme lists the themes there are")
    func unknownTheme() async throws {
        let (environment, _) = try Self.folders(settings: nil)
        let result = try await ProcessRunner.curlew(["--theme", "no-such-theme"], environment: environment)
        #expect(result.status == 2)
        #expect(result.errorOutput.contains("no theme named 'no-such-theme'"))
        #expect(result.errorOutput.contains("solarized-dark"))
        #expect(result.errorOutput.contains("monochrome"))
    }

    @Test("without a terminal the app says it needs one, after reading good settings")
    func goodSettingsNoTerminal() async throws {
        let (environment, _) = try Self.folders(settings: "{\"theme\": \"light\"}")
        let result = try await ProcessRunner.curlew([], environment: environment)
        #expect(result.status == 1)
        #expect(!result.errorOutput.contains("settings.json"))
        #expect(!result.errorOutput.isEmpty)
    }

    @Test("--var NAME=VALUE is read (the start goes on to need a terminal); a --var without = is a usage error")
    func commandLineVariables() async throws {
        let (environment, _) = try Self.folders(settings: nil)
        let accepted = try await ProcessRunner.curlew(["--var", "token=abc", "--var=host=h=1"], environment: environment)
        #expect(accepted.status == 1, "\(accepted.errorOutput)")
        #expect(!accepted.errorOutput.contains("unknown option"))
        let refused = try await ProcessRunner.curlew(["--var", "token"], environment: environment)
        #expect(refused.status == 2)
        #expect(refused.errorOutput.contains("--var needs NAME=VALUE, not 'token'"))
    }

    @Test("--version names curlew and the libcurl it sends through")
    func version() async throws {
        let result = try await ProcessRunner.curlew(["--version"])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("curlew "))
        #expect(result.output.contains("libcurl/"))
    }
}
