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

    /// No store options: history on, no environment, no variables.
    package init() {}

    /// The help lines for these options, appended to `curlew send --help`.
    package static let help = """

    Collections, variables and history:
          --from COLLECTION NAME  Send the saved request NAME (or Folder/NAME, or its id) of a
                                  collection file, folder, or a collection in the data folder's
                                  collections/. -H and -q add to it; output options apply.
          --env NAME              Resolve {{variables}} with the environment NAME (NAME.env.json
                                  beside the collection, or in the default collections folder)
          --var NAME=VALUE        Give a variable a value (repeatable; beats the environment)
          --no-history            Do not record this exchange in the history
          --data-dir DIR          The data folder for history and collections (default:
                                  $CURLEW_HOME, else $XDG_DATA_HOME/curlew, else ~/.local/share/curlew)
    """

    /// Splits the store options from the other arguments, which are returned in order.
    package static func extract(from arguments: [String]) throws(UsageError) -> (SendStoreOptions, [String]) {
        var options = SendStoreOptions()
        var rest: [String] = []
        var index = 0
        func value(_ flag: String) throws(UsageError) -> String {
            index += 1
            guard index < arguments.count else { throw UsageError(message: "\(flag) needs a value") }
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" {
                rest.append(contentsOf: arguments[index...])
                break
            }
            switch argument {
            case "--no-history":
                options.noHistory = true
            case "--env":
                options.environment = try value(argument)
            case "--var":
                let text = try value(argument)
                guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
                    throw UsageError(message: "--var needs NAME=VALUE, not '\(text)'")
                }
                options.variables[String(text[..<equals])] = String(text[text.index(after: equals)...])
            case "--from":
                let collection = try value(argument)
                options.from = (collection, try value("--from \(collection)"))
            case "--data-dir":
                options.dataDirectory = try value(argument)
            default:
                rest.append(argument)
            }
            index += 1
        }
        return (options, rest)
    }

    /// The store's folders for these options.
    package var paths: StorePaths { StorePaths.resolve(dataDirectoryOption: dataDirectory) }
}
