import CommandLineArguments
import Foundation
import RequestStore

/// `curlew import`: reads curl commands, a Postman collection or a `.http` file into a collection file.
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
            try importInput(options)
            return 0
        } catch let error as ImportCommandError {
            StandardStreams.writeError("curlew import: \(error.description)\n")
            return 1
        } catch {
            StandardStreams.writeError("curlew import: \(error)\n")
            return 1
        }
    }

    private static func importInput(_ options: Options) throws {
        let data: Data
        let sourceDirectory: String
        let cwd = FileManager.default.currentDirectoryPath
        if options.file == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
            sourceDirectory = cwd
        } else {
            do {
                data = try Data(contentsOf: URL(fileURLWithPath: options.file))
            } catch {
                throw ImportCommandError.unreadableInput(options.file)
            }
            let folder = (options.file as NSString).deletingLastPathComponent
            sourceDirectory = (options.format == .http || options.format == .hurl) && !folder.isEmpty
                ? URL(fileURLWithPath: folder, relativeTo: URL(fileURLWithPath: cwd)).path : cwd
        }
        let name = options.name ?? defaultName(options)
        let (imported, warnings) = try CollectionImport.read(options.format, data: data, name: name, file: options.file == "-" ? "stdin" : options.file)
        for warning in warnings { StandardStreams.writeError("\(warning)\n") }

        let paths = StorePaths.resolve(dataDirectoryOption: options.dataDirectory)
        let destination = try destinationPath(options: options, collectionName: imported.name, paths: paths)
        let collectionFolder = URL(fileURLWithPath: (destination as NSString).deletingLastPathComponent, relativeTo: URL(fileURLWithPath: cwd)).path
        var rebased = imported.rebasingFilePaths(from: sourceDirectory, to: collectionFolder)
        if let into = options.into, options.name == nil, options.format != .postman, !FileManager.default.fileExists(atPath: destination) {
            let base = (into as NSString).lastPathComponent
            rebased.name = base.hasSuffix(".json") ? String(base.dropLast(5)) : base
        }
        let count = rebased.allRequests.count
        if FileManager.default.fileExists(atPath: destination) {
            let file = try CollectionFile.load(destination)
            let (merged, mergeWarnings) = file.document.merging(rebased, intoFolder: options.format != .curl)
            for warning in mergeWarnings { StandardStreams.writeError("\(warning)\n") }
            _ = try file.saving(merged)
            StandardStreams.writeOut("Imported \(count) request\(count == 1 ? "" : "s") into \(destination)\n")
        } else {
            _ = try CollectionFile.create(rebased, at: destination)
            StandardStreams.writeOut("Imported \(count) request\(count == 1 ? "" : "s") into the new collection \(destination)\n")
        }
    }

    /// The name of the imported collection: the input file's name without extension, or the format's for stdin.
    private static func defaultName(_ options: Options) -> String {
        if options.file == "-" { return "Imported from \(options.format.rawValue)" }
        var base = (options.file as NSString).lastPathComponent
        for suffix in [".postman_collection.json", ".json", ".http", ".hurl", ".rest", ".sh", ".txt"] where base.hasSuffix(suffix) {
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
        var format: InterchangeFormat
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
                throw UsageError(message: "expected a format (curl, postman or http) and a FILE or -, got \(positionals.count) argument(s)")
            }
            guard let format = InterchangeFormat(rawValue: positionals[0]) else {
                throw UsageError(message: "unknown format '\(positionals[0])'; use curl, postman, http or hurl")
            }
            return Options(format: format, file: positionals[1], into: into, name: name, dataDirectory: dataDirectory)
        }
    }
}

/// Why an import could not start.
enum ImportCommandError: Error, CustomStringConvertible {
    /// The input file cannot be read.
    case unreadableInput(String)
    /// The folder of the `--into` file does not exist.
    case missingFolder(String)

    var description: String {
        switch self {
        case .unreadableInput(let path):
            return "cannot read '\(path)'. Check the path and its permissions, or use - to read standard input."
        case .missingFolder(let folder):
            return "the folder '\(folder)' does not exist. Create it first, or check the --into path."
        }
    }
}
