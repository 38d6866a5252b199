import Foundation

/// Everything `{{name}}` can resolve to, in the order it is searched.
public struct VariableScope: Sendable {
    /// Values given on the command line (`--var NAME=VALUE`); searched first.
    public var commandLine: [String: String]
    /// Variables of the request and its folders, most specific first (`VariableLayer.chain`); searched after the command line.
    public var layers: [VariableLayer] = []
    /// Variables of the chosen environment; searched after the layers.
    public var environment: [Variable]
    /// Variables of the collection; searched third.
    public var collection: [Variable]
    /// The process environment, read by `{{$env.NAME}}`: only the names the user allowed.
    public var processEnvironment: [String: String]
    /// The names `{{$env.NAME}}` may read (`TrustPolicy.allowedEnvironment`); nil lets every name in
    /// `processEnvironment` be read, for a program that chose the dictionary itself.
    public var allowedEnvironmentNames: Set<String>?
    /// Where the dynamic built-ins (`$uuid`, `$timestamp`, …) get their values.
    public var builtins: BuiltinValues
    /// Who answers `{{$prompt …}}` and `{{$select …}}` that no `--var` answers; nil when nothing can ask.
    public var prompter: (any VariablePrompter)?

    /// Creates a scope.
    public init(
        commandLine: [String: String] = [:], environment: [Variable] = [], collection: [Variable] = [],
        processEnvironment: [String: String] = [:], builtins: BuiltinValues = .live
    ) {
        self.commandLine = commandLine
        self.environment = environment
        self.collection = collection
        self.processEnvironment = processEnvironment
        self.builtins = builtins
    }

    /// Creates the scope of a collection under a trust policy: `CURLEW_VAR_name` variables of the process join
    /// the command line's values (which beat them), and `{{$env.NAME}}` reads only the names the policy allows.
    public init(
        commandLine: [String: String] = [:], environment: [Variable] = [], collection: [Variable] = [],
        process: [String: String], policy: TrustPolicy, builtins: BuiltinValues = .live
    ) {
        self.init(
            commandLine: TrustPolicy.environmentVariables(in: process).merging(commandLine) { _, given in given },
            environment: environment, collection: collection,
            processEnvironment: policy.visibleEnvironment(of: process), builtins: builtins)
        allowedEnvironmentNames = policy.allowedEnvironment
    }

    /// The scope with a request's and its folders' variables searched after the command line's.
    public func within(_ layers: [VariableLayer]) -> VariableScope {
        var scope = self
        scope.layers = layers
        return scope
    }

    /// Every variable the scope declares, most specific first: the layers', the environment's, the collection's.
    private var declared: [Variable] { layers.flatMap(\.variables) + environment + collection }

    /// The values of enabled secret variables, longest first (for redaction), including a `--var` value
    /// given for a name the environment or the collection declares secret.
    public var secretValues: [String] {
        let declared = declared.filter { $0.secret && $0.enabled }
        let names = Set(declared.map(\.name))
        let given = commandLine.filter { names.contains($0.key) }.map(\.value)
        return Array(Set(declared.map(\.value) + given + (prompter?.secretAnswers ?? [])))
            .filter { !$0.isEmpty }
            .sorted { $0.count > $1.count }
    }

    /// `secretValues` and the value of every `{{$env.NAME}}` that `templates` name: what the process
    /// environment supplies is treated as secret, since that is where people keep tokens.
    public func secretValues(referencedIn templates: [String]) -> [String] {
        var values = secretValues
        for name in Self.environmentNames(in: templates) {
            if let value = processEnvironment[name], !value.isEmpty { values.append(value) }
        }
        return Array(Set(values)).sorted { $0.count > $1.count }
    }

    /// The secret values in use with the variable each came from (value to name): declared secret variables
    /// as `lookup` finds them, and every `{{$env.NAME}}` that `templates` name as `$env.NAME`.
    public func secretVariables(referencedIn templates: [String]) -> [String: String] {
        var names: [String: String] = [:]
        for variable in declared where variable.secret && variable.enabled {
            if let value = lookup(variable.name)?.value, !value.isEmpty { names[value] = variable.name }
        }
        for name in Self.environmentNames(in: templates) {
            if let value = processEnvironment[name], !value.isEmpty, names[value] == nil { names[value] = "$env." + name }
        }
        for answer in prompter?.secretAnswers ?? [] where !answer.isEmpty && names[answer] == nil { names[answer] = "$prompt" }
        return names
    }

    /// The names of the `{{$env.NAME}}` that `templates` hold, in the order they first appear.
    public static func environmentNames(in templates: [String]) -> [String] {
        var names: [String] = []
        // Only a template with a `$` can name the process environment; the others are passed over without a search.
        for template in templates where template.utf8.contains(UInt8(ascii: "$")) {
            var rest = Substring(template)
            while let start = rest.range(of: "$env.") {
                let name = String(rest[start.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" })
                if !name.isEmpty, !names.contains(name) { names.append(name) }
                rest = rest[start.upperBound...]
            }
        }
        return names
    }

    /// The value of a plain (not built-in) variable and where it came from, searching in order.
    public func lookup(_ name: String) -> (value: String, source: VariableSource)? {
        if let value = commandLine[name] { return (value, .commandLine) }
        for layer in layers {
            if let variable = layer.variables.last(where: { $0.enabled && $0.name == name }) { return (variable.value, layer.source) }
        }
        if let variable = environment.last(where: { $0.enabled && $0.name == name }) { return (variable.value, .environment) }
        if let variable = collection.last(where: { $0.enabled && $0.name == name }) { return (variable.value, .collection) }
        return nil
    }
}

/// Where a variable's value came from.
public enum VariableSource: String, Hashable, Sendable {
    /// `--var NAME=VALUE`.
    case commandLine
    /// The request's own variables.
    case request
    /// A folder's variables.
    case folder
    /// The chosen environment.
    case environment
    /// The collection's own variables.
    case collection
    /// A built-in such as `$uuid` or `$env.NAME`.
    case builtin
}

/// Sources of the dynamic built-in values; tests pass fixed ones so resolution stays deterministic.
public struct BuiltinValues: Sendable {
    /// Makes a new UUID string for `{{$uuid}}`.
    public var uuid: @Sendable () -> String
    /// The current time for `{{$timestamp}}`, `{{$isoTimestamp}}` and `{{$date …}}`.
    public var now: @Sendable () -> Date
    /// A random integer for `{{$randomInt}}`.
    public var randomInt: @Sendable () -> Int
    /// Where Postman's dynamic variables and Hurl's random functions draw from.
    public var random: BuiltinRandom

    /// Creates built-in sources.
    public init(uuid: @escaping @Sendable () -> String, now: @escaping @Sendable () -> Date, randomInt: @escaping @Sendable () -> Int,
                random: BuiltinRandom = .system) {
        self.uuid = uuid
        self.now = now
        self.randomInt = randomInt
        self.random = random
    }

    /// Real values: a fresh UUID, the clock, and a random integer in 0…1000.
    public static let live = BuiltinValues(
        uuid: { UUID().uuidString.lowercased() },
        now: { Date() },
        randomInt: { Int.random(in: 0...1000) })

    /// The same values on every call (the zero UUID, the epoch, 0, a sequence seeded with 0), made fresh each time:
    /// for checking that templates resolve without reading the clock or drawing a random value.
    public static func constant() -> BuiltinValues {
        let random = BuiltinRandom(seed: 0)
        return BuiltinValues(uuid: { "00000000-0000-0000-0000-000000000000" }, now: { Date(timeIntervalSince1970: 0) },
                             randomInt: { 0 }, random: random)
    }

    /// The clock, with every random value drawn from one sequence seeded with `seed` (`--seed N`), so that a
    /// run repeats its random values exactly; nil gives `live`.
    public static func seeded(_ seed: UInt64?) -> BuiltinValues {
        guard let seed else { return .live }
        let random = BuiltinRandom(seed: seed)
        return BuiltinValues(uuid: { random.uuid() }, now: { Date() }, randomInt: { random.int(in: 0...1000) }, random: random)
    }
}
