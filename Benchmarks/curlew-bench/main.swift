import Foundation

/// The benchmark sections, chosen by the first argument; none runs the in-process ones.
let section = CommandLine.arguments.dropFirst().first

if section == nil || section == "render" {
    print(RenderBench.report())
}
if section == nil || section == "app" {
    print(AppBench.report())
}
if section == nil || section == "store" {
    do {
        try StoreBench.run()
    } catch {
        FileHandle.standardError.write(Data("curlew-bench store: \(error)\n".utf8))
        exit(1)
    }
}
if section == nil || section == "viewer" {
    print(ViewerBench.report())
}
if section == "transport" {
    let status = await TransportBench.run(arguments: Array(CommandLine.arguments.dropFirst(2)))
    if status != 0 { exit(status) }
}
