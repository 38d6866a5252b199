import CommandLineArguments
import Foundation
import RequestKit
import RequestStore

/// Builds the request of `curlew send` from its arguments and the store options: a saved request (`--from`)
/// or the one typed on the command line, with `{{variables}}` resolved and the history recorder ready.
enum SendFromStore {
    /// The parsed arguments, the request to send, and where to record it.
    struct Prepared {
        var arguments: SendArguments
        var request: Request
        var history: SendHistory
        /// Whether the client keeps cookies (false with `--no-cookies`).
        var cookies = true
        /// The jar file read before sending and written after: `--cookie-jar FILE`, else with `--from` the
        /// collection's jar for the environment in the data folder; nil for an in-memory jar only.
        var cookieJar: PersistentCookieJar?
        /// The collection file the request comes from (nil for a command line's own), keying its OAuth 2.0 token.
        var collectionFile: String?
    }

    /// Reads the request options and applies the store options to them.
    static func prepare(_ rest: [String], options: SendStoreOptions) throws -> Prepared {
        guard let from = options.from else {
            let arguments = try SendArguments.parse(rest)
            let (request, variables) = try SendVariables.adHoc(arguments.request(), options: options)
            return Prepared(arguments: arguments, request: request, history: SendHistory(options: options, variables: variables),
                            cookies: !options.noCookies, cookieJar: options.cookieJar.map(PersistentCookieJar.init(path:)))
        }
        var (request, variables) = try SendVariables.savedRequest(options, collection: from.collection, name: from.request)
        if let file = variables.collectionFile { CollectionKeyWarnings.report(file, command: "send") }
        // The saved request keeps its own URL; this one only completes the arguments' METHOD URL shape.
        let arguments = try SendArguments.parse(rest + ["http://saved.request/"])
        if arguments.hasBody {
            throw UsageError(message: "--from sends the saved request's own body; remove -d, -F, --json and --data-raw")
        }
        let extra = arguments.request()
        for header in extra.headers { request.headers.set(name: header.name, value: header.value) }
        request.query += arguments.query
        request.options.outputPath = extra.options.outputPath
        if extra.options.httpVersion != .automatic { request.options.httpVersion = extra.options.httpVersion }
        if let limit = extra.options.maxResponseSize { request.options.maxResponseSize = limit }
        if let idle = extra.options.idleTimeout {
            request.options.idleTimeout = idle
            if !arguments.timeoutGiven { request.options.timeout = nil }
        }
        arguments.connection.connection.apply(to: &request.options)
        arguments.connection.apply(to: &request)
        let jarPath = options.cookieJar ?? variables.collectionFile.map {
            options.paths.cookieJarFile(collection: $0, environment: options.environment)
        }
        return Prepared(arguments: arguments, request: request, history: SendHistory(options: options, variables: variables),
                        cookies: !options.noCookies, cookieJar: options.noCookies ? nil : jarPath.map(PersistentCookieJar.init(path:)),
                        collectionFile: variables.collectionFile)
    }
}
