import Foundation
import Replay
import RequestKit
import Locking

/// Receives the events of `curlew run`: prints result lines in plan order, keeps a live progress line on a
/// terminal, feeds the reports, and remembers whether any report failed.
///
/// Events are handled on the caller's thread under a lock (no hop to another executor per request); the
/// progress ticker takes the same lock.
final class RunConsole: Sendable {
    private let state: Locked<RunConsoleState>

    /// Creates the console for a plan.
    init(plan: RunPlan, reports: sending [any RunReport], toTerminal: Bool, quiet: Bool, verbose: Bool, noColor: Bool = false) {
        state = Locked(RunConsoleState(plan: plan, reports: reports, toTerminal: toTerminal, quiet: quiet, verbose: verbose, noColor: noColor))
    }

    /// Handles one event of the run.
    func handle(_ event: RunEvent) {
        state.withLock { $0.handle(event) }
    }

    /// Redraws the progress line (to move the elapsed time on while a request is slow).
    func tick() {
        state.withLock { $0.drawProgress() }
    }

    /// Whether a report could not be written.
    var reportFailed: Bool {
        state.withLock { $0.reportFailed }
    }
}

/// What the console keeps between events.
struct RunConsoleState {
    private let format: RunLineFormat
    private let toTerminal: Bool
    private let quiet: Bool
    private let verbose: Bool
    private let total: Int
    private var reports: [any RunReport]
    private var done = 0
    private var current = ""
    private let started = ContinuousClock.now
    private var progressShown = false
    /// Whether a report could not be written.
    private(set) var reportFailed = false

    /// Creates the state for a plan.
    init(plan: RunPlan, reports: [any RunReport], toTerminal: Bool, quiet: Bool, verbose: Bool, noColor: Bool = false) {
        let widest = plan.steps.map { $0.path.count }.max() ?? 0
        format = RunLineFormat(
            colors: toTerminal && !noColor && ProcessInfo.processInfo.environment["NO_COLOR"].map(\.isEmpty) ?? true,
            pathWidth: min(widest, RunLineFormat.maximumPathWidth), repeats: plan.repeatCount > 1)
        self.reports = reports
        self.toTerminal = toTerminal
        self.quiet = quiet
        self.verbose = verbose
        total = plan.count
    }

    /// Handles one event of the run.
    mutating func handle(_ event: RunEvent) {
        switch event {
        case .started(let start):
            current = start.path + (start.dataRow.map { " (row \($0))" } ?? "")
            drawProgress()
        case .finished(let result):
            done += 1
            feedReports { report throws(RunReportError) in try report.add(result) }
            if !quiet || !result.passed {
                var text = format.lines(for: result).joined(separator: "\n") + "\n"
                if verbose, let exchange = result.exchange { text += verboseText(exchange) }
                printLines(text)
            } else {
                drawProgress()
            }
        case .warning(let message):
            clearProgress()
            StandardStreams.writeError("curlew: warning: \(ResponseOutput.visibleLine(message))\n")
            drawProgress()
        case .ended(let totals):
            feedReports { report throws(RunReportError) in try report.end(totals) }
            clearProgress()
            StandardStreams.writeOut(format.summary(totals) + "\n")
        }
    }

    private func verboseText(_ exchange: RunExchange) -> String {
        var text = VerboseLog.request(exchange.request)
        if let response = exchange.response { text += VerboseLog.response(response) }
        return ResponseOutput.visible(text)
    }

    private mutating func feedReports(_ write: (inout any RunReport) throws(RunReportError) -> Void) {
        var index = 0
        while index < reports.count {
            do {
                try write(&reports[index])
                index += 1
            } catch {
                clearProgress()
                StandardStreams.writeError("curlew run: \(ResponseOutput.visibleLine(error.description))\n")
                reports.remove(at: index)
                reportFailed = true
            }
        }
    }

    private mutating func printLines(_ text: String) {
        clearProgress()
        StandardStreams.writeOut(text)
        drawProgress()
    }

    /// Redraws the progress line on a terminal.
    mutating func drawProgress() {
        guard toTerminal, done < total else { return }
        let elapsed = ContinuousClock.now - started
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        StandardStreams.writeOut("\r\u{1B}[2K" + format.progress(done: done, total: total, current: current, elapsed: seconds))
        progressShown = true
    }

    private mutating func clearProgress() {
        guard progressShown else { return }
        StandardStreams.writeOut("\r\u{1B}[2K")
        progressShown = false
    }
}
