import Foundation
import TUICore

/// The theme files the app can use: the folders to look in, most specific first, and the built-in themes.
public struct ThemeCatalog: Sendable {
    /// The folders searched for `<name>.json`, most specific first.
    public let directories: [URL]

    /// Creates a catalog over `directories`.
    public init(directories: [URL]) {
        self.directories = directories
    }

    /// The usual folders: the config folder's `themes`, `$CURLEW_THEMES`, `themes/` and `share/curlew/themes`
    /// beside the executable and up to three folders above it, then `themes/` in the working folder.
    public static func standard(configDirectory: String, environment: [String: String], executablePath: String) -> ThemeCatalog {
        let executable = URL(fileURLWithPath: executablePath).resolvingSymlinksInPath()
        var directories = [URL(fileURLWithPath: configDirectory).appendingPathComponent("themes")]
        if let bundled = environment["CURLEW_THEMES"] { directories.append(URL(fileURLWithPath: bundled)) }
        var folder = executable.deletingLastPathComponent()
        for _ in 0..<4 {
            directories.append(folder.appendingPathComponent("themes"))
            directories.append(folder.appendingPathComponent("share/curlew/themes"))
            folder = folder.deletingLastPathComponent()
        }
        directories.append(URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("themes"))
        return ThemeCatalog(directories: directories)
    }

    /// The themes compiled in, used when no file of that name is found.
    public static let builtIn: [Theme] = [.dark, .monochrome]

    /// The theme called `name`: the first `<name>.json` found, else a built-in one, else nil.
    ///
    /// Only the one file is read, so start-up does not wait for the whole catalog.
    public func theme(named name: String) -> Theme? {
        for directory in directories {
            let url = directory.appendingPathComponent(name + ".json")
            guard FileManager.default.fileExists(atPath: url.path) else { continue }
            if let theme = try? Theme.load(contentsOf: url), theme.name == name { return theme }
        }
        return ThemeCatalog.builtIn.first { $0.name == name } ?? all().first { $0.name == name }
    }

    /// Every theme found, sorted by name; for each file name the first folder that has it wins, and built-ins fill the gaps.
    public func all() -> [Theme] {
        var byName: [String: Theme] = Dictionary(ThemeCatalog.builtIn.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var seen: Set<String> = []
        for directory in directories {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { continue }
            for name in names.sorted() where name.hasSuffix(".json") {
                let key = String(name.dropLast(5))
                guard !seen.contains(key) else { continue }
                if let theme = try? Theme.load(contentsOf: directory.appendingPathComponent(name)) {
                    byName[theme.name] = theme
                    seen.insert(key)
                }
            }
        }
        return byName.values.sorted { $0.name < $1.name }
    }
}
