import CommandLineArguments
import Foundation
import RequestKit
import RequestStore

/// `curlew auth`: lists (`status`) or forgets (`clear`) the cached OAuth 2.0 tokens.
enum AuthCommand: Subcommand {
    /// The command line's table.
    static let spec = AuthCommandSpec.spec

    /// What the command line asked for.
    struct Options: Equatable {
        /// `status` or `clear`.
        var clear = false
        /// The collection named, if any.
        var collection: String?
        /// `--env NAME`.
        var environment: String?
        /// `--json`.
        var json = false
        /// `--data-dir DIR`.
        var dataDirectory: String?
    }

    static func run(arguments: [String]) async -> Int32 {
        let options: Options
        do {
            options = try parse(arguments)
        } catch {
            StandardStreams.writeError("curlew auth: \(ResponseOutput.visibleLine(error.message))\nRun 'curlew auth --help' for usage.\n")
            return 2
        }
        let cache = OAuth2TokenCacheFile(paths: StorePaths.resolve(dataDirectoryOption: options.dataDirectory))
        let all = cache.entries()
        let chosen = all.filter { matches($0.key, options) }
        guard options.clear else {
            let listings = chosen.map { OAuth2TokenListing($0, now: Date(), home: ProcessInfo.processInfo.environment["HOME"]) }
            if options.json {
                do { FileHandle.standardOutput.write(try CanonicalJSON.encode(listings)) } catch {
                    StandardStreams.writeError("curlew auth: \(error)\n")
                    return 1
                }
            } else if listings.isEmpty {
                StandardStreams.writeOut(all.isEmpty ? "No OAuth 2.0 tokens are cached.\n" : "No cached OAuth 2.0 token matches.\n")
            } else {
                StandardStreams.writeOut(OAuth2TokenListing.table(listings))
            }
            return 0
        }
        guard !chosen.isEmpty else {
            StandardStreams.writeOut(all.isEmpty ? "No OAuth 2.0 tokens are cached.\n" : "No cached OAuth 2.0 token matches; nothing was forgotten.\n")
            return 0
        }
        do {
            try cache.write(all.filter { !matches($0.key, options) })
        } catch {
            StandardStreams.writeError("curlew auth: the token cache \(cache.path) could not be written: \(error)\n")
            return 1
        }
        StandardStreams.writeOut("Forgot \(chosen.count) cached OAuth 2.0 token\(chosen.count == 1 ? "" : "s").\n")
        return 0
    }

    /// Parses the arguments after `auth`.
    static func parse(_ arguments: [String]) throws(UsageError) -> Options {
        var options = Options()
        var reader = ArgumentReader(arguments, command: spec)
        var positionals: [String] = []
        while let token = try reader.next() {
            guard case .option(let option) = token else {
                if case .positional(let word) = token { positionals.append(word) }
                continue
            }
            switch option {
            case "--env": options.environment = try reader.value(of: option)
            case "--json": options.json = true
            case "--data-dir": options.dataDirectory = try reader.value(of: option)
            default: throw UsageError(message: "\(option) is in the table of curlew auth but not read")
            }
        }
        switch positionals.first {
        case "status": options.clear = false
        case "clear": options.clear = true
        case nil: throw UsageError(message: "auth needs a command: status or clear")
        case let other?:
            let known = ["status", "clear"]
            let hint = NearestWord.suggestion(for: other, among: known).map { "; did you mean '\($0)'?" } ?? ""
            throw UsageError(message: "unknown command '\(other)' (status or clear)\(hint)")
        }
        guard positionals.count <= 2 else { throw UsageError(message: "unknown argument '\(positionals[2])'") }
        options.collection = positionals.count == 2 ? positionals[1] : nil
        if options.json && options.clear { throw UsageError(message: "--json applies to 'curlew auth status' only") }
        return options
    }

    /// Whether a token belongs to the collection and environment named (all do when none is named): the collection
    /// file itself, a file under the folder named, or a file of that name.
    static func matches(_ key: OAuth2CacheKey, _ options: Options) -> Bool {
        if let environment = options.environment, key.environment != environment { return false }
        guard let collection = options.collection else { return true }
        let path = OAuth2Setup.collectionKey(collection)
        if key.collection == path || key.collection.hasPrefix(path + "/") { return true }
        let name = (key.collection as NSString).lastPathComponent
        return name == collection || (name as NSString).deletingPathExtension == collection
    }
}
