import Foundation

/// The benchmark sections, chosen by the first argument.
let section = CommandLine.arguments.dropFirst().first

if section == "transport" {
    let status = await TransportBench.run(arguments: Array(CommandLine.arguments.dropFirst(2)))
    if status != 0 { exit(status) }
}
