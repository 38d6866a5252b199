import CommandLineArguments
import Foundation
import RequestKit
import RequestStore

/// `curlew import`: reads curl commands, a Postman collection, a `.http` or `.hurl` file, an OpenAPI
/// description or an Insomnia export into a collection file.
enum ImportCommand: Subcommand {
    /// The command line's table.
    static let spec = ImportCommandSpec.spec

    static func run(arguments: [String]) async -> Int32 {
        let options: Options
        do {
            options = try Options.parse(arguments)
        } catch {
            StandardStreams.writeError("curlew import: \(error.message)\nRun 'curlew import --help' for usage.\n")
            return 2
        }
        do {
            try await importInput(options)
            return 0
        } catch let error as ImportCommandError {
            StandardStreams.writeError("curlew import: \(error.description)\n")
            return error.exitStatus
        } catch {
            StandardStreams.writeError("curlew import: \(error)\n")
            return 1
        }
    }

    private static func importInput(_ options: Options) async throws {
        let cwd = FileManager.default.currentDirectoryPath
        let input = try await readInput(options, cwd: cwd)
        let name = options.name ?? defaultName(options)
        let fileLabel = options.file == "-" ? "stdin" : options.file
        let imported: RequestCollection
        var environments: [Environment] = []
        var warnings: [ConversionWarning]
        switch options.format {
        case .openapi:
            let result = try OpenAPIImporter.parse(input.data, file: fileLabel, directory: input.referenceDirectory, name: options.name)
            (imported, warnings) = (result.collection, result.warnings)
        case .insomnia:
            let result = try InsomniaImporter.parse(input.data, file: fileLabel, name: options.name)
            (imported, environments, warnings) = (result.collection, result.environments, result.warnings)
        case .interchange(let format):
            (imported, warnings) = try CollectionImport.read(format, data: input.data, name: name, file: fileLabel)
        }
        for warning in warnings { StandardStreams.writeError("\(warning)\n") }

        let paths = StorePaths.resolve(dataDirectoryOption: options.dataDirectory)
        let destination = try destinationPath(options: options, collectionName: imported.name, paths: paths)
        let collectionFolder = URL(fileURLWithPath: (destination as NSString).deletingLastPathComponent, relativeTo: URL(fileURLWithPath: cwd)).path
        var rebased = imported.rebasingFilePaths(from: input.sourceDirectory, to: collectionFolder)
        if let into = options.into, options.name == nil, options.format.keepsOwnName == false, !FileManager.default.fileExists(atPath: destination) {
            let base = (into as NSString).lastPathComponent
            rebased.name = base.hasSuffix(".json") ? String(base.dropLast(5)) : base
        }
        let count = rebased.allRequests.count
        if FileManager.default.fileExists(atPath: destination) {
            let file = try CollectionFile.load(destination)
            let (merged, mergeWarnings) = file.document.merging(rebased, intoFolder: options.format != .interchange(.curl))
            for warning in mergeWarnings { StandardStreams.writeError("\(warning)\n") }
            _ = try file.saving(merged)
            StandardStreams.writeOut("Imported \(count) request\(count == 1 ? "" : "s") into \(destination)\n")
        } else {
            _ = try CollectionFile.create(rebased, at: destination)
            StandardStreams.writeOut("Imported \(count) request\(count == 1 ? "" : "s") into the new collection \(destination)\n")
        }
        for environment in environments {
            let path = CollectionLibrary.environmentPath(named: fileSlug(environment.name), in: collectionFolder)
            if FileManager.default.fileExists(atPath: path) {
                StandardStreams.writeError("warning: environment '\(environment.name)': \(path) already exists; not written\n")
                continue
            }
            _ = try EnvironmentFile.create(environment, at: path)
            StandardStreams.writeOut("Wrote the environment '\(environment.name)' to \(path)\n")
        }
    }

    /// What was read and where relative paths in it start from.
    private struct Input {
        /// The bytes.
        var data: Data
        /// The folder relative file paths (bodies, attachments) are taken against.
        var sourceDirectory: String
        /// The folder an OpenAPI description's `$ref`s to other files resolve against; nil for stdin and URLs.
        var referenceDirectory: String?
    }

    /// The largest description fetched from a URL.
    static let maximumDownload: Int64 = 64 * 1024 * 1024

    private static func readInput(_ options: Options, cwd: String) async throws -> Input {
        if options.file == "-" {
            return Input(data: FileHandle.standardInput.readDataToEndOfFile(), sourceDirectory: cwd, referenceDirectory: nil)
        }
        let lowered = options.file.lowercased()
        if options.format == .openapi, lowered.hasPrefix("http://") || lowered.hasPrefix("https://") {
            return Input(data: try await download(options.file), sourceDirectory: cwd, referenceDirectory: nil)
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: options.file))
        } catch {
            throw ImportCommandError.unreadableInput(options.file)
        }
        let folder = (options.file as NSString).deletingLastPathComponent
        let absoluteFolder = folder.isEmpty ? cwd : URL(fileURLWithPath: folder, relativeTo: URL(fileURLWithPath: cwd)).path
        let relativeToFile = options.format == .interchange(.http) || options.format == .interchange(.hurl)
        return Input(data: data, sourceDirectory: relativeToFile ? absoluteFolder : cwd, referenceDirectory: absoluteFolder)
    }

    /// The body of a URL fetched with RequestKit (redirects followed, at most `maximumDownload` bytes).
    private static func download(_ url: String) async throws -> Data {
        var request = Request(method: .get, url: url)
        request.options.maxResponseSize = maximumDownload
        request.headers.add(name: "Accept", value: "application/json, application/yaml;q=0.9, */*;q=0.8")
        do {
            let response = try await Client().sendValidated(request)
            if let path = response.bodyPath { return try Data(contentsOf: URL(fileURLWithPath: path)) }
            return response.body
        } catch let error as NetworkError {
            throw ImportCommandError.download(url: url, reason: error.message)
        }
    }

    /// The name of the imported collection: the input file's name without extension, or the format's for stdin.
    private static func defaultName(_ options: Options) -> String {
        if options.file == "-" { return "Imported from \(options.format.rawValue)" }
        var base = (options.file as NSString).lastPathComponent
        for suffix in [".postman_collection.json", ".json", ".http", ".hurl", ".rest", ".sh", ".txt", ".yaml", ".yml"] where base.hasSuffix(suffix) {
            base = String(base.dropLast(suffix.count))
            break
        }
        return base
    }

    /// Where the collection is written: `--into` (a path, or a name in the default folder), else a new file there.
    private static func destinationPath(options: Options, collectionName: String, paths: StorePaths) throws -> String {
        if let into = options.into {
            let existing = paths.collectionPath(for: into)
            if FileManager.default.fileExists(atPath: existing) { return existing }
            if into.contains("/") || into.hasSuffix(".json") {
                let folder = (into as NSString).deletingLastPathComponent
                if !folder.isEmpty, !FileManager.default.fileExists(atPath: folder) { throw ImportCommandError.missingFolder(folder) }
                return into
            }
            try paths.ensureCollectionsDirectory()
            return paths.collectionsDirectory + "/" + into + ".json"
        }
        try paths.ensureCollectionsDirectory()
        let slug = fileSlug(collectionName)
        var candidate = paths.collectionsDirectory + "/" + slug + ".json"
        var counter = 2
        while FileManager.default.fileExists(atPath: candidate) {
            candidate = paths.collectionsDirectory + "/\(slug)-\(counter).json"
            counter += 1
        }
        return candidate
    }

    /// A file name from a collection name: letters, digits, `-`, `_` and `.`; other runs become `-`.
    static func fileSlug(_ name: String) -> String {
        var slug = ""
        for character in name {
            if character.isLetter || character.isNumber || character == "_" || character == "." {
                slug.append(character)
            } else if !slug.hasSuffix("-") {
                slug.append("-")
            }
        }
        let trimmed = slug.trimmingCharacters(in: CharacterSet(charactersIn: "-."))
        return trimmed.isEmpty ? "imported" : trimmed
    }

    /// The parsed command line.
    struct Options {
        var format: ImportFormat
        var file: String
        var into: String?
        var name: String?
        var dataDirectory: String?

        static func parse(_ arguments: [String]) throws(UsageError) -> Options {
            var reader = ArgumentReader(arguments, command: ImportCommandSpec.spec)
            var positionals: [String] = []
            var into: String?, name: String?, dataDirectory: String?
            while let token = try reader.next() {
                switch token {
                case .positional(let value): positionals.append(value)
                case .option("--into"): into = try reader.value(of: "--into")
                case .option("--name"): name = try reader.value(of: "--name")
                case .option("--data-dir"): dataDirectory = try reader.value(of: "--data-dir")
                case .option(let other): throw UsageError(message: "\(other) is in the table of curlew import but not read")
                }
            }
            guard positionals.count == 2 else {
                throw UsageError(message: "expected a format (curl, postman, http, hurl, openapi or insomnia) and a FILE or -, got \(positionals.count) argument(s)")
            }
            guard let format = ImportFormat(rawValue: positionals[0]) else {
                throw UsageError(message: "unknown format '\(positionals[0])'; use curl, postman, http, hurl, openapi or insomnia")
            }
            return Options(format: format, file: positionals[1], into: into, name: name, dataDirectory: dataDirectory)
        }
    }
}

/// The formats `curlew import` reads: the interchange formats, which export too, and two import-only ones.
enum ImportFormat: Hashable {
    /// curl, Postman, `.http` or `.hurl`.
    case interchange(InterchangeFormat)
    /// An OpenAPI 3.x or Swagger 2.0 description.
    case openapi
    /// An Insomnia v4 export.
    case insomnia

    /// The format named on the command line.
    init?(rawValue: String) {
        switch rawValue {
        case "openapi": self = .openapi
        case "insomnia": self = .insomnia
        default:
            guard let format = InterchangeFormat(rawValue: rawValue) else { return nil }
            self = .interchange(format)
        }
    }

    /// The name on the command line.
    var rawValue: String {
        switch self {
        case .interchange(let format): return format.rawValue
        case .openapi: return "openapi"
        case .insomnia: return "insomnia"
        }
    }

    /// Whether the format names its collection itself (Postman, OpenAPI, Insomnia), so `--into` does not rename it.
    var keepsOwnName: Bool {
        self == .interchange(.postman) || self == .openapi || self == .insomnia
    }
}

/// Why an import could not start.
enum ImportCommandError: Error, CustomStringConvertible {
    /// A description could not be fetched.
    case download(url: String, reason: String)
    /// The input file cannot be read.
    case unreadableInput(String)
    /// The folder of the `--into` file does not exist.
    case missingFolder(String)

    /// 2 for a file that is missing or cannot be read (as every command exits for one), 1 for a failed download.
    var exitStatus: Int32 {
        switch self {
        case .download: return 1
        case .unreadableInput, .missingFolder: return 2
        }
    }

    var description: String {
        switch self {
        case .download(let url, let reason):
            return "cannot fetch '\(url)': \(reason). Check the URL, or download the file and import it."
        case .unreadableInput(let path):
            return "cannot read '\(path)'. Check the path and its permissions, or use - to read standard input."
        case .missingFolder(let folder):
            return "the folder '\(folder)' does not exist. Create it first, or check the --into path."
        }
    }
}
