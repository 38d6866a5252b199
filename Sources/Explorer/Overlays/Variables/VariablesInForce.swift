import RequestStore

/// One variable name as a request sees it: the value that wins, where it comes from, and the values it hides.
public struct VariableInForce: Hashable, Sendable {
    /// The name.
    public var name: String
    /// The value that wins, nil when no place defines the name.
    public var value: String?
    /// Whether the winning value is a secret (masked until shown).
    public var secret: Bool
    /// Where the winning value comes from: `--var`, `request`, `folder Users`, `environment 'staging'`, `collection 'API'`.
    public var source: String?
    /// The places that define the name too, whose values lose, in the order they are searched.
    public var overridden: [String]
    /// Whether the request shown refers to it.
    public var usedByRequest: Bool
}

/// Which value of each variable wins: `--var` (and `CURLEW_VAR_…`) over the request, its folders (nearest first), the
/// environment and the collection.
public enum VariablesInForce {
    /// The order values are searched in, as the view's heading says it.
    public static let precedence = "--var › request › folder › environment › collection"

    /// Every name defined in any place or used by the request: the names the request uses first, in the order it
    /// uses them, then the others by name. Disabled variables define nothing; built-ins (`$uuid`) are left out.
    public static func list(commandLine: [String: String], layers: [VariableLayer] = [], environment: (name: String, variables: [Variable])?,
                            collection: (name: String, variables: [Variable])?, used: [String]) -> [VariableInForce] {
        var places: [(source: String, values: [String: (value: String, secret: Bool)])] = []
        places.append(("--var", commandLine.mapValues { ($0, false) }))
        for layer in layers { places.append((layer.label, enabledValues(layer.variables))) }
        if let environment { places.append(("environment '\(environment.name)'", enabledValues(environment.variables))) }
        if let collection { places.append(("collection '\(collection.name)'", enabledValues(collection.variables))) }
        let usedNames = ordered(used.filter { !$0.hasPrefix("$") })
        let defined = Set(places.flatMap(\.values.keys)).subtracting(usedNames).sorted()
        return (usedNames + defined).map { name in
            let holders = places.filter { $0.values[name] != nil }
            let winner = holders.first.flatMap { place in place.values[name].map { (place.source, $0) } }
            return VariableInForce(name: name, value: winner?.1.value, secret: winner?.1.secret ?? false, source: winner?.0,
                                   overridden: holders.dropFirst().map(\.source), usedByRequest: usedNames.contains(name))
        }
    }

    /// Name → value of the enabled variables, the last of a name winning as in `VariableScope.lookup`.
    private static func enabledValues(_ variables: [Variable]) -> [String: (value: String, secret: Bool)] {
        var values: [String: (value: String, secret: Bool)] = [:]
        for variable in variables where variable.enabled && !variable.name.isEmpty { values[variable.name] = (variable.value, variable.secret) }
        return values
    }

    /// The names without repeats, in first-seen order.
    private static func ordered(_ names: [String]) -> [String] {
        var seen: Set<String> = []
        return names.filter { seen.insert($0).inserted }
    }
}
