/// Why a `{{variable}}` could not be resolved; raised before anything is sent.
public enum VariableError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No value for the name in any scope.
    case unresolved(name: String, location: String)
    /// A `{{$name}}` that is not one of the built-ins.
    case unknownBuiltin(name: String, location: String)
    /// `{{$env.NAME}}` where the process environment has no NAME.
    case unsetEnvironmentVariable(name: String, location: String)
    /// Variables whose values refer to each other in a loop.
    case cycle(names: [String], location: String)
    /// A body that cannot be sent once its variables are resolved, e.g. GraphQL variables that are not a JSON object.
    case invalidBody(reason: String)

    /// A sentence that says what happened and what to do.
    public var description: String {
        switch self {
        case .unresolved(let name, let location):
            return "The variable '\(name)' used in \(location) has no value. Define it in the environment or the collection, or pass --var \(name)=VALUE."
        case .unknownBuiltin(let name, let location):
            return "'{{\(name)}}' used in \(location) is not a built-in variable. Built-ins are $uuid, $timestamp, $isoTimestamp, $randomInt and $env.NAME."
        case .unsetEnvironmentVariable(let name, let location):
            return "The environment variable '\(name)' read by '{{$env.\(name)}}' in \(location) is not set. Export it before running curlew."
        case .cycle(let names, let location):
            return "The variables \(names.map { "'\($0)'" }.joined(separator: " → ")) used in \(location) refer to each other in a loop. Give one of them a plain value."
        case .invalidBody(let reason):
            return reason
        }
    }
}
