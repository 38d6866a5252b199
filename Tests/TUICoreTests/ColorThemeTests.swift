import Foundation
import Testing
import TUICore

@Suite("Colors and themes")
struct ColorThemeTests {
    @Test(arguments: [
        ("#ff0000", Color.rgb(255, 0, 0)), ("#0f0", Color.rgb(0, 255, 0)), ("red", Color.red),
        ("bright-blue", Color.ansi(.brightBlue)), ("brightBlue", Color.ansi(.brightBlue)), ("42", Color.indexed(42)),
        ("default", Color.default),
    ])
    func parsing(text: String, color: Color) {
        #expect(Color(parsing: text) == color)
    }

    @Test(arguments: ["#12", "purple-ish", "256", "#gggggg"])
    func invalidColors(text: String) {
        #expect(Color(parsing: text) == nil)
    }

    @Test func degradeRGBTo256() {
        #expect(Color.rgb(255, 0, 0).degraded(to: .indexed256) == .indexed(196))
        #expect(Color.rgb(0x80, 0x80, 0x80).degraded(to: .indexed256) == .indexed(244))
        #expect(Color.rgb(0, 0, 0).degraded(to: .indexed256) == .indexed(16))
    }

    @Test func degradeTo16And8() {
        #expect(Color.rgb(250, 10, 10).degraded(to: .ansi16) == .ansi(.brightRed))
        #expect(Color.rgb(200, 0, 0).degraded(to: .ansi16) == .red)
        #expect(Color.ansi(.brightRed).degraded(to: .ansi8) == .red)
        #expect(Color.indexed(196).degraded(to: .ansi16) == .ansi(.brightRed))
        #expect(Color.indexed(4).degraded(to: .ansi16) == .blue)
        #expect(Color.rgb(10, 10, 200).degraded(to: .ansi8) == .blue)
    }

    @Test func degradeToNoneAndTrueColor() {
        #expect(Color.rgb(1, 2, 3).degraded(to: .none) == .default)
        #expect(Color.rgb(1, 2, 3).degraded(to: .trueColor) == .rgb(1, 2, 3))
        #expect(Color.default.degraded(to: .ansi8) == .default)
    }

    @Test func depthDetection() {
        #expect(ColorDepth.detect(terminalColors: 256, environment: [:]) == .indexed256)
        #expect(ColorDepth.detect(terminalColors: 256, environment: ["COLORTERM": "truecolor"]) == .trueColor)
        #expect(ColorDepth.detect(terminalColors: 8, environment: [:]) == .ansi8)
        #expect(ColorDepth.detect(terminalColors: 16, environment: [:]) == .ansi16)
        #expect(ColorDepth.detect(terminalColors: 256, environment: ["NO_COLOR": "1"]) == .none)
        #expect(ColorDepth.detect(terminalColors: 0, environment: [:]) == .none)
    }

    @Test func themeDecodeOverridesBase() throws {
        let json = """
        {"name": "t", "colors": {"primary": "#010203", "error": "red"}, "methods": {"get": 34}, "json": {"key": "bright-cyan"}}
        """
        let theme = try Theme.decode(Data(json.utf8))
        #expect(theme.name == "t")
        #expect(theme[.primary] == .rgb(1, 2, 3))
        #expect(theme[.error] == .red)
        #expect(theme.methodColor("GET") == .indexed(34))
        #expect(theme.methodColor("get") == .indexed(34))
        #expect(theme.methodColor("PROPFIND") == Theme.dark.methods["OTHER"])
        #expect(theme[.key] == .ansi(.brightCyan))
        #expect(theme[.success] == Theme.dark[.success])
    }

    @Test func themeErrorsNameTheProblem() {
        #expect(throws: ThemeError.unknownKey(path: "<theme>", key: "colors.primay", known: ThemeRole.allCases.map(\.rawValue))) {
            try Theme.decode(Data(#"{"colors": {"primay": "red"}}"#.utf8))
        }
        #expect(throws: ThemeError.invalidColor(path: "<theme>", key: "colors.text", value: "blurple")) {
            try Theme.decode(Data(#"{"colors": {"text": "blurple"}}"#.utf8))
        }
        do {
            _ = try Theme.decode(Data("{".utf8))
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains("not valid JSON"))
        }
    }

    @Test func monochromeSelectionUsesReverse() {
        #expect(Theme.dark.degraded(to: .none).selectionStyle == Style(modifiers: .reverse))
        #expect(Theme.monochrome.selectionStyle.modifiers.contains(.reverse))
        #expect(Theme.dark.selectionStyle.bg == Theme.dark[.selection])
    }

    static let themesDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("themes")

    @Test(arguments: ["dark", "light", "solarized-dark", "high-contrast", "monochrome"])
    func shippedThemesLoadCompletely(name: String) throws {
        let theme = try Theme.named(name, in: [Self.themesDirectory], base: .monochrome)
        #expect(theme.name == name)
        if name != "monochrome" {
            for role in ThemeRole.allCases { #expect(theme[role] != .default, "\(name) lacks \(role)") }
            for method in Theme.methodNames { #expect(theme.methods[method] != .default, "\(name) lacks \(method)") }
            for token in JSONTokenRole.allCases { #expect(theme[token] != .default, "\(name) lacks \(token)") }
        }
    }

    @Test func shippedDarkMatchesBuiltIn() throws {
        let theme = try Theme.named("dark", in: [Self.themesDirectory], base: .monochrome)
        #expect(theme == Theme.dark)
    }

    @Test func missingThemeIsReported() {
        #expect(throws: ThemeError.self) { try Theme.named("nope", in: [Self.themesDirectory]) }
    }
}
