import CommandLineArguments
/// Every subcommand: those `curlew --help` lists, and the hidden helpers the shell completions and `make install` call.
enum CommandCatalog {
    /// The subcommands, in the order `curlew --help` lists them.
    static var listed: [any Subcommand.Type] {
        [SendCommand.self, RunCommand.self, HistoryCommand.self, AuthCommand.self, ImportCommand.self, ExportCommand.self, CompletionsCommand.self]
    }

    /// Subcommands for tools, not people: not listed, not completed.
    static var hidden: [any Subcommand.Type] { [CompletionValuesCommand.self, ManCommand.self] }

    /// The tables of the listed subcommands.
    static var listedSpecs: [CommandSpec] { listed.map { $0.spec } }
}
