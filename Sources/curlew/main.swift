import Foundation

exit(await CommandLineEntry.run(arguments: Array(CommandLine.arguments.dropFirst()), subcommands: CommandCatalog.listed,
                                hidden: CommandCatalog.hidden))
