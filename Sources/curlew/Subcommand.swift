/// A `curlew NAME …` subcommand: its name, its help, and how it runs.
protocol Subcommand {
    /// The word after `curlew` that selects this subcommand.
    static var name: String { get }
    /// One line for the list in `curlew --help`.
    static var summary: String { get }
    /// The full text of `curlew NAME --help`.
    static var help: String { get }
    /// Runs with the arguments after the name and returns the process exit status.
    static func run(arguments: [String]) async -> Int32
}
