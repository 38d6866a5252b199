import RequestStore

extension VariableScope {
    /// The plain variables as name → value, as checks and captures see them: the collection's, overridden by the
    /// environment's, overridden by the command line's; disabled variables left out.
    public var plainValues: [String: String] {
        var values: [String: String] = [:]
        for variable in collection + environment where variable.enabled { values[variable.name] = variable.value }
        for (name, value) in commandLine { values[name] = value }
        return values
    }
}
