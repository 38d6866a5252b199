import CommandLineArguments
import Foundation
import RequestKit
import RequestStore

/// `curlew history`: lists recorded exchanges newest first, or shows one whole.
enum HistoryCommand: Subcommand {
    static let name = "history"
    static let summary = "List recorded requests, newest first, show one, or send one again"
    static let help = """
        Usage: curlew history [--limit N] [--json] [--method M] [--status 2xx] [--url TEXT]
                              [--since WHEN] [--until WHEN] [--data-dir DIR]
               curlew history show ID [--json] [--data-dir DIR]
               curlew history resend ID|N [--env NAME] [--var NAME=VALUE …] [-H 'Name: value' …]

        Lists the exchanges recorded in the history, newest first (20 unless --limit is given).
        'show' prints one entry whole: request, response headers, timings and body. ID may be
        any unique prefix of an entry's id.

        Options:
          --limit N        Show at most N entries (0 for all).
          --json           Print JSON (an array for the list, an object for show).
          --method M       Only this method, e.g. POST.
          --status CLASS   Only this status class: 2xx, 3xx, 4xx, 5xx, or 'error' for no response.
          --url TEXT       Only URLs containing TEXT (case-insensitive).
          --since WHEN     Only entries sent at or after WHEN.
          --until WHEN     Only entries sent before WHEN.
          --data-dir DIR   The data folder (default: $CURLEW_HOME, else $XDG_DATA_HOME/curlew,
                           else ~/.local/share/curlew).

        WHEN is an ISO 8601 date (2026-11-30, the start of that day in local time), a date-time
        (2026-11-30T14:05:00Z, 2026-11-30T14:05:00+01:00, or 2026-11-30T14:05 for local time),
        or an age meaning that long ago: 45s, 30m, 2h, 7d, 2w.

        """ + HistoryResend.help

    /// What the command line asked for.
    struct Options {
        var showID: String?
        var limit = 20
        var json = false
        var dataDirectory: String?
        var query = HistoryQuery()
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
        var index = 0
        func value(_ flag: String) throws(UsageError) -> String {
            index += 1
            guard index < arguments.count else { throw UsageError(message: "\(flag) needs a value") }
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "show":
                options.showID = try value("show")
            case "--limit", "-n":
                guard let limit = Int(try value(argument)), limit >= 0 else { throw UsageError(message: "--limit needs a number of entries, 0 or more") }
                options.limit = limit
            case "--json":
                options.json = true
            case "--data-dir":
                options.dataDirectory = try value(argument)
            case "--method", "-X":
                options.query.method = HTTPMethod(rawValue: try value(argument))
            case "--status":
                let text = try value(argument).lowercased()
                if text == "error" {
                    options.query.statusClass = 0
                } else if text.count == 3, text.hasSuffix("xx"), let digit = Int(text.prefix(1)), (1...5).contains(digit) {
                    options.query.statusClass = digit
                } else {
                    throw UsageError(message: "--status takes 1xx, 2xx, 3xx, 4xx, 5xx or error, not '\(text)'")
                }
            case "--url":
                options.query.urlContains = try value(argument)
            case "--since":
                options.query.since = try time(try value(argument), flag: argument, now: now)
            case "--until":
                options.query.until = try time(try value(argument), flag: argument, now: now)
            default:
                throw UsageError(message: "unknown argument '\(argument)'")
            }
            index += 1
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
        guard let entry = try store.entry(id: id) else {
            StandardStreams.writeError("curlew history: no entry with the id '\(id)' (or several start with it). Run 'curlew history' to list ids.\n")
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
