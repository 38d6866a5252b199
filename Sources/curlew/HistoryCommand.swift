import CommandLineArguments
import Foundation
import RequestKit
import RequestStore

/// `curlew history`: lists recorded exchanges newest first, shows one whole, or sends one again.
enum HistoryCommand: Subcommand {
    /// The command line's table.
    static let spec = HistoryCommandSpec.spec

    /// What the command line asked for.
    struct Options {
        var showID: String?
        var limit = 20
        var json = false
        var dataDirectory: String?
        var query = HistoryQuery()
        /// A maintenance command (delete, clear, compact), when one was given.
        var maintenance: HistoryMaintenance.Command?
        /// Whether --yes was given.
        var confirmed = false
        /// The --keep value of compact.
        var keep: Int?
    }

    static func run(arguments: [String]) async -> Int32 {
        if arguments.first == "resend" { return await HistoryResend.run(arguments: Array(arguments.dropFirst())) }
        let options: Options
        do {
            options = try parse(arguments)
        } catch {
            StandardStreams.writeError("curlew history: \(error)\nRun 'curlew history --help' for usage.\n")
            return 2
        }
        let store = HistoryStore(paths: StorePaths.resolve(dataDirectoryOption: options.dataDirectory))
        do {
            if let maintenance = options.maintenance {
                return HistoryMaintenance.run(maintenance, store: store)
            }
            if let id = options.showID {
                return try show(id: id, store: store, json: options.json)
            }
            return try list(options: options, store: store)
        } catch {
            StandardStreams.writeError("curlew history: \(error)\n")
            return 1
        }
    }

    /// Parses the arguments after `history`; ages in `--since` and `--until` count back from `now`.
    static func parse(_ arguments: [String], now: Date = Date()) throws(UsageError) -> Options {
        var options = Options()
        var reader = ArgumentReader(arguments, command: HistoryCommandSpec.spec)
        var positionals: [String] = []
        while let token = try reader.next() {
            guard case .option(let option) = token else {
                if case .positional(let word) = token { positionals.append(word) }
                continue
            }
            switch option {
            case "--limit", "-n":
                guard let limit = Int(try reader.value(of: option)), limit >= 0 else { throw UsageError(message: "--limit needs a number of entries, 0 or more") }
                options.limit = limit
            case "--json":
                options.json = true
            case "--data-dir":
                options.dataDirectory = try reader.value(of: option)
            case "--method", "-X":
                options.query.method = HTTPMethod(rawValue: try reader.value(of: option))
            case "--status":
                let text = try reader.value(of: option).lowercased()
                if text == "error" {
                    options.query.statusClass = 0
                } else if text.count == 3, text.hasSuffix("xx"), let digit = Int(text.prefix(1)), (1...5).contains(digit) {
                    options.query.statusClass = digit
                } else {
                    throw UsageError(message: "--status takes 1xx, 2xx, 3xx, 4xx, 5xx or error, not '\(text)'")
                }
            case "--url":
                options.query.urlContains = try reader.value(of: option)
            case "--since":
                options.query.since = try time(try reader.value(of: option), flag: option, now: now)
            case "--until":
                options.query.until = try time(try reader.value(of: option), flag: option, now: now)
            case "--yes", "-y":
                options.confirmed = true
            case "--keep":
                guard let keep = Int(try reader.value(of: option)), keep >= 0 else { throw UsageError(message: "--keep needs a number of entries, 0 or more") }
                options.keep = keep
            case "--header", "-H", "--include", "-i", "--env", "--var", "--no-history", "--allow-env", "--seed":
                throw UsageError(message: "\(option) applies to 'curlew history resend' only")
            default:
                throw UsageError(message: "\(option) is in the table of curlew history but not read")
            }
        }
        switch positionals.first {
        case nil:
            break
        case "show":
            guard positionals.count >= 2 else { throw UsageError(message: "show needs an entry: an ID (or a prefix of one) or N for the N-th newest") }
            guard positionals.count == 2 else { throw UsageError(message: "unknown argument '\(positionals[2])'") }
            options.showID = positionals[1]
        case "delete":
            guard positionals.count >= 2 else { throw UsageError(message: "delete needs the id of an entry (see 'curlew history')") }
            options.maintenance = .delete(Array(positionals.dropFirst()))
        case "clear":
            guard positionals.count == 1 else { throw UsageError(message: "unknown argument '\(positionals[1])'") }
            guard options.confirmed else { throw UsageError(message: "clear removes every history entry; add --yes to do it") }
            options.maintenance = .clear
        case "compact":
            guard positionals.count == 1 else { throw UsageError(message: "unknown argument '\(positionals[1])'") }
            options.maintenance = .compact(keeping: options.keep ?? HistorySettings().maximumEntries)
        case let other?:
            throw UsageError(message: "unknown argument '\(other)'")
        }
        if options.confirmed, options.maintenance != .clear { throw UsageError(message: "--yes applies to 'curlew history clear' only") }
        if options.keep != nil {
            guard case .compact = options.maintenance else { throw UsageError(message: "--keep applies to 'curlew history compact' only") }
        }
        if let since = options.query.since, let until = options.query.until, since >= until {
            throw UsageError(message: "--since (\(HistoryFormatting.timestamp(since))) must be before --until (\(HistoryFormatting.timestamp(until))); no entry could match")
        }
        options.query.limit = options.limit == 0 ? nil : options.limit
        return options
    }

    /// The moment a `--since` or `--until` value names; the error names the flag, the value and the accepted forms.
    private static func time(_ text: String, flag: String, now: Date) throws(UsageError) -> Date {
        do {
            return try HistoryTimeBound.parse(text, now: now)
        } catch {
            throw UsageError(message: "\(flag): \(error)")
        }
    }

    private static func reportProblems(_ contents: HistoryFile.Index, path: String) {
        for problem in contents.problems {
            StandardStreams.writeError("curlew: \(path): \(problem)\n")
        }
        if let aside = contents.movedAside {
            StandardStreams.writeError("curlew: the history file could not be read at all; it was moved to \(aside) and a fresh history was started.\n")
        }
    }

    private static func list(options: Options, store: HistoryStore) throws -> Int32 {
        let (entries, contents) = try store.query(options.query)
        reportProblems(contents, path: store.paths.historyFile)
        if options.json {
            let trees = try entries.map { try CanonicalJSON.tree(of: $0) }
            FileHandle.standardOutput.write(CanonicalJSON.format(.array(trees)))
            return 0
        }
        if entries.isEmpty {
            StandardStreams.writeOut((contents.summaries.isEmpty ? "The history is empty." : "No entries match.") + "\n")
            return 0
        }
        StandardStreams.writeOut(HistoryFormatting.tableHeader + "\n")
        for entry in entries { StandardStreams.writeOutside(HistoryFormatting.row(entry) + "\n") }
        return 0
    }

    private static func show(id: String, store: HistoryStore, json: Bool) throws -> Int32 {
        guard let entry = try HistoryResend.find(id, in: store) else {
            StandardStreams.writeError("curlew history: no entry '\(ResponseOutput.visibleLine(id))' (an id, a unique prefix of one, or N for the N-th newest). Run 'curlew history' to list them.\n")
            return 1
        }
        if json {
            FileHandle.standardOutput.write(try CanonicalJSON.encode(entry))
            return 0
        }
        StandardStreams.writeOutside(HistoryFormatting.details(entry, body: try store.responseBody(of: entry)) + "\n")
        return 0
    }
}
