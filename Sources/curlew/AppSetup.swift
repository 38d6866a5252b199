import Explorer
import Foundation
import RequestKit
import RequestStore
import TUICore

/// Why the app cannot start with the given files and options.
struct SetupError: Error {
    /// What is wrong and what to do.
    var message: String
}

/// Builds the app's first state from the command line and the files on disk.
enum AppSetup {
    /// The state the app opens with: draft restored, collection and environment loaded, theme and key map applied.
    static func initialState(options: AppLaunch.Options, paths: StorePaths, environment: [String: String]) throws(SetupError) -> AppState {
        var scope = VariableScope(processEnvironment: environment)
        var collectionFile: CollectionFile?
        if let path = options.path {
            guard FileManager.default.fileExists(atPath: path) else {
                throw SetupError(message: "no collection file or folder at '\(path)'; check the path, or start curlew without one.")
            }
            let library = CollectionLibrary.load(path)
            if let first = library.collections.first {
                collectionFile = first
                scope.collection = first.document.variables
            } else if let failure = library.failures.first {
                throw SetupError(message: "\(failure)")
            }
            if let name = options.environment {
                guard let env = library.environment(named: name) else {
                    let known = library.environments.map(\.document.name)
                    let list = known.isEmpty ? "there are none" : "known: " + known.joined(separator: ", ")
                    throw SetupError(message: "no environment named '\(name)' beside '\(path)'; \(list).")
                }
                scope.environment = env.document.variables
            }
        } else if let name = options.environment {
            throw SetupError(message: "--env \(name) needs a collection file or folder to find the environment beside it.")
        }

        let themes = loadThemes(paths: paths)
        let themeName = options.theme ?? "dark"
        guard themes.contains(where: { $0.name == themeName }) else {
            throw SetupError(message: "no theme named '\(themeName)'; available: \(themes.map(\.name).joined(separator: ", ")). Themes are read from \(themeDirectories(paths: paths).map(\.path).joined(separator: ", ")).")
        }

        var keyMap = Actions.defaultKeyMap
        let keymapURL = URL(fileURLWithPath: paths.configDirectory).appendingPathComponent("keymap.json")
        if FileManager.default.fileExists(atPath: keymapURL.path) {
            do {
                keyMap = keyMap.applying(try KeyMap.loadOverrides(contentsOf: keymapURL, knownActions: Actions.allActionIDs))
            } catch {
                throw SetupError(message: error.description)
            }
        }

        let draftPath = DraftFile.path(inDataDirectory: paths.dataDirectory)
        var draft = RequestDraft()
        do {
            if let saved = try DraftFile.read(from: draftPath) { draft = RequestDraft(saved: saved) }
        } catch {
            throw SetupError(message: error.message)
        }

        var state = AppState(draft: draft, keyMap: keyMap, themes: themes, themeName: themeName, variables: scope)
        if let collectionFile {
            state.open(collection: collectionFile.document, baseDirectory: collectionFile.baseDirectory)
            state.collectionFile = collectionFile
        }
        // The newest 200 entries, oldest first; the query reads only their lines in full.
        if let result = try? HistoryStore(paths: paths).query(HistoryQuery(limit: 200)) {
            state.show(history: Array(result.entries.reversed()))
        }
        return state
    }

    /// Theme folders, most specific first: the config folder's `themes`, then the bundled `themes/`.
    static func themeDirectories(paths: StorePaths) -> [URL] {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var directories = [URL(fileURLWithPath: paths.configDirectory).appendingPathComponent("themes")]
        if let bundled = ProcessInfo.processInfo.environment["CURLEW_THEMES"] { directories.append(URL(fileURLWithPath: bundled)) }
        var folder = executable.deletingLastPathComponent()
        for _ in 0..<4 {
            directories.append(folder.appendingPathComponent("themes"))
            directories.append(folder.appendingPathComponent("share/curlew/themes"))
            folder = folder.deletingLastPathComponent()
        }
        directories.append(URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("themes"))
        return directories
    }

    /// Every theme found, by name (the first folder that has a name wins), plus the built-ins.
    static func loadThemes(paths: StorePaths) -> [Theme] {
        var byName: [String: Theme] = [Theme.dark.name: .dark, Theme.monochrome.name: .monochrome]
        var seen: Set<String> = []
        for directory in themeDirectories(paths: paths) {
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
