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
    /// The runner's options (`--concurrency`, `--bail`, `--delay`, `--retry`, `--retry-interval`, `--timeout`, `--no-cookies`),
    /// and the settings for every request (`--location`, `--insecure`, `--cacert`, `--user`, `--header`, …).
    var options = RunOptions()
    /// `--report FORMAT:FILE` and Hurl's `--report-*` options, in the order given; `folder` is the folder to
    /// create first (`--report-json DIR`, `--report-html DIR`).
    var reports: [(format: RunReportFormat, path: String, folder: String?)] = []
    /// `--glob PATTERN`: patterns whose matching files run after the files named.
    var globs: [String] = []
    /// `--no-color`.
    var noColor = false
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
    /// `--output FILE` (`-o`): where the last response body of each file's run goes; `-` is standard output.
    var output: String?
    /// `--secret NAME=VALUE` and `--secrets-file FILE`: variables whose values are masked wherever they are shown.
    var secrets: [String: String] = [:]
    /// `--seed N`: the seed of the random built-ins.
    var seed: UInt64?
    /// `--sign-in-timeout SECONDS`: how long an OAuth 2.0 sign-in may take.
    var signInTimeout = SignInTimeoutOption.defaultSeconds

    /// curl's connection and credential flags (`--connect-to`, `--digest`, `--netrc-file`, …), laid over every request.
    private var connection = ConnectionOptions()
    /// `--parallel`: files side by side, as many as there are CPUs unless `--jobs` says.
    private var parallel = false
    /// Whether `--concurrency` or `--jobs` was given.
    private var concurrencyGiven = false

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
        if let target = positionals.first {
            parsed.target = target
            parsed.names = Array(positionals.dropFirst())
        } else if parsed.globs.isEmpty {
            throw UsageError(message: "give a collection file or folder to run, e.g. curlew run api/shop.json, or --glob 'tests/*.hurl'")
        }
        parsed.options.requestDefaults.connection = parsed.connection.connection
        parsed.options.requestDefaults.authScheme = parsed.connection.authScheme
        try parsed.connection.validate()
        if let login = parsed.connection.schemeLogin {
            parsed.options.requestDefaults.user = login.user
            parsed.options.requestDefaults.password = login.password
            if let token = login.sessionToken {
                parsed.options.requestDefaults.headers.add(name: "X-Amz-Security-Token", value: token)
                parsed.options.requestDefaults.maskedValues.append(token)
            }
        }
        if parsed.parallel, !parsed.concurrencyGiven {
            parsed.options.concurrency = min(max(ProcessInfo.processInfo.activeProcessorCount, 1), RunOptions.concurrencyRange.upperBound)
        }
        if !parsed.options.cookies, parsed.cookieJar != nil {
            throw UsageError(message: "--no-cookies and --cookie-jar cannot be used together: choose one")
        }
        if parsed.quiet && parsed.verbose { throw UsageError(message: "--quiet and --verbose cannot be used together") }
        parsed.options.exchanges = parsed.verbose ? .heads : .none
        parsed.options.keepsBodies = parsed.output != nil
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
        case "--secret":
            let text = try reader.value(of: option)
            guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
                throw UsageError(message: "--secret needs NAME=VALUE, not a value without a name")
            }
            secrets[String(text[..<equals])] = String(text[text.index(after: equals)...])
        case "--secrets-file":
            let path = try reader.value(of: option)
            do {
                for (name, value) in try VariablesFile.read(path) { secrets[name] = value }
            } catch {
                throw UsageError(message: "--secrets-file \(error.description)")
            }
        case "--ignore-asserts", "--no-assert": options.ignoresAsserts = true
        case "--no-header":
            let name = try reader.value(of: option)
            guard HTTPMethod(rawValue: name).isValidToken else { throw UsageError(message: "--no-header needs a header name, not '\(name)'") }
            options.requestDefaults.removedHeaders.append(name)
        case "--output", "-o":
            let path = try reader.value(of: option)
            guard !path.isEmpty else { throw UsageError(message: "--output needs a file, or - for standard output") }
            output = path
        case "--concurrency", "--jobs":
            options.concurrency = try Self.integer(option, &reader, in: RunOptions.concurrencyRange)
            concurrencyGiven = true
        case "--parallel": parallel = true
        case "--bail": options.bail = true
        case "--repeat": repeatCount = try Self.integer(option, &reader, in: Self.repeatRange)
        case "--delay": options.delayMilliseconds = try Self.milliseconds(option, &reader)
        case "--retry":
            let text = try reader.value(of: option)
            if text == "-1" {
                options.retry = RunOptions.retryRange.upperBound
            } else {
                guard let number = Int(text), RunOptions.retryRange.contains(number) else {
                    throw UsageError(message: "--retry needs a whole number from 0 to \(RunOptions.retryRange.upperBound), or -1 for \(RunOptions.retryRange.upperBound), not '\(text)'")
                }
                options.retry = number
            }
        case "--retry-interval": options.retryIntervalMilliseconds = try Self.milliseconds(option, &reader)
        case "--timeout", "--max-time", "-m":
            options.timeout = try Self.seconds(option, &reader, upTo: RunOptions.timeoutRange.upperBound)
        case "--connect-timeout":
            options.requestDefaults.connectTimeout = try Self.seconds(option, &reader, upTo: RunOptions.timeoutRange.upperBound)
        case "--location", "-L": options.requestDefaults.followRedirects = true
        case "--max-redirs":
            let text = try reader.value(of: option)
            options.requestDefaults.maxRedirects = text == "-1" ? NumberReading.maximumRedirects
                : try SendArguments.checked(NumberReading.count(text, in: 0...NumberReading.maximumRedirects, of: "redirects"), option: option)
        case "--user-agent", "-A": options.requestDefaults.userAgent = try reader.value(of: option)
        case "--insecure", "-k": options.requestDefaults.insecure = true
        case "--cacert": options.requestDefaults.caBundlePath = try Self.userFile(option, &reader)
        case "--cert", "-E": options.requestDefaults.clientCertificatePath = try Self.userFile(option, &reader)
        case "--key": options.requestDefaults.clientKeyPath = try Self.userFile(option, &reader)
        case "--user", "-u":
            let text = try reader.value(of: option)
            guard let colon = text.firstIndex(of: ":") else { throw UsageError(message: "\(option) needs USER:PASSWORD, not '\(text)'") }
            options.requestDefaults.user = String(text[..<colon])
            options.requestDefaults.password = String(text[text.index(after: colon)...])
        case "--header", "-H":
            let header = try SendArguments.header(try reader.value(of: option), option: option)
            options.requestDefaults.headers.add(name: header.name, value: header.value)
        case "--compressed": options.compressed = true
        case "--test", "--continue-on-error": break
        case "--glob":
            let pattern = try reader.value(of: option)
            guard !pattern.isEmpty else { throw UsageError(message: "--glob needs a pattern such as 'tests/**/*.hurl'") }
            globs.append(pattern)
        case "--report-junit": reports.append((.junit, try reader.value(of: option), nil))
        case "--report-tap": reports.append((.tap, try reader.value(of: option), nil))
        case "--report-json":
            let folder = try reader.value(of: option)
            reports.append((.hurlJSON, folder + "/report.json", folder))
        case "--report-html":
            let folder = try reader.value(of: option)
            reports.append((.html, folder + "/index.html", folder))
        case "--no-color": noColor = true
        case "--sign-in-timeout":
            signInTimeout = try SignInTimeoutOption.value(try reader.value(of: option))
        case "--stream-timeout":
            let seconds = try SendArguments.checked(NumberReading.seconds(try reader.value(of: option)), option: option)
            options.streamSeconds = seconds == 0 ? nil : seconds
        case "--max-filesize":
            options.maxResponseSize = try SendArguments.checked(NumberReading.byteCount(try reader.value(of: option)), option: option)
        case "--report":
            let text = try reader.value(of: option)
            guard let colon = text.firstIndex(of: ":"), let format = RunReportFormat(rawValue: String(text[..<colon])),
                  RunReportFormat.commandLineFormats.contains(format), text.index(after: colon) < text.endIndex else {
                let names = RunReportFormat.commandLineFormats.map(\.rawValue).joined(separator: ", ")
                throw UsageError(message: "--report needs FORMAT:FILE with FORMAT one of \(names), not '\(text)'")
            }
            reports.append((format, String(text[text.index(after: colon)...]), nil))
        case "--quiet", "-q": quiet = true
        case "--verbose", "-v": verbose = true
        case "--no-history": noHistory = true
        case "--no-cookies", "--no-cookie-store": options.cookies = false
        case "--cookie-jar": cookieJar = try reader.value(of: option)
        case "--http1.0", "-0": options.httpVersion = .http1_0
        case "--http1.1": options.httpVersion = .http1_1
        case "--http2": options.httpVersion = .http2
        case "--http2-prior-knowledge": options.httpVersion = .http2PriorKnowledge
        case "--data-dir": dataDirectory = try reader.value(of: option)
        case "--file-root": options.trust.fileRoot = try reader.value(of: option)
        case "--allow-env": options.trust.allowedEnvironment.insert(try TrustOptions.environmentName(try reader.value(of: option)))
        case "--overwrite-output": options.trust.mayReplaceFiles = true
        case "--seed": seed = try SeedOption.value(try reader.value(of: option))
        default:
            guard try connection.read(option, reader: &reader) else {
                throw UsageError(message: "\(option) is in the table of curlew run but not read")
            }
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

    /// A duration in seconds (a number of seconds, or with a unit: 20s, 3500ms, 1m).
    private static func seconds(_ option: String, _ reader: inout ArgumentReader, upTo limit: Double) throws(UsageError) -> Double {
        let text = try reader.value(of: option)
        guard let value = DurationText.milliseconds(text, defaultUnit: 1000), value / 1000 <= limit else {
            throw UsageError(message: "\(option) needs a number of seconds from 0 to \(Int(limit)) (or 20s, 3500ms, 1m), not '\(text)'")
        }
        return value / 1000
    }

    /// A file of the user's own (a certificate, a key, a CA bundle), as an absolute path; it must exist.
    private static func userFile(_ option: String, _ reader: inout ArgumentReader) throws(UsageError) -> String {
        let text = try reader.value(of: option)
        let path = text.hasPrefix("/") ? text : FileManager.default.currentDirectoryPath + "/" + text
        guard FileManager.default.fileExists(atPath: path) else {
            if let colon = text.lastIndex(of: ":"), FileManager.default.fileExists(atPath: String(text[..<colon])) {
                throw UsageError(message: "\(option) '\(text)': curlew reads no certificate password; give an unencrypted key with --key")
            }
            throw UsageError(message: "\(option) cannot find the file '\(text)'")
        }
        return path
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
