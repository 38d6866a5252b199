import Explorer
import Foundation
import Testing
import TUICore
import TestSupport

/// `settings.json`: reading, writing, refusing bad files, and the theme picked in the palette being remembered.
@Suite("Settings")
struct SettingsTests {
    static func tempPath() throws -> String {
        let folder = TemporaryFolder.path("curlew-settings")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder + "/config/settings.json"
    }

    @Test("no file means no settings; a written file reads back")
    func roundTrip() throws {
        let path = try Self.tempPath()
        #expect(try SettingsFile.read(from: path) == AppSettings())
        try SettingsFile.write(AppSettings(theme: "solarized-dark"), to: path)
        #expect(try SettingsFile.read(from: path) == AppSettings(theme: "solarized-dark"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "{\n  \"theme\": \"solarized-dark\"\n}\n")
    }

    @Test("maxFileSize reads a size with a suffix or a number of bytes and writes back as bytes")
    func maxFileSize() throws {
        let path = try Self.tempPath()
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data("{\"maxFileSize\": \"500M\"}".utf8).write(to: URL(fileURLWithPath: path))
        #expect(try SettingsFile.read(from: path).maxFileSize == 500 << 20)
        try SettingsFile.write(AppSettings(maxFileSize: 1000), to: path)
        #expect(try SettingsFile.read(from: path) == AppSettings(maxFileSize: 1000))
    }

    @Test("largeBodyThreshold reads a size with a suffix or a number of bytes and writes back as bytes")
    func largeBodyThreshold() throws {
        let path = try Self.tempPath()
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data("{\"largeBodyThreshold\": \"200M\", \"maxFileSize\": \"2G\"}".utf8).write(to: URL(fileURLWithPath: path))
        #expect(try SettingsFile.read(from: path) == AppSettings(maxFileSize: 2 << 30, largeBodyThreshold: 200 << 20))
        try SettingsFile.write(AppSettings(largeBodyThreshold: 1 << 20), to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "{\n  \"largeBodyThreshold\": 1048576\n}\n")
        #expect(try SettingsFile.read(from: path) == AppSettings(largeBodyThreshold: 1 << 20))
    }

    @Test("allowEnv and fileRoot read back as written, ~ expanded")
    func trustSettings() throws {
        let path = try Self.tempPath()
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data("{\"allowEnv\": [\"API_TOKEN\", \"AWS_REGION\"], \"fileRoot\": \"~/api\"}".utf8).write(to: URL(fileURLWithPath: path))
        let settings = try SettingsFile.read(from: path)
        #expect(settings.allowedEnvironment == ["API_TOKEN", "AWS_REGION"])
        #expect(settings.fileRoot == NSString(string: "~/api").expandingTildeInPath)
        try SettingsFile.write(settings, to: path)
        #expect(try SettingsFile.read(from: path) == settings)
    }

    @Test("bad files are refused with the path and what is wrong", arguments: [
        ("{\"theme\": ", "not valid JSON"), ("[]", "must hold a JSON object"), ("{\"theme\": true}", "must be a string"),
        ("{\"them\": \"light\"}", "unknown key \"them\"; known keys: allowEnv, fileRoot, largeBodyThreshold, maxFileSize, requestSplit, sidebarWidth, theme"), ("{\"theme\": \"a\",}", "not valid JSON"),
        ("{\"maxFileSize\": \"9999999999999G\"}", "\"maxFileSize\": '9999999999999G' is out of range"),
        ("{\"maxFileSize\": 1e300}", "\"maxFileSize\": '1e300' is not a size"), ("{\"maxFileSize\": true}", "must be a size"),
        ("{\"largeBodyThreshold\": \"512k\"}", "\"largeBodyThreshold\": '512k' is out of range: the threshold goes from 1M to 64G"),
        ("{\"largeBodyThreshold\": \"65G\"}", "\"largeBodyThreshold\": '65G' is out of range: the threshold goes from 1M to 64G"),
        ("{\"largeBodyThreshold\": \"100MB\"}", "\"largeBodyThreshold\": '100MB' is not a size"),
        ("{\"largeBodyThreshold\": -5}", "\"largeBodyThreshold\": '-5' is not a size"),
        ("{\"largeBodyThreshold\": [100]}", "\"largeBodyThreshold\" must be a size such as \"200M\""),
        ("{\"allowEnv\": \"API_TOKEN\"}", "\"allowEnv\" must list environment variable names"),
        ("{\"allowEnv\": [\"A-B\"]}", "\"allowEnv\" must list environment variable names"),
        ("{\"fileRoot\": \"\"}", "\"fileRoot\" must be the path of a folder"),
    ])
    func badFiles(text: String, problem: String) throws {
        let path = try Self.tempPath()
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        do {
            _ = try SettingsFile.read(from: path)
            Issue.record("\(text) was accepted")
        } catch {
            #expect(error.message.contains(path))
            #expect(error.message.contains(problem))
        }
    }

    @Test("a theme chosen in the palette becomes the default in settings.json")
    func paletteRemembersTheme() async throws {
        let path = try Self.tempPath()
        var app = AppHarness(settingsPath: path)
        app.state.themes = [.dark, .monochrome]
        app.press("ctrl+p")
        app.type("theme: mono")
        app.press("enter")
        #expect(app.state.themeName == "monochrome")
        await app.runPerformed()
        #expect(try SettingsFile.read(from: path).theme == "monochrome")
        #expect(app.state.notice?.contains("now the default") == true)
    }

    @Test("the catalog arriving after the first frame keeps the theme in use and lists them all")
    func catalogAdopted() {
        var state = AppState(themes: [.monochrome], themeName: "monochrome")
        state.adopt(themes: [.dark])
        #expect(state.themes.map(\.name) == ["dark", "monochrome"])
        #expect(state.theme.name == "monochrome")
    }
}
