import CommandLineArguments
import Foundation
import RequestKit
import RequestStore

/// `curlew history resend ID|N`: sends a recorded request again. Secrets that came from variables are resolved
/// anew (`--env`, `--var`, the process environment); a secret typed directly, stored as `[redacted]`, is asked
/// for on a terminal or given with `--header`.
enum HistoryResend {
    /// What the command line asked for.
    struct Options {
        /// The entry: an id or a prefix of one, or N for the N-th newest.
        var target = ""
        /// `--env`, `--var`, `--data-dir`, `--no-history`.
        var store = SendStoreOptions()
        /// `-H 'Name: value'`: headers that replace the entry's of the same name.
        var headers = HTTPHeaders()
        /// `-i`: the status line and headers first.
        var include = false
    }

    /// Reads the arguments after `history resend`.
    static func parse(_ arguments: [String]) throws(UsageError) -> Options {
        var options = Options()
        let (store, rest) = try SendStoreOptions.extract(from: arguments)
        if store.from != nil { throw UsageError(message: "resend sends a history entry; --from does not apply") }
        options.store = store
        var reader = ArgumentReader(rest, command: HistoryCommandSpec.resend)
        var positionals: [String] = []
        while let token = try reader.next() {
            switch token {
            case .positional(let text): positionals.append(text)
            case .option("-i"), .option("--include"): options.include = true
            case .option(let option) where option == "-H" || option == "--header":
                let text = try reader.value(of: option)
                guard let colon = text.firstIndex(of: ":"), !text[..<colon].trimmingCharacters(in: .whitespaces).isEmpty else {
                    throw UsageError(message: "\(option) needs 'Name: value', not '\(text)'")
                }
                options.headers.add(name: String(text[..<colon]).trimmingCharacters(in: .whitespaces),
                                    value: String(text[text.index(after: colon)...]).trimmingCharacters(in: .whitespaces))
            case .option(let option):
                throw UsageError(message: "\(option) is in the table of curlew history resend but not read")
            }
        }
        guard positionals.count == 1 else {
            throw UsageError(message: positionals.isEmpty ? "resend needs an entry: an ID (or a prefix of one) or N for the N-th newest"
                                                          : "unexpected argument '\(positionals[1])': resend takes one entry")
        }
        options.target = positionals[0]
        return options
    }

    /// Runs `curlew history resend`.
    static func run(arguments: [String]) async -> Int32 {
        let options: Options
        do {
            options = try parse(arguments)
        } catch {
            StandardStreams.writeError("curlew history resend: \(error.message)\nRun 'curlew history --help' for usage.\n")
            return 2
        }
        let paths = options.store.paths
        let entry: HistoryEntry
        do {
            guard let found = try find(options.target, in: HistoryStore(paths: paths)) else {
                StandardStreams.writeError("curlew history resend: no entry '\(options.target)' (an id, a unique prefix of one, or N for the N-th newest). Run 'curlew history' to list them.\n")
                return 1
            }
            entry = found
        } catch {
            StandardStreams.writeError("curlew history resend: \(error)\n")
            return 1
        }
        var saved = HistoryReplay.savedRequest(from: entry)
        var typed: [String] = []
        for header in options.headers {
            if replacesSecret(header, in: saved) { typed.append(header.value) }
            saved.headers.removeAll { $0.name.lowercased() == header.name.lowercased() }
            saved.headers.append(KeyValueRow(name: header.name, value: header.value))
            if header.name.lowercased() == "authorization" { saved.auth = .none }
        }
        for place in HistoryReplay.literalSecrets(in: saved) {
            guard let value = askForSecret(place) else {
                StandardStreams.writeError("curlew history resend: \(missingSecretMessage(place, entry: entry))\n")
                return 2
            }
            typed.append(value)
            HistoryReplay.fill(place, with: value, in: &saved)
        }
        let request: Request
        let variables: SendVariables
        let origin = ResendOrigin.of(entry, environment: options.store.environment, paths: paths)
        do {
            (request, variables) = try resolve(saved, entry: entry, origin: origin, options: options.store, typed: typed)
        } catch {
            StandardStreams.writeError("curlew history resend: \(error)\n")
            return 2
        }
        // The new entry records the same collection and environment, so that it too can be sent again.
        var recording = options.store
        recording.environment = origin.environmentName
        do {
            return try await send(request, history: SendHistory(options: recording, variables: variables), include: options.include)
        } catch {
            StandardStreams.writeError("curlew: \(error.message)\n")
            return error.exitCode
        }
    }

    /// Sends the request, records the exchange and prints the response.
    private static func send(_ request: Request, history: SendHistory, include: Bool) async throws(NetworkError) -> Int32 {
        let prepared = try request.prepared()
        for warning in prepared.warnings { StandardStreams.writeError("curlew: warning: \(warning)\n") }
        let response: Response
        do {
            response = try await Client().send(prepared: prepared, options: request.options)
        } catch {
            history.record(prepared, response: nil, error: error.message)
            throw error
        }
        history.record(prepared, response: response, error: nil)
        ResponseOutput(toTerminal: StandardStreams.stdoutIsTerminal, include: include).write(response)
        return 0
    }

    /// The entry named by an id, a unique prefix of one, or N for the N-th newest.
    static func find(_ target: String, in store: HistoryStore) throws(StoreError) -> HistoryEntry? {
        if !target.isEmpty, target.allSatisfy(\.isASCII), let position = Int(target), position >= 1 {
            let (entries, _) = try store.query(HistoryQuery(limit: position))
            return entries.count == position ? entries.last : nil
        }
        return try store.entry(id: target)
    }

    /// The request with its variables resolved, and the secrets to mask when it is recorded: the scope's own,
    /// the variables the entry held secrets in, and the values typed for `[redacted]`.
    private static func resolve(
        _ saved: SavedRequest, entry: HistoryEntry, origin: ResendOrigin, options: SendStoreOptions, typed: [String]
    ) throws -> (Request, SendVariables) {
        let environment = try origin.environmentVariables(paths: options.paths)
        // An entry sent from the command line holds what the user typed; one from a collection is the collection's.
        var policy = try UserTrust.policy(TrustPolicy(allowedEnvironment: options.allowedEnvironment), paths: options.paths)
        if entry.source == nil, let template = entry.request.template {
            policy.allowedEnvironment.formUnion(UserTrust.environmentNames(typedIn: [template.url, template.body ?? ""] + template.headers.map(\.value)))
        }
        var scope = VariableScope(commandLine: options.variables, environment: environment, collection: origin.collectionVariables,
                                  process: ProcessInfo.processInfo.environment, policy: policy, builtins: .seeded(options.seed))
        scope.layers = origin.variableLayers(of: entry)
        scope.prompter = TerminalPrompter.shared
        let boundary = TrustBoundary(policy: policy, baseDirectory: nil, source: entry.source.map { "the history entry from \($0)" })
        let request = try RequestConversion.makeRequest(saved, headers: saved.headers, auth: saved.auth, scope: scope, boundary: boundary)
        var variables = SendVariables(scope: scope, source: entry.source, templates: [entry.request.template.map { $0.url + ($0.body ?? "") + $0.headers.map(\.value).joined() } ?? ""])
        for name in HistoryReplay.variableNames(in: entry) {
            if let value = scope.lookup(name)?.value, !value.isEmpty { variables.extraSecrets[value] = name }
        }
        variables.typedSecrets = typed
        variables.collectionFile = origin.collection?.path
        return (request, variables)
    }

    /// Whether a header given with `-H` stands in for a secret the entry holds as `[redacted]`: its value is
    /// then a typed secret, masked when the exchange is recorded.
    private static func replacesSecret(_ header: HTTPHeader, in saved: SavedRequest) -> Bool {
        let name = header.name.lowercased()
        if saved.headers.contains(where: { $0.name.lowercased() == name && $0.value.contains(Redaction.marker) }) { return true }
        guard name == "authorization" else { return false }
        switch saved.auth {
        case .bearer(let token): return token.contains(Redaction.marker)
        case .basic(_, let password): return password.contains(Redaction.marker)
        default: return false
        }
    }

    /// Asks for a secret on the terminal without echo; nil when stdin is not a terminal.
    private static func askForSecret(_ place: HistoryReplay.Place) -> String? {
        guard isatty(STDIN_FILENO) == 1 else { return nil }
        let what = String(describing: place)
        StandardStreams.writeError(what.prefix(1).uppercased() + what.dropFirst() + " was stored as \(Redaction.marker) (it was typed directly). Type it: ")
        return TerminalLine.readHidden()
    }

    /// Why the entry cannot be sent without a terminal, and how to give the secret.
    static func missingSecretMessage(_ place: HistoryReplay.Place, entry: HistoryEntry) -> String {
        let start = "\(place) of entry \(entry.id) was stored as \(Redaction.marker): the secret was typed directly, not taken from a variable, so the history does not have it. "
        switch place {
        case .header(let name):
            return start + "Give it with -H '\(name): VALUE' (or run resend on a terminal to type it)."
        case .bearerToken, .basicPassword:
            return start + "Give it with -H 'Authorization: VALUE' (or run resend on a terminal to type it)."
        case .url, .body:
            return start + "Run resend on a terminal to type it, or send the request with 'curlew send' and a {{variable}} given with --var."
        }
    }
}
