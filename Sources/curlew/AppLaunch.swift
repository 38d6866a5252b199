import Explorer
import CommandLineArguments
import Foundation
import RequestKit
import RequestStore
import Terminal
import TUICore

/// Opens the full-screen app: reads the options, loads collection, themes, key map and draft, runs the UI.
enum AppLaunch {
    /// The options of `curlew [PATH] [--env NAME] [--var NAME=VALUE]… [--theme NAME] [--data-dir DIR]`.
    struct Options {
        /// A collection file or a folder of them.
        var path: String?
        /// The environment to resolve variables with.
        var environment: String?
        /// `--var NAME=VALUE` values, the last one of a name winning.
        var variables: [String: String] = [:]
        /// The theme name.
        var theme: String?
        /// The data folder.
        var dataDirectory: String?
        /// `--no-cookies`: keep no cookie jar, neither in memory nor in the data folder.
        var noCookies = false
        /// `--file-root DIR` and `--allow-env NAME`.
        var trust = TrustPolicy()
    }

    /// True when `curlew FIRST …` means the app rather than a subcommand.
    static func opensApp(_ first: String) -> Bool {
        first.hasPrefix("-") || first.contains("/") || first.hasSuffix(".json") || first.hasSuffix(".hurl") || FileManager.default.fileExists(atPath: first)
    }

    /// Reads the app's options.
    static func parse(_ arguments: [String]) throws(UsageError) -> Options {
        var options = Options()
        var reader = ArgumentReader(arguments, command: AppCommandSpec.spec)
        while let token = try reader.next() {
            switch token {
            case .option("--env"), .option("-e"): options.environment = try reader.value(of: "--env")
            case .option("--var"):
                let text = try reader.value(of: "--var")
                guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
                    throw UsageError(message: "--var needs NAME=VALUE, not '\(text)'")
                }
                options.variables[String(text[..<equals])] = String(text[text.index(after: equals)...])
            case .option("--theme"): options.theme = try reader.value(of: "--theme")
            case .option("--data-dir"): options.dataDirectory = try reader.value(of: "--data-dir")
            case .option("--no-cookies"): options.noCookies = true
            case .option("--file-root"): options.trust.fileRoot = try reader.value(of: "--file-root")
            case .option("--allow-env"): options.trust.allowedEnvironment.insert(try TrustOptions.environmentName(try reader.value(of: "--allow-env")))
            case .option("--help"), .option("-h"), .option("--version"), .option("-V"):
                throw UsageError(message: "--help and --version stand alone: run 'curlew --help' or 'curlew --version'")
            case .option(let other):
                throw UsageError(message: "unknown option '\(other)'. The app takes [COLLECTION-FILE-OR-FOLDER] [--env NAME] [--var NAME=VALUE]… [--theme NAME] [--data-dir DIR]")
            case .positional(let path):
                guard options.path == nil else {
                    throw UsageError(message: "more than one collection given ('\(options.path ?? "")' and '\(path)'); pass one file or one folder.")
                }
                options.path = path
            }
        }
        return options
    }

    /// Runs the app and returns the exit status: 0 on quit, 1 when it cannot start, 2 on usage errors.
    static func run(arguments: [String]) -> Int32 {
        let options: Options
        do {
            options = try parse(arguments)
        } catch {
            return fail("curlew: \(error)\nRun 'curlew --help' for usage.", status: 2)
        }
        let environment = ProcessInfo.processInfo.environment
        let paths = StorePaths.resolve(dataDirectoryOption: options.dataDirectory, environment: environment)
        var state: AppState
        do {
            state = try AppSetup.initialState(options: options, paths: paths, environment: environment)
        } catch {
            return fail("curlew: \(error.message)", status: 2)
        }
        do {
            try paths.ensureDataDirectory()
        } catch {
            return fail("curlew: \(error)", status: 1)
        }
        // Body files left by an app that ended without removing them (a crash, a kill): the data folder's own
        // `bodies/` now; the system's temporary folder, which may hold many files, off the way to the first frame.
        if let folder = LargeBodyFiles.folder(in: paths) { LargeBodyFiles.removeLeftovers(in: folder) }
        DispatchQueue.global(qos: .utility).async { LargeBodyFiles.removeLeftovers(in: NSTemporaryDirectory()) }
        let settings = try? SettingsFile.read(from: SettingsFile.path(inConfigDirectory: paths.configDirectory))
        let draftPath = DraftFile.path(inDataDirectory: paths.dataDirectory)
        let backend: NCursesBackend
        do {
            backend = try NCursesBackend(environment: environment)
        } catch {
            return fail("curlew: \(error)", status: 1)
        }
        let program = ExplorerProgram(effects: Effects(client: Client(configuration: Client.Configuration(cookies: !options.noCookies)),
                                                                  draftPath: draftPath, storePaths: paths, keepsCookieJars: !options.noCookies,
                                                                  themeCatalog: AppSetup.themeCatalog(paths: paths, environment: environment),
                                                                  settingsPath: SettingsFile.path(inConfigDirectory: paths.configDirectory),
                                                                  maxResponseSize: settings?.maxFileSize,
                                                                  largeBodyThreshold: settings?.largeBodyThreshold ?? LargeBodyFiles.defaultThreshold,
                                                                  history: HistoryStore(paths: paths)))
        let runtime: Runtime<ExplorerProgram>
        do {
            runtime = try Runtime(program: program, state: state, backend: backend, theme: state.theme)
        } catch {
            backend.close()
            return fail("curlew: \(error)", status: 1)
        }
        state = runtime.run()
        backend.close()
        do {
            try DraftFile.writeOpenTabs(of: state, draftPath: draftPath)
        } catch {
            return fail("curlew: \(error.message)", status: 1)
        }
        return 0
    }

    private static func fail(_ message: String, status: Int32) -> Int32 {
        StandardStreams.writeError(message + "\n")
        return status
    }
}
