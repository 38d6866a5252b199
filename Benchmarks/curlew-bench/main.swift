import Foundation

let section = CommandLine.arguments.dropFirst().first
if section == nil || section == "store" {
    do {
        try StoreBench.run()
    } catch {
        FileHandle.standardError.write(Data("curlew-bench store: \(error)\n".utf8))
        exit(1)
    }
}
