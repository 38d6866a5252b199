import CommandLineArguments
/// A `curlew NAME …` subcommand: its table, and how it runs.
protocol Subcommand {
    /// The command line's table: name, options, help.
    static var spec: CommandSpec { get }
    /// Runs with the arguments after the name and returns the process exit status.
    static func run(arguments: [String]) async -> Int32
}

extension Subcommand {
    /// The word after `curlew` that selects this subcommand.
    static var name: String { spec.name }
    /// One line for the list in `curlew --help`.
    static var summary: String { spec.summary }
    /// The full text of `curlew NAME --help`.
    static var help: String { HelpText.render(spec) }
}
