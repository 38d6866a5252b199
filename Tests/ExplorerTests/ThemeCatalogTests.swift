import Explorer
import Foundation
import Testing
import TUICore
import TestSupport

/// Finding themes: the user's folder before the bundled one, one file read for the start, every file for the palette.
@Suite("Theme catalog")
struct ThemeCatalogTests {
    /// Two theme folders, the user's and the bundled one, in a fresh temporary folder.
    static func folders() throws -> (user: URL, bundled: URL) {
        let root = TemporaryFolder.url("curlew-themes")
        let user = root.appendingPathComponent("user"), bundled = root.appendingPathComponent("bundled")
        for folder in [user, bundled] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        return (user, bundled)
    }

    @Test("a theme is found by file name, the user's folder first; built-ins fill in; unknown names are nil")
    func lookup() throws {
        let (user, bundled) = try Self.folders()
        try Data(#"{"colors": {"primary": "red"}}"#.utf8).write(to: bundled.appendingPathComponent("ocean.json"))
        try Data(#"{"colors": {"primary": "blue"}}"#.utf8).write(to: user.appendingPathComponent("ocean.json"))
        let catalog = ThemeCatalog(directories: [user, bundled])
        #expect(catalog.theme(named: "ocean")?[.primary] == .ansi(.blue))
        #expect(catalog.theme(named: "monochrome")?.name == "monochrome")
        #expect(catalog.theme(named: "nowhere") == nil)
        #expect(catalog.all().map(\.name) == ["dark", "monochrome", "ocean"])
    }

    @Test("a file whose name differs from its theme's name is still found by the theme's name")
    func namedInside() throws {
        let (user, _) = try Self.folders()
        try Data(#"{"name": "night-owl", "colors": {"accent": "magenta"}}"#.utf8).write(to: user.appendingPathComponent("owl.json"))
        #expect(ThemeCatalog(directories: [user]).theme(named: "night-owl")?[.accent] == .ansi(.magenta))
    }

    @Test("the bundled themes all load", arguments: ["dark", "light", "solarized-dark", "high-contrast", "monochrome"])
    func bundled(name: String) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let catalog = ThemeCatalog(directories: [root.appendingPathComponent("themes")])
        #expect(catalog.theme(named: name)?.name == name)
    }

    @Test("colour names parse in their spellings, with spaces around", arguments: [
        (" bright-red ", Color.ansi(.brightRed)), ("bright_red", .ansi(.brightRed)), ("BrightRed", .ansi(.brightRed)),
        ("grey", .ansi(.brightBlack)), ("#0f8", .rgb(0, 0xff, 0x88)), ("  42", .indexed(42)), ("default", .default),
    ])
    func colorNames(text: String, color: Color) {
        #expect(Color(parsing: text) == color)
    }

    @Test("unknown colour names are rejected", arguments: ["bright", "#12345", "256", "red-ish", ""])
    func badColors(text: String) {
        #expect(Color(parsing: text) == nil)
    }
}
