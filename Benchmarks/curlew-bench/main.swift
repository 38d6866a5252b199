import Foundation

/// The benchmark sections, chosen by the first argument (render, app, store, history, viewer, viewer-arriving,
/// viewer-index, stream, transport); none runs every in-process one. `viewer-arriving [MB]` runs only the viewer's timing of a
/// JSON body shown while it arrives, on a body of MB megabytes (50 unless given); `viewer-index [RUNS]` only
/// the whole line index, RUNS times (5 unless given), for a profiler; `viewer-filter [RUNS]` only the filter's tree
/// and query.
let section = CommandLine.arguments.dropFirst().first

if section == nil || section == "render" {
    print(RenderBench.report())
}
if section == nil || section == "app" {
    print(AppBench.report())
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
    print(await ViewerBench.report())
}
if section == "viewer-arriving" {
    let megabytes = CommandLine.arguments.dropFirst(2).first.flatMap { Int($0) }.map { min(max($0, 1), 1024) } ?? 50
    print(ArrivingViewerBench.report(body: ViewerBench.makeBody(bytes: megabytes << 20)))
}
if section == "viewer-index" {
    print(ViewerBench.indexReport(runs: CommandLine.arguments.dropFirst(2).first.flatMap { Int($0) }.map { min(max($0, 1), 100) } ?? 5))
}
if section == "viewer-filter" {
    print(ViewerBench.filterReport(runs: CommandLine.arguments.dropFirst(2).first.flatMap { Int($0) }.map { min(max($0, 1), 100) } ?? 5))
}
if section == "stream" {
    print(StreamBench.report())
}
if section == "transport" {
    let status = await TransportBench.run(arguments: Array(CommandLine.arguments.dropFirst(2)))
    if status != 0 { exit(status) }
}
