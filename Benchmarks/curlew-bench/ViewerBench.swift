import BodyIndex
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

    /// Times only the whole line index of the 50 MB body, `runs` times, and reports each run's rate.
    static func indexReport(runs: Int) -> String {
        let clock = ContinuousClock()
        let body = BodyBytes(Data(makeBody(bytes: targetBytes)))
        let megabytes = Double(body.count) / 1_048_576
        var lines = 0
        let threads = OrderedJSON.parallelParsingThreads
        var report = ""
        for _ in 0..<runs {
            for count in Set([1, threads]).sorted() {
                let time = clock.measure { lines = ResponseDocument.prettyLineCount(ofJSON: body, threads: count) ?? 0 }
                report += "line index of \(lines) lines on \(count) thread(s): \(Int(megabytes / seconds(time))) MB/s\n"
            }
        }
        return report
    }

    /// Times only what the filter `$..email` costs on the 50 MB body, `runs` times: the tree read on one thread and on
    /// several (wall and processor time), and the query.
    static func filterReport(runs: Int) -> String {
        let clock = ContinuousClock()
        let body = makeBody(bytes: targetBytes)
        var report = ""
        for _ in 0..<runs {
            for threads in Set([1, OrderedJSON.parallelParsingThreads]).sorted() {
                var tree = OrderedJSON.null
                let cpuBefore = processorSeconds()
                let wall = clock.measure { tree = (try? OrderedJSON.parse(body, threads: threads)) ?? .null }
                let cpu = processorSeconds() - cpuBefore
                var total = 0
                let query = clock.measure { total = ((try? JSONPath.parse("$..email"))?.evaluate(tree, upTo: 10_000).total) ?? 0 }
                report += "tree on \(threads) thread(s): \(ms(wall)) (processor \(Int(cpu * 1000)) ms), query \(ms(query)) (\(total) values)\n"
            }
        }
        return report
    }

    /// The processor time the process has used so far, in seconds.
    private static func processorSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    /// Runs the benchmark and returns the report.
    static func report() async -> String {
        let clock = ContinuousClock()
        let before = residentMegabytes()
        let bodyBytes = makeResponse().body.count
        let bodyMegabytes = Double(bodyBytes) / 1_048_576

        // Memory first, in a heap that has not held anything big yet: the peak while the document is built and
        // shown (the response's own bytes included), then what stays while it is on screen once the response
        // is dropped, as the app drops it after its checks and its history entry.
        let area = Rect(x: 0, y: 0, width: 120, height: 40)
        var state = ResponseViewerState()
        state.setViewport(for: area)
        var buffer = Buffer(width: area.width, height: area.height)
        var first = Duration.zero
        var firstScreen = Duration.zero
        var peakBuild = 0
        do {
            let response = makeResponse()
            resetPeakResident()
            var document = ResponseDocument.make(from: response, firstLines: ResponseDocument.firstScreenLines)
            state.startFormatting()
            state.show(document)
            first = clock.measure { state.render(into: &buffer, area: area, theme: .dark, focused: true) }
            while document.isIndexing {
                document = document.continued(lines: 1 << 18)
                state.showMore(document)
            }
            peakBuild = peakResidentMegabytes() - before
        }
        let showing = residentMegabytes() - before
        let response = makeResponse()

        // From the response to its first screen: the first lines indexed, the screen drawn.
        var firstScreens: [Duration] = []
        for _ in 0..<5 {
            firstScreens.append(clock.measure {
                var viewer = ResponseViewerState()
                viewer.setViewport(for: area)
                viewer.startFormatting()
                viewer.show(ResponseDocument.make(from: response, firstLines: ResponseDocument.firstScreenLines))
                var frame = Buffer(width: area.width, height: area.height)
                viewer.render(into: &frame, area: area, theme: .dark, focused: true)
            })
        }
        firstScreen = sorted(firstScreens)[firstScreens.count / 2]

        let body = [UInt8](response.body)
        var indexes: [Duration] = []
        var lineCount = 0
        for _ in 0..<3 {
            indexes.append(clock.measure {
                lineCount = ResponseDocument.prettyLineCount(ofJSON: BodyBytes(response.body)) ?? 0
            })
        }
        var builds: [Duration] = []
        for _ in 0..<3 {
            builds.append(clock.measure { _ = ResponseDocument.make(from: response) })
        }

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

        // A search for a value near the end of the body, from the key that commits it to the match found (every chunk run
        // in turn, as the app runs them off the UI thread), and the filter `$..email` from Enter to its output.
        let needle = "user\(max(0, itemCount(in: body) - 3))@example.test"
        state.apply(.top)
        var searchFound = Duration.zero
        var searchAll = Duration.zero
        searchAll = clock.measure {
            searchFound = clock.measure {
                _ = state.apply(.openSearch)
                for character in needle { _ = state.apply(.editLine(KeyEvent(.char(character)))) }
                while state.search.matches.isEmpty, let job = state.takeSearchJob() { state.receiveSearch(job.run()) }
            }
            while let job = state.takeSearchJob() { state.receiveSearch(job.run()) }
        }
        let searchMatches = state.search.matches.count
        _ = state.apply(.cancelLine)
        let filterStart = clock.now
        _ = state.apply(.openFilter)
        for character in "$..email" { _ = state.apply(.editLine(KeyEvent(.char(character)))) }
        _ = state.apply(.commitLine)
        for work in state.takeFilterWork() {
            if case .run(let job) = work { state.receiveFilter(await job.run()) }
        }
        let filter = clock.now - filterStart
        var parsed = OrderedJSON.null
        let parse = clock.measure { parsed = (try? OrderedJSON.parse(body, threads: OrderedJSON.parallelParsingThreads)) ?? .null }
        var selected = 0
        let evaluate = clock.measure { selected = ((try? JSONPath.parse("$..email"))?.evaluate(parsed, upTo: 10_000).total) ?? 0 }
        var filterFrame = Buffer(width: area.width, height: area.height)
        state.render(into: &filterFrame, area: area, theme: .dark, focused: true)
        let filterHeading = firstContentLine(of: filterFrame)

        let peer = jqTime(body: body)
        let index = sorted(indexes)[indexes.count / 2]
        let median = sorted(builds)[builds.count / 2]
        let rate = bodyMegabytes / seconds(index)
        var report = """
        viewer: \(ResponseFormatting.size(Int64(bodyBytes))) minified JSON body (\(lineCount) lines pretty-printed), 120x40 screen
          response to first screen (first \(ResponseDocument.firstScreenLines) lines indexed), median of 5  \(ms(firstScreen))   runs: \(firstScreens.map(ms).joined(separator: ", "))
          line index of the whole body (\(OrderedJSON.parallelParsingThreads) threads), median of 3     \(ms(index))   \(Int(rate)) MB/s   runs: \(indexes.map(ms).joined(separator: ", "))
          whole document build (copy, classify, index), median of 3  \(ms(median))   runs: \(builds.map(ms).joined(separator: ", "))
          first screen drawn                                         \(ms(first))   (shows: \(lines))
          page down + screen, median of 200                          \(ms(sorted(pages)[pages.count / 2]))   p95 \(ms(sorted(pages)[pages.count * 95 / 100]))
          bottom + screen                                            \(ms(bottom))
          search for a value near the end: to its match \(ms(searchFound)), whole count \(ms(searchAll)) (\(searchMatches) match)
          filter $..email to its output                              \(ms(filter))   (shows: \(filterHeading))
            of which about: the body read into a tree \(ms(parse)), the query run \(ms(evaluate)) (\(selected) nodes)
          memory over the process before the body: peak while building and showing \(peakBuild) MB (\(twoDecimals(Double(peakBuild) / bodyMegabytes))x the body, the response's own copy included), while showing once the response is dropped \(showing) MB (\(twoDecimals(Double(showing) / bodyMegabytes))x)
        """
        report += "\n" + ArrivingViewerBench.report(body: body)
        if let peer {
            let ratio = seconds(firstScreen) / seconds(peer)
            report += "\n  peer: jq . > /dev/null on the same body                     \(ms(peer))   (curlew first screen / jq = \(twoDecimals(ratio)), whole document / jq = \(twoDecimals(seconds(median) / seconds(peer))))"
        } else {
            report += "\n  peer: jq is not installed; no comparison"
        }
        return report
    }

    /// The number of items `makeBody` wrote into `body` (its last `"id":` value plus one).
    private static func itemCount(in body: [UInt8]) -> Int {
        let marker = Array(#"{"id":"#.utf8)
        var position = body.count - marker.count
        while position > 0 {
            if body[position] == marker[0], Array(body[position..<(position + marker.count)]) == marker {
                var value = 0
                var digit = position + marker.count
                while digit < body.count, body[digit] >= 0x30, body[digit] <= 0x39 {
                    value = value * 10 + Int(body[digit] - 0x30)
                    digit += 1
                }
                return value + 1
            }
            position -= 1
        }
        return 0
    }

    /// The benchmark's response: the generated body as the transport hands it over (one `Data`), no other copy kept.
    private static func makeResponse() -> Response {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "application/json")
        return Response(statusCode: 200, reason: "OK", headers: headers, body: Data(makeBody(bytes: targetBytes)),
                        effectiveURL: "https://bench.test/users", timings: Timings(total: 1))
    }

    /// The resident memory of this process now, in megabytes.
    private static func residentMegabytes() -> Int { statusMegabytes("VmRSS:") }

    /// The peak resident memory since the last `resetPeakResident()`, in megabytes.
    private static func peakResidentMegabytes() -> Int { statusMegabytes("VmHWM:") }

    /// Starts counting the peak resident memory afresh (Linux: writing 5 to clear_refs).
    private static func resetPeakResident() {
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    }

    /// A `kB` field of /proc/self/status, in megabytes.
    private static func statusMegabytes(_ field: String) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field) }),
              let kilobytes = Int(line.dropFirst(field.count).trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? "") else { return 0 }
        return kilobytes / 1024
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

    static func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }

    static func ms(_ d: Duration) -> String {
        "\(twoDecimals(seconds(d) * 1000)) ms"
    }

    private static func twoDecimals(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// The text of the first content row of a viewer screen, trimmed.
    private static func firstContentLine(of buffer: Buffer) -> String {
        buffer.text(row: 3).trimmingCharacters(in: CharacterSet(charactersIn: " │"))
    }
}
