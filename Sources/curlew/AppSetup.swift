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
    /// Where the app reads themes: the config folder's `themes`, then the bundled ones.
    static func themeCatalog(paths: StorePaths, environment: [String: String]) -> ThemeCatalog {
        ThemeCatalog.standard(configDirectory: paths.configDirectory, environment: environment, executablePath: executablePath)
    }

    /// The running executable's path: `/proc/self/exe` (so a `curlew` found on `$PATH` finds the themes installed
    /// beside it, in `../share/curlew/themes`), else the path it was started by.
    static var executablePath: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// The state the app opens with: draft restored, collection and environment loaded, the chosen theme and key map applied.
    static func initialState(options: AppLaunch.Options, paths: StorePaths, environment: [String: String]) throws(SetupError) -> AppState {
        let settingsPath = SettingsFile.path(inConfigDirectory: paths.configDirectory)
        let settings: AppSettings
        do {
            settings = try SettingsFile.read(from: settingsPath)
        } catch {
            throw SetupError(message: error.message)
        }
        var trust = options.trust
        trust.fileRoot = trust.fileRoot ?? settings.fileRoot
        trust.allowedEnvironment.formUnion(settings.allowedEnvironment)
        if let root = trust.fileRoot {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root, isDirectory: &isFolder), isFolder.boolValue else {
                throw SetupError(message: "the file root '\(root)' (--file-root, or fileRoot in \(settingsPath)) is not a folder; give the folder collections may read files in.")
            }
        }
        var scope = VariableScope(commandLine: options.variables, process: environment, policy: trust)
        var collectionFile: CollectionFile?
        var environments: [EnvironmentFile] = []
        var activeEnvironment: String?
        if let path = options.path {
            guard FileManager.default.fileExists(atPath: path) else {
                throw SetupError(message: "no collection file or folder at '\(path)'; check the path, or start curlew without one.")
            }
            let library = CollectionLibrary.load(path)
            environments = library.environments
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
                activeEnvironment = env.document.name
            }
        } else if let name = options.environment {
            throw SetupError(message: "--env \(name) needs a collection file or folder to find the environment beside it.")
        }

        let catalog = themeCatalog(paths: paths, environment: environment)
        var notice: String?
        var themeName = options.theme ?? settings.theme ?? Theme.dark.name
        var chosen = catalog.theme(named: themeName)
        if chosen == nil, options.theme == nil {
            notice = "\(settingsPath) names the theme '\(themeName)', which was not found; using dark. Pick another with Ctrl+P, theme."
            themeName = Theme.dark.name
            chosen = catalog.theme(named: themeName)
        }
        guard let theme = chosen else {
            let available = catalog.all().map(\.name).joined(separator: ", ")
            throw SetupError(message: "no theme named '\(themeName)'; available: \(available). Themes are read from \(catalog.directories.map(\.path).joined(separator: ", ")).")
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

        let restored = DraftFile.restoreTabs(draftPath: DraftFile.path(inDataDirectory: paths.dataDirectory))

        var state = AppState(keyMap: keyMap, themes: [theme], themeName: themeName, variables: scope)
        state.trust = trust
        state.restore(restored)
        state.notice = notice
        if !restored.problems.isEmpty {
            state.overlay = .message(title: "Tabs not restored", text: restored.problems.joined(separator: " "))
        }
        state.sidebarWidth = settings.sidebarWidth
        state.requestSplit = settings.requestSplit
        state.environments = environments
        state.activeEnvironment = activeEnvironment
        if let collectionFile {
            state.open(collection: collectionFile.document, baseDirectory: collectionFile.baseDirectory)
            state.collectionFile = collectionFile
            if state.notice == nil { state.notice = CollectionKeyWarnings.notice(collectionFile.path) }
            state.compareTabsWithCollection()
        } else if options.path == nil {
            let (listed, failures) = DataFolderCollections.load(paths.collectionsDirectory)
            state.list(dataFolderCollections: listed)
            if let failure = failures.first {
                state.notice = "Not listed: \(failure)" + (failures.count > 1 ? " (and \(failures.count - 1) more)" : "")
            }
        }
        // The newest 200 entries, oldest first; the query reads only their lines in full.
        if let result = try? HistoryStore(paths: paths).query(HistoryQuery(limit: 200)) {
            state.show(history: Array(result.entries.reversed()))
        }
        return state
    }
}
