import Foundation

/// The subcommands, in the order `curlew --help` lists them.
let subcommands: [any Subcommand.Type] = [SendCommand.self, RunCommand.self, HistoryCommand.self, ImportCommand.self, ExportCommand.self]

exit(await CommandLineEntry.run(arguments: Array(CommandLine.arguments.dropFirst()), subcommands: subcommands))
