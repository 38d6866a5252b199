import BodyIndex
import Foundation
import RequestKit
import RequestStore

/// Lays out what a filter produced as the lines of the Body tab.
///
/// All of it is drawn like a body: control characters and escape sequences become visible symbols.
enum FilterOutput {
    /// The most JSONPath values shown; more are counted and left out.
    static let valueLimit = 10_000

    /// The values `query` selects from a JSON body, each under its normalized path; or the parser's error and column.
    static func jsonPath(_ query: String, body: BodyBytes) -> PaneText {
        let trimmed = query.trimmingCharacters(in: .whitespaces)
        let path: JSONPath
        do throws(JSONPathError) {
            path = try JSONPath.parse(trimmed)
        } catch {
            return PaneText([.text([
                "Invalid JSONPath at column \(error.column): \(error.message)",
                "  " + trimmed,
                "  " + String(repeating: " ", count: max(0, error.column - 1)) + "^",
            ], coloring: .notice(.error))])
        }
        let root: OrderedJSON
        do throws(NetworkError) {
            root = try OrderedJSON.parse(body, threads: OrderedJSON.parallelParsingThreads)
        } catch {
            return PaneText([.text(["The body is not JSON (\(error.message)), so a JSONPath filter cannot read it; a | command works on any body."],
                                   coloring: .notice(.warning))])
        }
        // Freeing a tree of millions of values costs a good part of what building it did: another thread does it.
        defer { DispatchQueue.global(qos: .utility).async { withExtendedLifetime(root) {} } }
        let (matches, total) = path.evaluate(root, upTo: valueLimit)
        var heading = total == 1 ? "1 value matches \(trimmed)" : "\(total) values match \(trimmed)"
        if total > valueLimit { heading += "; the first \(valueLimit) are shown" }
        var parts: [PanePart] = [.text([heading + "  (f edits, Esc in the line clears)"], coloring: .notice(.muted))]
        for match in matches {
            parts.append(.text([match.path], coloring: .notice(.accent)))
            var bytes = [UInt8](CanonicalJSON.format(match.value))
            if bytes.last != 0x0A { bytes.append(0x0A) }
            let lines = TextLines(bytes)
            parts.append(PanePart(lines: lines, coloring: .json(continuationStates: JSONBodyLayout.continuationStates(of: lines))))
        }
        return PaneText(parts)
    }

    /// A shell command's output; when it failed, its status and standard error first.
    static func shell(_ command: String, _ result: ShellFilterResult) -> PaneText {
        var parts: [PanePart] = []
        switch result.ending {
        case .exited(0):
            parts.append(.text(["| \(command)  (exit status 0, \(ResponseFormatting.size(Int64(result.output.count + result.droppedOutput))))"],
                               coloring: .notice(.muted)))
        case .exited(let status):
            parts.append(.text(["| \(command) failed with exit status \(status)."], coloring: .notice(.error)))
        case .signalled(let signal):
            parts.append(.text(["| \(command) was stopped by signal \(signal)\(signal == SIGKILL ? " (Esc)" : "")."], coloring: .notice(.error)))
        case .notStarted(let reason):
            parts.append(.text(["| \(command) did not start: \(reason)."], coloring: .notice(.error)))
        }
        if !result.succeeded, !result.errors.isEmpty {
            parts.append(.text(["stderr:"], coloring: .notice(.warning)))
            parts.append(PanePart(lines: TextLines(result.errors), coloring: .plain))
            if !result.output.isEmpty { parts.append(.text(["stdout:"], coloring: .notice(.warning))) }
        }
        if result.droppedOutput > 0 {
            parts.append(.text(["Only the first \(ResponseFormatting.size(Int64(ShellFilter.outputLimit))) of the output are kept; \(ResponseFormatting.size(Int64(result.droppedOutput))) more were dropped."],
                               coloring: .notice(.warning)))
        }
        if !result.output.isEmpty {
            parts.append(PanePart(lines: TextLines(result.output), coloring: .plain))
        } else if result.succeeded {
            parts.append(.text(["(no output)"], coloring: .notice(.muted)))
        }
        return PaneText(parts)
    }
}
