import Foundation

/// The benchmark sections, chosen by the first argument (render, store, history, viewer); none runs every one.
let section = CommandLine.arguments.dropFirst().first

if section == nil || section == "render" {
    print(RenderBench.report())
}
if section == nil || section == "store" || section == "history" {
    do {
        try StoreBench.run(historyOnly: section == "history")
    } catch {
        FileHandle.standardError.write(Data("curlew-bench store: \(error)\n".utf8))
        exit(1)
    }
}
if section == nil || section == "viewer" {
    print(ViewerBench.report())
}
