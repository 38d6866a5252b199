import RequestKit
import TUICore

/// The phases of a transfer laid out as a waterfall: each bar starts where the previous ended.
struct TimingWaterfall: Equatable {
    /// One phase with its place on the time axis.
    struct Phase: Equatable {
        /// The label, e.g. "DNS".
        var name: String
        /// Seconds from the start of the transfer to the start of the phase.
        var start: Double
        /// How long the phase took, in seconds.
        var duration: Double
        /// The theme role the bar is drawn in.
        var role: ThemeRole
    }

    /// The phases in order: DNS, Connect, TLS, Waiting, Download.
    let phases: [Phase]
    /// The whole transfer, in seconds.
    let total: Double

    /// The waterfall of `timings`.
    init(_ timings: Timings) {
        let steps: [(String, Double, ThemeRole)] = [
            ("DNS", timings.dns, .accent), ("Connect", timings.connect, .primary), ("TLS", timings.tls, .warning),
            ("Waiting", timings.firstByte, .success), ("Download", timings.download, .text),
        ]
        var start = 0.0
        var phases: [Phase] = []
        for (name, duration, role) in steps {
            phases.append(Phase(name: name, start: start, duration: max(0, duration), role: role))
            start += max(0, duration)
        }
        self.phases = phases
        self.total = max(timings.total, start)
    }

    /// The columns of a phase's bar on a track `width` columns wide; empty for a phase that took no time.
    func columns(of phase: Phase, width: Int) -> Range<Int> {
        guard total > 0, phase.duration > 0, width > 0 else { return 0..<0 }
        let from = min(width - 1, Int((phase.start / total * Double(width)).rounded(.down)))
        let to = min(width, max(from + 1, Int(((phase.start + phase.duration) / total * Double(width)).rounded())))
        return from..<to
    }

    /// Label column width.
    static let labelWidth = 9
    /// Milliseconds column width.
    static let timeWidth = 9

    /// Draws the bars, one phase a row, then the total and the connection facts.
    func render(into buffer: inout Buffer, area: Rect, theme: Theme, base: Style, facts: [String]) {
        guard !area.isEmpty else { return }
        let track = max(1, area.width - Self.labelWidth - Self.timeWidth - 2)
        var y = area.y
        for phase in phases where y < area.bottom {
            buffer.setString(phase.name, x: area.x, y: y, style: base, clip: area)
            let bar = columns(of: phase, width: track)
            let trackX = area.x + Self.labelWidth + 1
            if !bar.isEmpty {
                buffer.setString(String(repeating: "█", count: bar.count), x: trackX + bar.lowerBound, y: y, style: base.fg(theme[phase.role]), clip: area)
            }
            let time = ResponseFormatting.duration(phase.duration)
            buffer.setString(time, x: area.right - time.displayWidth, y: y, style: base, clip: area)
            y += 1
        }
        guard y < area.bottom else { return }
        buffer.setString("Total", x: area.x, y: y, style: base.bold, clip: area)
        buffer.setString(String(repeating: "─", count: track), x: area.x + Self.labelWidth + 1, y: y, style: base.fg(theme[.muted]), clip: area)
        let time = ResponseFormatting.duration(total)
        buffer.setString(time, x: area.right - time.displayWidth, y: y, style: base.bold, clip: area)
        y += 2
        for fact in facts where y < area.bottom {
            buffer.setString(fact, x: area.x, y: y, style: base.fg(theme[.muted]), clip: area)
            y += 1
        }
    }
}
