import Foundation
import RequestKit

/// The transport section: many sequential GETs through one `Client`, for comparison with `curl -K`,
/// and how long a cancelled send takes to end.
enum TransportBench {
    private static let usage = "usage: curlew-bench transport URL COUNT | curlew-bench transport cancel [RUNS]\n"

    /// Runs `transport URL COUNT` (COUNT sequential GETs of URL on one client; fails on any non-200)
    /// or `transport cancel [RUNS]` (see `CancellationBench`).
    static func run(arguments: [String]) async -> Int32 {
        if arguments.first == "cancel" {
            guard arguments.count <= 2, let runs = arguments.count == 2 ? Int(arguments[1]) : 50, runs > 0 else {
                FileHandle.standardError.write(Data(usage.utf8))
                return 2
            }
            return await CancellationBench.run(runs: runs)
        }
        guard arguments.count == 2, let count = Int(arguments[1]), count > 0 else {
            FileHandle.standardError.write(Data(usage.utf8))
            return 2
        }
        let client = Client()
        let request = PreparedRequest(method: .get, url: arguments[0])
        let options = RequestOptions()
        var bytes = 0
        for index in 0..<count {
            do {
                let response = try await client.send(prepared: request, options: options)
                guard response.statusCode == 200 else {
                    FileHandle.standardError.write(Data("curlew-bench transport: request \(index) answered \(response.statusCode)\n".utf8))
                    return 1
                }
                bytes += response.body.count
            } catch {
                FileHandle.standardError.write(Data("curlew-bench transport: request \(index) failed: \(error.message)\n".utf8))
                return 1
            }
        }
        print("\(count) GETs, \(bytes) body bytes")
        return 0
    }
}
