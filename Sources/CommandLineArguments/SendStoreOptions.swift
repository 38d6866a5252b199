import Foundation
import RequestStore

/// The options of `curlew send` that involve the file store: history, environments, variables, saved requests.
///
/// They are taken out of the argument list before the rest is read as a request.
package struct SendStoreOptions {
    /// `--no-history`: do not record the exchange.
    package var noHistory = false
    /// `--env NAME`: the environment whose variables resolve `{{…}}`.
    package var environment: String?
    /// `--var NAME=VALUE`: values that beat every other source.
    package var variables: [String: String] = [:]
    /// `--from COLLECTION REQUEST-NAME`: send a saved request.
    package var from: (collection: String, request: String)?
    /// `--data-dir DIR`: the data folder.
    package var dataDirectory: String?
    /// `--cookie-jar FILE`: the cookie jar file to read and write.
    package var cookieJar: String?
    /// `--no-cookies`: no cookie jar at all.
    package var noCookies = false
    /// `--file-root DIR`: the folder a saved request's files may come from.
    package var fileRoot: String?
    /// `--allow-env NAME`: environment variables `{{$env.NAME}}` may read.
    package var allowedEnvironment: Set<String> = []
    /// `--seed N`: the seed of the random built-ins.
    package var seed: UInt64?
    /// `--sign-in-timeout SECONDS`: how long an OAuth 2.0 sign-in may take.
    package var signInTimeout = SignInTimeoutOption.defaultSeconds

    /// No store options: history on, no environment, no variables.
    package init() {}

    /// Splits the store options (the table's `SendCommandSpec.storeGroup`) from the other arguments, which are returned in order.
    package static func extract(from arguments: [String]) throws(UsageError) -> (SendStoreOptions, [String]) {
        var options = SendStoreOptions()
        var rest: [String] = []
        var index = 0
        func value(_ flag: String) throws(UsageError) -> String {
            index += 1
            guard index < arguments.count else { throw UsageError(message: "\(flag) needs a value") }
            return arguments[index]
        }
        func given(_ inline: String?, _ flag: String) throws(UsageError) -> String {
            if let inline { return inline }
            return try value(flag)
        }
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" {
                rest.append(contentsOf: arguments[index...])
                break
            }
            let name = argument.hasPrefix("--") ? String(argument.prefix { $0 != "=" }) : argument
            let inline: String? = name.count < argument.count ? String(argument.dropFirst(name.count + 1)) : nil
            guard let option = SendCommandSpec.storeGroup.options.first(where: { $0.names.contains(name) }) else {
                rest.append(argument)
                if inline == nil, let other = SendCommandSpec.spec.option(named: argument), !other.values.isEmpty, index + 1 < arguments.count {
                    index += 1
                    rest.append(arguments[index])
                }
                index += 1
                continue
            }
            if inline != nil, option.values.isEmpty {
                throw UsageError(message: "unexpected value '\(inline ?? "")': \(option.long) takes no value")
            }
            switch option.long {
            case "--no-history":
                options.noHistory = true
            case "--env":
                options.environment = try given(inline, option.long)
            case "--var":
                let text = try given(inline, option.long)
                guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
                    throw UsageError(message: "--var needs NAME=VALUE, not '\(text)'")
                }
                options.variables[String(text[..<equals])] = String(text[text.index(after: equals)...])
            case "--from":
                let collection = try given(inline, option.long)
                options.from = (collection, try value("--from \(collection)"))
            case "--data-dir":
                options.dataDirectory = try given(inline, option.long)
            case "--cookie-jar":
                options.cookieJar = try given(inline, option.long)
            case "--no-cookies":
                options.noCookies = true
            case "--file-root":
                options.fileRoot = try given(inline, option.long)
            case "--allow-env":
                options.allowedEnvironment.insert(try TrustOptions.environmentName(try given(inline, option.long)))
            case "--seed":
                options.seed = try SeedOption.value(try given(inline, option.long))
            case "--sign-in-timeout":
                options.signInTimeout = try SignInTimeoutOption.value(try given(inline, option.long))
            default:
                throw UsageError(message: "\(option.long) is listed for curlew send but not read")
            }
            index += 1
        }
        if options.noCookies, options.cookieJar != nil {
            throw UsageError(message: "--no-cookies and --cookie-jar cannot be used together: choose one")
        }
        return (options, rest)
    }

    /// The store's folders for these options.
    package var paths: StorePaths { StorePaths.resolve(dataDirectoryOption: dataDirectory) }
}
