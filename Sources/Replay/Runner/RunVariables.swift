import RequestStore

/// The variables a run starts with; data rows and captures are added per pass.
///
/// A `{{name}}` is searched in this order: values captured earlier in the pass, the pass's data row,
/// `--var` values, the request's own variables, its folders' (nearest first), the environment, then the request's collection; built-ins (`{{$uuid}}`, …) as always.
public struct RunVariables: Sendable {
    /// Values given on the command line (`--var NAME=VALUE`).
    public var commandLine: [String: String]
    /// The chosen environment's variables.
    public var environment: [Variable]
    /// The process environment, read by `{{$env.NAME}}`.
    public var processEnvironment: [String: String]
    /// The names `{{$env.NAME}}` may read; nil lets every name in `processEnvironment` be read.
    public var allowedEnvironmentNames: Set<String>?
    /// Where the dynamic built-ins get their values.
    public var builtins: BuiltinValues
    /// Who answers `{{$prompt …}}` and `{{$select …}}` that no `--var` answers.
    public var prompter: (any VariablePrompter)?

    /// Creates the starting variables.
    public init(
        commandLine: [String: String] = [:], environment: [Variable] = [], processEnvironment: [String: String] = [:],
        builtins: BuiltinValues = .live
    ) {
        self.commandLine = commandLine
        self.environment = environment
        self.processEnvironment = processEnvironment
        self.builtins = builtins
    }

    /// The starting variables under a trust policy: `CURLEW_VAR_name` process variables join the `--var`
    /// values (which beat them), and `{{$env.NAME}}` reads only the names the policy allows.
    public init(commandLine: [String: String], environment: [Variable], process: [String: String], policy: TrustPolicy,
                builtins: BuiltinValues = .live) {
        let scope = VariableScope(commandLine: commandLine, environment: environment, process: process, policy: policy)
        self.init(commandLine: scope.commandLine, environment: environment, processEnvironment: scope.processEnvironment, builtins: builtins)
        allowedEnvironmentNames = scope.allowedEnvironmentNames
    }

    /// The scope for one request: captures beat the data row, which beats `--var`, the request, its folders, the environment and the collection.
    func scope(for step: RunStep, row: DataRow?, captured: [String: String]) -> VariableScope {
        var values = commandLine
        if let row { values.merge(row.values) { _, new in new } }
        values.merge(captured) { _, new in new }
        var scope = VariableScope(
            commandLine: values, environment: environment, collection: step.collectionVariables,
            processEnvironment: processEnvironment, builtins: builtins)
        scope.layers = step.variableLayers
        scope.allowedEnvironmentNames = allowedEnvironmentNames
        scope.prompter = prompter
        return scope
    }
}
