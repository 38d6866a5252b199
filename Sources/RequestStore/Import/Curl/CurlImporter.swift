import RequestKit

/// A request read from a curl command, with what could not be carried over.
public struct ImportedCurlRequest: Hashable, Sendable {
    /// The request as curl would send it.
    public var request: Request
    /// A short name for the request, e.g. `POST /users`.
    public var suggestedName: String
    /// Options and shell features that were ignored or changed.
    public var warnings: [ConversionWarning]

    /// Creates an imported request.
    public init(request: Request, suggestedName: String, warnings: [ConversionWarning]) {
        self.request = request
        self.suggestedName = suggestedName
        self.warnings = warnings
    }
}

/// Reads curl command lines (bash, zsh or Windows cmd syntax) into requests.
public enum CurlImporter {
    /// Parses every curl command in a text; other commands (e.g. `| jq`) are reported and skipped.
    ///
    /// A command with several URLs, or with `--next`, gives several requests.
    public static func parse(_ text: String) throws -> [ImportedCurlRequest] {
        let tokenization: ShellTokenization
        do {
            tokenization = WindowsCommandTokenizer.looksLikeCmd(text)
                ? try WindowsCommandTokenizer.tokenize(text)
                : try PosixShellTokenizer.tokenize(text)
        } catch let error as ShellTokenizerError {
            throw CurlImportError.unreadable(error)
        }
        let (commands, shellWarnings) = tokenization.commands()
        var results: [ImportedCurlRequest] = []
        var skipped: [ConversionWarning] = []
        for words in commands {
            guard let curlIndex = words.firstIndex(where: isCurlProgram) else {
                skipped.append(ConversionWarning(.note, at: words.prefix(3).joined(separator: " "), "not a curl command; skipped"))
                continue
            }
            results += try parseCommand(Array(words[(curlIndex + 1)...]))
        }
        guard !results.isEmpty else {
            throw CurlImportError.notACurlCommand(firstWord: commands.first?.first ?? "")
        }
        let shared = shellWarnings + skipped
        if !shared.isEmpty { results[0].warnings = shared + results[0].warnings }
        return results
    }

    /// Parses the arguments after the `curl` word of one command.
    static func parseCommand(_ arguments: [String]) throws -> [ImportedCurlRequest] {
        let (invocations, argumentWarnings) = try CurlArgumentParser.parse(arguments)
        var results: [ImportedCurlRequest] = []
        for invocation in invocations {
            var settings = CurlSettings()
            var urls = invocation.urls
            for option in invocation.options {
                if option.name == "url", let value = option.value { urls.append(value) }
                settings.apply(option)
            }
            if urls.isEmpty {
                if invocation.options.isEmpty && invocations.count > 1 { continue }
                throw CurlImportError.missingURL
            }
            for url in urls {
                var perURL = settings
                let request = CurlRequestAssembler.request(for: url, settings: &perURL)
                let warnings = (results.isEmpty ? argumentWarnings : []) + perURL.warnings
                results.append(ImportedCurlRequest(request: request, suggestedName: suggestedName(for: request), warnings: warnings))
            }
        }
        return results
    }

    /// Whether a word runs curl: `curl`, `curl.exe` or a path ending in either.
    static func isCurlProgram(_ word: String) -> Bool {
        let last = word.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? word
        return last == "curl" || last.lowercased() == "curl.exe"
    }

    /// A name such as `GET /v2/images` from the method and the URL's path.
    static func suggestedName(for request: Request) -> String {
        var rest = Substring(request.url)
        if let scheme = rest.range(of: "://") { rest = rest[scheme.upperBound...] }
        let path = rest.firstIndex(of: "/").map { rest[$0...] } ?? "/"
        let withoutQuery = path.prefix { $0 != "?" && $0 != "#" }
        return "\(request.method.rawValue) \(withoutQuery)"
    }
}
