import RequestKit

/// Why a saved request could not be made ready to send (a `{{variable}}`, a body, a refused path); raised before anything is sent.
public enum VariableError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No value for the name in any scope.
    case unresolved(name: String, location: String)
    /// A `{{$name}}` that is not one of the built-ins.
    case unknownBuiltin(name: String, location: String)
    /// `{{$env.NAME}}` where the process environment has no NAME.
    case unsetEnvironmentVariable(name: String, location: String)
    /// `{{$env.NAME}}` for a name the user has not allowed a collection to read.
    case environmentNotAllowed(name: String, location: String)
    /// A path refused by the trust boundary (outside the file root, not a regular file).
    case untrusted(TrustRefusal)
    /// Variables whose values refer to each other in a loop.
    case cycle(names: [String], location: String)
    /// A `{{$prompt …}}` or `{{$select …}}` that no `--var` answers, with nothing to ask on.
    case promptUnanswered(prompt: VariablePrompt, location: String)
    /// A `$select` answered with something that is not one of its answers.
    case promptNotAChoice(prompt: VariablePrompt, answer: String, location: String)
    /// A body that cannot be sent once its variables are resolved, e.g. GraphQL variables that are not a JSON object.
    case invalidBody(reason: String)

    /// A sentence that says what happened and what to do.
    public var description: String {
        switch self {
        case .unresolved(let name, let location):
            return "The variable '\(name)' used in \(location) has no value. Define it in the environment or the collection, or pass --var \(name)=VALUE."
        case .unknownBuiltin(let name, let location):
            return "'{{\(name)}}' used in \(location) is not a built-in variable. Built-ins are $uuid, $timestamp, $isoTimestamp, $date \"FORMAT\", $env.NAME and Postman's dynamic variables such as $randomEmail\(NearestWord.suggestion(for: name, among: BuiltinNames.all).map { " (did you mean \($0)?)" } ?? ""); see docs/collection-format.md."
        case .unsetEnvironmentVariable(let name, let location):
            return "The environment variable '\(name)' read by '{{$env.\(name)}}' in \(location) is not set. Export it before running curlew."
        case .environmentNotAllowed(let name, let location):
            return "'{{$env.\(name)}}' in \(location) reads the environment variable \(name), and a collection may read only the variables you allow. Allow it with --allow-env \(name) (or \"allowEnv\": [\"\(name)\"] in settings.json), or export it as \(TrustPolicy.variablePrefix)\(name) and write {{\(name)}}."
        case .untrusted(let refusal):
            return refusal.description
        case .cycle(let names, let location):
            return "The variables \(names.map { "'\($0)'" }.joined(separator: " → ")) used in \(location) refer to each other in a loop. Give one of them a plain value."
        case .promptUnanswered(let prompt, let location):
            let kind = prompt.choices.isEmpty ? "asks for \"\(prompt.label)\"" : "asks to choose \"\(prompt.label)\" (\(prompt.choices.joined(separator: ", ")))"
            return "The prompt in \(location) \(kind), and there is no terminal to ask on. Answer it with --var '\(prompt.label)=VALUE', or run curlew on a terminal."
        case .promptNotAChoice(let prompt, let answer, let location):
            return "'\(prompt.secret ? Redaction.marker : answer)' is not one of the answers of \"\(prompt.label)\" in \(location): choose one of \(prompt.choices.joined(separator: ", "))."
        case .invalidBody(let reason):
            return reason
        }
    }
}
