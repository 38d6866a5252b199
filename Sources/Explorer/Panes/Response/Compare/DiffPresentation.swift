import BodyIndex
import Foundation
import RequestStore
import TUICore

/// Writes a `ResponseComparison` as the lines of the Diff tab: status, headers and body, each change marked
/// `-` (only in the earlier response), `+` (only in this one) or `~` (changed); a text body's line diff is shown
/// unified, or side by side when the pane is wide enough.
enum DiffPresentation {
    /// The narrowest pane (border included) that shows a line diff side by side.
    static let sideBySidePaneWidth = 120
    /// Unchanged lines kept around each change of a line diff.
    static let contextLines = 3
    /// The separator between the halves of a side-by-side row.
    static let separator = "│"

    /// The Diff tab's text for a content area `width` columns wide.
    static func text(_ comparison: ResponseComparison, width: Int, sideBySide: Bool) -> PaneText {
        var lines = summary(comparison)
        lines.append("")
        var parts: [PanePart] = []
        switch comparison.body {
        case .identical:
            lines.append("Body")
            lines.append("  the same, byte for byte (\(ResponseFormatting.size(Int64(comparison.new.body.count))))")
            if let note = maskedNote(comparison) { lines.append(note) }
        case .json(let changes, let more):
            let count = changes.count + more
            lines.append("Body · JSON, \(count == 0 ? "no" : count.formatted) change\(count == 1 ? "" : "s") (key order and whitespace do not count)")
            if count == 0 {
                lines.append("  the same values at every path")
                if let note = maskedNote(comparison) { lines.append(note) }
            }
            for change in changes {
                switch change.kind {
                case .added: lines.append("+ \(change.path): \(change.new ?? "")")
                case .removed: lines.append("- \(change.path): \(change.old ?? "")")
                case .changed: lines.append("~ \(change.path): \(change.old ?? "") → \(change.new ?? "")")
                }
            }
            if more > 0 { lines.append("@ … and \(more.formatted) more changes") }
        case .lines(let old, let new, let diff):
            let removed = diff.count { $0.kind == .removed }
            let added = diff.count { $0.kind == .added }
            lines.append("Body · text, \(removed.formatted) line\(removed == 1 ? "" : "s") removed, \(added.formatted) added")
            let body = sideBySide ? columns(diff, old: old, new: new, width: width) : unified(diff, old: old, new: new)
            parts.append(.text(lines, coloring: .diff(columns: false)))
            parts.append(.text(body, coloring: .diff(columns: sideBySide)))
            return PaneText(parts)
        case .tooLarge(let oldSize, let newSize):
            lines.append("Body")
            lines.append("~ bodies differ, too large to diff (\(ResponseFormatting.size(Int64(oldSize))) and \(ResponseFormatting.size(Int64(newSize))))")
        case .binary(let oldSize, let newSize):
            lines.append("Body")
            lines.append("~ binary bodies differ (\(ResponseFormatting.size(Int64(oldSize))) and \(ResponseFormatting.size(Int64(newSize))))")
        }
        return PaneText([.text(lines, coloring: .diff(columns: false))])
    }

    /// A note for bodies found the same when either holds a masked value: the history keeps no secret, so two
    /// bodies that differed only in one look alike.
    static func maskedNote(_ comparison: ResponseComparison) -> String? {
        let marker = Data(Redaction.marker.utf8)
        guard comparison.old.body.data.range(of: marker) != nil || comparison.new.body.data.range(of: marker) != nil else { return nil }
        return "  but masked values (\(Redaction.marker)) are not compared: a difference in them does not show"
    }

    /// The lines naming both sides, the status and the headers.
    static func summary(_ comparison: ResponseComparison) -> [String] {
        var lines = ["Comparing"]
        lines.append("- " + describe(comparison.old))
        lines.append("+ " + describe(comparison.new))
        lines.append("")
        lines.append("Status")
        if let old = comparison.old.status, let new = comparison.new.status {
            let before = status(old, comparison.old.reason)
            let after = status(new, comparison.new.reason)
            lines.append(comparison.statusChanged ? "~ \(before) → \(after)" : "  the same: \(after)")
        } else {
            lines.append("  not compared: a file has no status")
        }
        lines.append("")
        lines.append("Headers")
        if comparison.old.status == nil || comparison.new.status == nil {
            lines.append("  not compared: a file has no headers")
        } else if comparison.headerChanges.isEmpty {
            lines.append("  the same")
            let masked = (comparison.old.headers + comparison.new.headers).contains { $0.value.contains(Redaction.marker) }
            if masked { lines.append("  but masked values (\(Redaction.marker)) are not compared: a difference in them does not show") }
        }
        for change in comparison.headerChanges {
            if change.old.isEmpty {
                for value in change.new { lines.append("+ \(change.name): \(value)") }
            } else if change.new.isEmpty {
                for value in change.old { lines.append("- \(change.name): \(value)") }
            } else {
                lines.append("~ \(change.name): \(change.old.joined(separator: ", ")) → \(change.new.joined(separator: ", "))")
            }
        }
        return lines
    }

    /// One side in words: label, status and size.
    private static func describe(_ side: ComparedResponse) -> String {
        var text = side.label
        if let code = side.status { text += " · " + status(code, side.reason) }
        return text + " · " + ResponseFormatting.size(Int64(side.body.count))
    }

    /// `200 OK`.
    private static func status(_ code: Int, _ reason: String) -> String {
        reason.isEmpty ? "\(code)" : "\(code) \(reason)"
    }

    /// The runs of the line diff to show: every change with `contextLines` around it; longer unchanged stretches
    /// become one `@` line saying how many lines they hold.
    static func hunks(_ diff: [LineDiff.Line]) -> [(range: Range<Int>, skippedBefore: Int)] {
        var keep = [Bool](repeating: false, count: diff.count)
        for (index, line) in diff.enumerated() where line.kind != .same {
            for near in max(0, index - contextLines)...min(diff.count - 1, index + contextLines) { keep[near] = true }
        }
        var result: [(Range<Int>, Int)] = []
        var index = 0
        var skipped = 0
        while index < diff.count {
            if !keep[index] {
                skipped += 1
                index += 1
                continue
            }
            let start = index
            while index < diff.count, keep[index] { index += 1 }
            result.append((start..<index, skipped))
            skipped = 0
        }
        if skipped > 0 { result.append((diff.count..<diff.count, skipped)) }
        return result
    }

    /// The line diff, one line per line: `  same`, `- removed`, `+ added`.
    static func unified(_ diff: [LineDiff.Line], old: [String], new: [String]) -> [String] {
        var lines: [String] = []
        for hunk in hunks(diff) {
            if hunk.skippedBefore > 0 { lines.append("@ ⋯ \(hunk.skippedBefore.formatted) unchanged line\(hunk.skippedBefore == 1 ? "" : "s")") }
            for line in diff[hunk.range] {
                switch line.kind {
                case .same: lines.append("  " + (line.new.map { new[$0] } ?? ""))
                case .removed: lines.append("- " + (line.old.map { old[$0] } ?? ""))
                case .added: lines.append("+ " + (line.new.map { new[$0] } ?? ""))
                }
            }
        }
        return lines
    }

    /// The line diff in two columns: the earlier text on the left, this one on the right, removed and added lines
    /// paired row by row; each half cut to fit.
    static func columns(_ diff: [LineDiff.Line], old: [String], new: [String], width: Int) -> [String] {
        let half = max(8, (width - 1) / 2)
        var lines: [String] = []
        func row(_ left: String, _ leftMark: Character, _ right: String, _ rightMark: Character) {
            lines.append(cell(left, mark: leftMark, width: half) + separator + cell(right, mark: rightMark, width: half))
        }
        for hunk in hunks(diff) {
            if hunk.skippedBefore > 0 { lines.append("@ ⋯ \(hunk.skippedBefore.formatted) unchanged line\(hunk.skippedBefore == 1 ? "" : "s")") }
            var index = hunk.range.lowerBound
            while index < hunk.range.upperBound {
                let line = diff[index]
                if line.kind == .same {
                    row(line.old.map { old[$0] } ?? "", " ", line.new.map { new[$0] } ?? "", " ")
                    index += 1
                    continue
                }
                var removed: [String] = []
                var added: [String] = []
                while index < hunk.range.upperBound, diff[index].kind != .same {
                    if diff[index].kind == .removed { removed.append(diff[index].old.map { old[$0] } ?? "") }
                    else { added.append(diff[index].new.map { new[$0] } ?? "") }
                    index += 1
                }
                for pair in 0..<max(removed.count, added.count) {
                    row(pair < removed.count ? removed[pair] : "", pair < removed.count ? "-" : " ",
                        pair < added.count ? added[pair] : "", pair < added.count ? "+" : " ")
                }
            }
        }
        return lines
    }

    /// `mark text` sanitized, cut to `width` columns (with `…`) and padded to exactly `width`.
    static func cell(_ text: String, mark: Character, width: Int) -> String {
        let safe = String(sanitize(text, tabWidth: 4).map { $0 == "│" ? "|" : $0 })
        return (String(mark) + " " + safe.truncated(columns: max(0, width - 2))).padded(columns: width)
    }
}

private extension Int {
    /// The number with thousands separators, e.g. `1,204`.
    var formatted: String {
        let digits = String(magnitude)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out += "," }
            out.append(digit)
        }
        return (self < 0 ? "-" : "") + out
    }
}
