import Explorer
import Foundation
import RequestKit
import TUICore

/// Times the response viewer on a 50 MB JSON body: building the document, then drawing screens.
///
/// The document build (classify, re-indent, index lines) is what the app runs off the UI
/// thread; the screen times are what a key press costs on the UI thread. `jq .` pretty-prints
/// the same body as a peer, when it is installed.
enum ViewerBench {
    /// The body size aimed at.
    static let targetBytes = 50 * 1024 * 1024

    /// A minified JSON array of varied objects of about `bytes` bytes.
    static func makeBody(bytes: Int) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes + 512)
        out.append(UInt8(ascii: "["))
        var index = 0
        while out.count < bytes {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            let item = #"{"id":\#(index),"name":"user \#(index) 名前","email":"user\#(index)@example.test","active":\#(index % 3 != 0),"score":\#(Double(index) * 0.25),"tags":["a","b\u001b[2J"],"address":{"city":"City \#(index % 97)","zip":"\#(10000 + index % 89999)"},"manager":null}"#
            out.append(contentsOf: item.utf8)
            index += 1
        }
        out.append(UInt8(ascii: "]"))
        return out
    }

    /// Runs the benchmark and returns the report.
    static func report() -> String {
        let clock = ContinuousClock()
        let body = makeBody(bytes: targetBytes)
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "application/json")
        let response = Response(statusCode: 200, reason: "OK", headers: headers, body: Data(body),
                                effectiveURL: "https://bench.test/users", timings: Timings(total: 1))

        var builds: [Duration] = []
        var document: ResponseDocument?
        for _ in 0..<3 {
            builds.append(clock.measure { document = ResponseDocument.make(from: response) })
        }
        guard let document else { return "viewer: no document was built" }

        let area = Rect(x: 0, y: 0, width: 120, height: 40)
        var state = ResponseViewerState()
        state.setViewport(for: area)
        state.show(document)
        var buffer = Buffer(width: area.width, height: area.height)
        let first = clock.measure { state.render(into: &buffer, area: area, theme: .dark, focused: true) }

        var pages: [Duration] = []
        for _ in 0..<200 {
            pages.append(clock.measure {
                _ = state.apply(.pageDown)
                var frame = Buffer(width: area.width, height: area.height)
                state.render(into: &frame, area: area, theme: .dark, focused: true)
            })
        }
        let bottom = clock.measure {
            _ = state.apply(.bottom)
            var frame = Buffer(width: area.width, height: area.height)
            state.render(into: &frame, area: area, theme: .dark, focused: true)
        }
        let lines = firstContentLine(of: buffer)

        let peer = jqTime(body: body)
        let median = sorted(builds)[builds.count / 2]
        var report = """
        viewer: \(ResponseFormatting.size(Int64(body.count))) minified JSON body, 120x40 screen
          document build (pretty-print, index lines), median of 3  \(ms(median))   runs: \(builds.map(ms).joined(separator: ", "))
          first screen                                             \(ms(first))   (shows: \(lines))
          page down + screen, median of 200                        \(ms(sorted(pages)[pages.count / 2]))   p95 \(ms(sorted(pages)[pages.count * 95 / 100]))
          bottom + screen                                          \(ms(bottom))
          peak memory (max RSS)                                    \(maxResidentMegabytes()) MB
        """
        if let peer {
            let ratio = seconds(median) / seconds(peer)
            report += "\n  peer: jq . > /dev/null on the same body                   \(ms(peer))   (curlew build / jq = \(twoDecimals(ratio)))"
        } else {
            report += "\n  peer: jq is not installed; no comparison"
        }
        return report
    }

    /// How long `jq .` takes to pretty-print the body to /dev/null, or nil without jq.
    static func jqTime(body: [UInt8]) -> Duration? {
        let jqPaths = ["/usr/bin/jq", "/usr/local/bin/jq"]
        guard let jq = jqPaths.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else { return nil }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("curlew-viewer-bench-\(getpid()).json")
        defer { try? FileManager.default.removeItem(at: file) }
        guard (try? Data(body).write(to: file)) != nil else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: jq)
        process.arguments = [".", file.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let clock = ContinuousClock()
        var ok = true
        let time = clock.measure {
            do {
                try process.run()
                process.waitUntilExit()
            } catch {
                ok = false
            }
        }
        return ok && process.terminationStatus == 0 ? time : nil
    }

    private static func sorted(_ values: [Duration]) -> [Duration] { values.sorted() }

    private static func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }

    private static func ms(_ d: Duration) -> String {
        "\(twoDecimals(seconds(d) * 1000)) ms"
    }

    private static func twoDecimals(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// The peak resident memory of this process, in megabytes.
    private static func maxResidentMegabytes() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss / 1024
    }

    /// The text of the first content row of a viewer screen, trimmed.
    private static func firstContentLine(of buffer: Buffer) -> String {
        buffer.text(row: 3).trimmingCharacters(in: CharacterSet(charactersIn: " │"))
    }
}
