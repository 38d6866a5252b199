import CommandLineArguments
import Foundation
import RequestKit
import Replay
import RequestStore

/// The command line of `curlew run`, read and range-checked.
struct RunArguments {
    /// The collection file or folder (or the name of one in the data folder's collections).
    var target = ""
    /// Requests or folders to run, by path, name or id; empty for all.
    var names: [String] = []
    /// `--env NAME`.
    var environment: String?
    /// `--var NAME=VALUE` (or `--variable`) and `--variables-file FILE`, the last one of a name winning.
    var variables: [String: String] = [:]
    /// `--data FILE`.
    var dataFile: String?
    /// `--repeat N`.
    var repeatCount = 1
    /// The runner's options (`--concurrency`, `--bail`, `--delay`, `--retry`, `--retry-interval`, `--timeout`, `--no-cookies`).
    var options = RunOptions()
    /// `--report FORMAT:FILE`, in the order given.
    var reports: [(format: RunReportFormat, path: String)] = []
    /// `--quiet`: only failures and the summary.
    var quiet = false
    /// `--verbose`: request and response heads under each line.
    var verbose = false
    /// `--no-history`.
    var noHistory = false
    /// `--data-dir DIR`.
    var dataDirectory: String?
    /// `--cookie-jar FILE`: the jar file the run starts from and writes back.
    var cookieJar: String?

    /// The largest `--repeat`.
    static let repeatRange = 1...1_000_000

    /// Reads the arguments after `run`.
    static func parse(_ arguments: [String]) throws(UsageError) -> RunArguments {
        var parsed = RunArguments()
        var reader = ArgumentReader(arguments, command: RunCommandSpec.spec)
        var positionals: [String] = []
        while let token = try reader.next() {
            switch token {
            case .positional(let text):
                positionals.append(text)
            case .option(let option):
                try parsed.apply(option, reader: &reader)
            }
        }
        guard let target = positionals.first else {
            throw UsageError(message: "give a collection file or folder to run, e.g. curlew run api/shop.json")
        }
        parsed.target = target
        parsed.names = Array(positionals.dropFirst())
        if !parsed.options.cookies, parsed.cookieJar != nil {
            throw UsageError(message: "--no-cookies and --cookie-jar cannot be used together: choose one")
        }
        if parsed.quiet && parsed.verbose { throw UsageError(message: "--quiet and --verbose cannot be used together") }
        parsed.options.exchanges = parsed.verbose ? .heads : .none
        return parsed
    }

    private mutating func apply(_ option: String, reader: inout ArgumentReader) throws(UsageError) {
        switch option {
        case "--env": environment = try reader.value(of: option)
        case "--var", "--variable":
            let text = try reader.value(of: option)
            guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
                throw UsageError(message: "\(option) needs NAME=VALUE, not '\(text)'")
            }
            variables[String(text[..<equals])] = String(text[text.index(after: equals)...])
        case "--variables-file":
            let path = try reader.value(of: option)
            do {
                for (name, value) in try VariablesFile.read(path) { variables[name] = value }
            } catch {
                throw UsageError(message: "--variables-file \(error.description)")
            }
        case "--data": dataFile = try reader.value(of: option)
        case "--concurrency": options.concurrency = try Self.integer(option, &reader, in: RunOptions.concurrencyRange)
        case "--bail": options.bail = true
        case "--repeat": repeatCount = try Self.integer(option, &reader, in: Self.repeatRange)
        case "--delay": options.delayMilliseconds = try Self.milliseconds(option, &reader)
        case "--retry": options.retry = try Self.integer(option, &reader, in: RunOptions.retryRange)
        case "--retry-interval": options.retryIntervalMilliseconds = try Self.milliseconds(option, &reader)
        case "--timeout":
            let text = try reader.value(of: option)
            guard let seconds = Double(text), seconds.isFinite, RunOptions.timeoutRange.contains(seconds) else {
                throw UsageError(message: "--timeout needs a number of seconds from 0 to \(Int(RunOptions.timeoutRange.upperBound)), not '\(text)'")
            }
            options.timeout = seconds
        case "--stream-timeout":
            let seconds = try SendArguments.checked(NumberReading.seconds(try reader.value(of: option)), option: option)
            options.streamSeconds = seconds == 0 ? nil : seconds
        case "--max-filesize":
            options.maxResponseSize = try SendArguments.checked(NumberReading.byteCount(try reader.value(of: option)), option: option)
        case "--report":
            let text = try reader.value(of: option)
            guard let colon = text.firstIndex(of: ":"), let format = RunReportFormat(rawValue: String(text[..<colon])),
                  text.index(after: colon) < text.endIndex else {
                throw UsageError(message: "--report needs FORMAT:FILE with FORMAT junit, json or tap, not '\(text)'")
            }
            reports.append((format, String(text[text.index(after: colon)...])))
        case "--quiet", "-q": quiet = true
        case "--verbose", "-v": verbose = true
        case "--no-history": noHistory = true
        case "--no-cookies": options.cookies = false
        case "--cookie-jar": cookieJar = try reader.value(of: option)
        case "--location", "-L": options.followRedirects = true
        case "--max-redirs":
            options.maxRedirects = try SendArguments.checked(
                NumberReading.count(try reader.value(of: option), in: 0...NumberReading.maximumRedirects, of: "redirects"), option: option)
        case "--user-agent", "-A": options.userAgent = try reader.value(of: option)
        case "--user", "-u":
            let credentials = try reader.value(of: option)
            guard credentials.contains(":") else { throw UsageError(message: "--user needs USER:PASSWORD, not '\(credentials)'") }
            options.basicCredentials = credentials
        case "--header", "-H":
            let text = try reader.value(of: option)
            guard let colon = text.firstIndex(of: ":"), colon != text.startIndex else {
                throw UsageError(message: "--header needs 'Name: value', not '\(text)'")
            }
            options.extraHeaders.append(KeyValueRow(
                name: String(text[..<colon]).trimmingCharacters(in: .whitespaces),
                value: String(text[text.index(after: colon)...]).trimmingCharacters(in: .whitespaces)))
        case "--http1.0": options.httpVersion = .http1_0
        case "--http1.1": options.httpVersion = .http1_1
        case "--http2": options.httpVersion = .http2
        case "--http2-prior-knowledge": options.httpVersion = .http2PriorKnowledge
        case "--data-dir": dataDirectory = try reader.value(of: option)
        case "--file-root": options.trust.fileRoot = try reader.value(of: option)
        case "--allow-env": options.trust.allowedEnvironment.insert(try TrustOptions.environmentName(try reader.value(of: option)))
        case "--overwrite-output": options.trust.mayReplaceFiles = true
        default:
            throw UsageError(message: "\(option) is in the table of curlew run but not read")
        }
    }

    /// A duration as milliseconds (`1500`), or with a unit as Hurl takes it (`100ms`, `2s`, `1m`), within `RunOptions.millisecondsRange`.
    private static func milliseconds(_ option: String, _ reader: inout ArgumentReader) throws(UsageError) -> Int {
        let text = try reader.value(of: option)
        let range = RunOptions.millisecondsRange
        guard let milliseconds = NumberReading.milliseconds(text, in: range) else {
            throw UsageError(message: "\(option) needs milliseconds from \(range.lowerBound) to \(range.upperBound), or a duration such as 100ms, 2s or 1m, not '\(text)'")
        }
        return milliseconds
    }

    /// A whole number within a range, or a usage error naming the option and the range.
    private static func integer(_ option: String, _ reader: inout ArgumentReader, in range: ClosedRange<Int>) throws(UsageError) -> Int {
        let text = try reader.value(of: option)
        guard let number = Int(text), range.contains(number) else {
            throw UsageError(message: "\(option) needs a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
        }
        return number
    }
}
