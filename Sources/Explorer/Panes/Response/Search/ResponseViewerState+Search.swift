import BodyIndex
import TUICore

extension ResponseViewerState {
    /// The key map context of the keys inside an open search or filter line.
    public static let lineContext = "response.line"

    /// Whether the search or the filter line is open for typing (keys then go to the line).
    public var isEditingLine: Bool { search.isEditing || filter.isEditing }

    /// The text a search of the visible tab runs over, as it is now.
    var searchTarget: SearchTarget {
        SearchTarget(tab: tab, event: tab == .events ? openedEvent?.number : nil, revision: textRevision)
    }

    /// Carries out the actions of the search and filter lines and of `n` / `N`.
    mutating func applyLineAction(_ action: ResponseAction) -> ResponseEffect? {
        switch action {
        case .openSearch:
            guard tab != .timing, !showsEventList else { return .notify("Search works on the Body, Headers and Raw tabs and on an opened event.") }
            filter.isEditing = false
            search.isEditing = true
            search.field = TextFieldState()
            restartSearch()
        case .openFilter:
            return openFilter()
        case .editLine(let key):
            if search.isEditing {
                if search.field.handle(key) { restartSearch() }
            } else if filter.isEditing {
                filter.field.handle(key)
            }
        case .pasteLine(let text):
            let line = text.replacingLineBreaks(with: " ")
            if search.isEditing {
                search.field.insert(line)
                restartSearch()
            } else if filter.isEditing {
                filter.field.insert(line)
            }
        case .toggleRegex:
            guard search.isEditing else { return nil }
            search.isRegex.toggle()
            restartSearch()
        case .commitLine:
            if search.isEditing {
                search.isEditing = false
                if !search.isActive { clearSearch() }
            } else if filter.isEditing {
                return commitFilter()
            }
        case .cancelLine:
            if search.isEditing {
                clearSearch()
            } else if filter.isEditing {
                cancelFilter()
            }
        case .clearSearch:
            dismiss()
        case .nextMatch:
            return stepMatch(by: 1)
        case .previousMatch:
            return stepMatch(by: -1)
        default:
            break
        }
        return nil
    }

    /// Forgets the search: no line, no matches, and late results of it are ignored.
    mutating func clearSearch() {
        let isRegex = search.isRegex
        let generation = search.generation + 1
        search = SearchState()
        search.isRegex = isRegex
        search.generation = generation
    }

    /// Starts the search of the line's text again from the top of the visible tab (a new generation).
    mutating func restartSearch() {
        search.generation += 1
        search.matches = []
        search.current = nil
        search.capped = false
        search.error = nil
        search.target = searchTarget
        search.origin = position.line
        search.nextLine = nil
        search.counting = false
        guard search.isActive else { return }
        if search.isRegex, case .failure(let error) = SearchMatcher.make(search.pattern) {
            search.error = error.message
            return
        }
        search.counting = true
        search.nextLine = 0
    }

    /// The next chunk of searching to run off the UI thread, if one is due; the app calls this after every update.
    ///
    /// A search whose text changed (another tab, a new response, a new filter output) starts again first.
    public mutating func takeSearchJob() -> SearchJob? {
        if search.isActive, search.target != searchTarget { restartSearch() }
        guard let line = search.nextLine, search.error == nil else { return nil }
        search.nextLine = nil
        return SearchJob(generation: search.generation, pattern: search.pattern, text: text(for: tab), startLine: line,
                         limit: SearchState.matchLimit - search.matches.count)
    }

    /// Takes in what a chunk of the search found; chunks of an older search are ignored.
    public mutating func receiveSearch(_ chunk: SearchChunk) {
        guard chunk.generation == search.generation, search.counting else { return }
        if let error = chunk.error {
            search.error = error
            search.counting = false
            return
        }
        search.matches += chunk.matches.prefix(SearchState.matchLimit - search.matches.count)
        if search.matches.count >= SearchState.matchLimit {
            search.capped = true
            search.counting = false
        } else if let next = chunk.nextLine {
            search.nextLine = next
        } else {
            search.counting = false
        }
        guard search.current == nil else { return }
        if let index = search.matches.firstIndex(where: { $0.line >= search.origin }) {
            search.current = index
        } else if !search.counting, !search.matches.isEmpty {
            search.current = 0
        }
        if let index = search.current { reveal(search.matches[index]) }
    }

    /// Moves to the next (`step` 1) or previous (-1) match, wrapping around at either end, and scrolls it into view.
    private mutating func stepMatch(by step: Int) -> ResponseEffect? {
        guard search.isActive else { return .notify("No search: press / to search.") }
        if search.target != searchTarget {
            restartSearch()
            return nil
        }
        guard !search.matches.isEmpty else {
            return search.counting ? nil : .notify("No match for \(sanitize(search.field.text)).")
        }
        let count = search.matches.count
        let next = search.current.map { ($0 + step + count) % count } ?? (step > 0 ? 0 : count - 1)
        search.current = next
        reveal(search.matches[next])
        return nil
    }

    /// Scrolls so that `match` is in view, a third down the page when it was not; sideways too when lines do not wrap.
    mutating func reveal(_ match: SearchMatch) {
        guard tab != .timing else { return }
        let text = text(for: tab)
        guard match.line < text.lineCount else { return }
        following = false
        let geometry = self.geometry
        let (part, index) = text.locate(match.line)
        let (lineBytes, range) = part.lines.line(index)
        let start = min(range.upperBound, range.lowerBound + match.start)
        let end = min(range.upperBound, range.lowerBound + match.end)
        var next = position
        if geometry.wrap {
            let prefix = LineLayout.walk(lineBytes, [StyledRun(range: range.lowerBound..<start, style: .plain)],
                                         width: geometry.width, wrap: true, breakAtSpaces: part.breaksAtSpaces) { _, _, _, _, _ in true }
            let target = ScrollPosition(line: match.line, subRow: max(0, prefix - 1))
            if !isInView(target, from: text.clamped(position, in: geometry), text: text) {
                next = text.scrolled(target, by: -(geometry.height / 3), in: geometry)
            }
        } else {
            if match.line < next.line || match.line >= next.line + geometry.height {
                next.line = max(0, match.line - geometry.height / 3)
            }
            let from = Self.columns(lineBytes, range.lowerBound..<start)
            let to = Self.columns(lineBytes, range.lowerBound..<end)
            if from < next.column || to > next.column + geometry.width {
                next.column = max(0, from - geometry.width / 4)
                if to > next.column + geometry.width { next.column = from }
            }
        }
        scroll[tab] = text.clamped(next, in: geometry)
    }

    /// Whether the row `target` shows when the view starts at `top`.
    private func isInView(_ target: ScrollPosition, from top: ScrollPosition, text: PaneText) -> Bool {
        guard !(target < top) else { return false }
        var rows = 0
        var line = top.line
        var skip = top.subRow
        while line < target.line {
            rows += text.rowCount(of: line, in: geometry) - skip
            skip = 0
            line += 1
            if rows >= geometry.height { return false }
        }
        return rows + target.subRow - skip < geometry.height
    }

    /// The columns `bytes[range]` takes on one row, tabs expanded from the line start.
    static func columns<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, _ range: Range<Int>) -> Int where Bytes.Index == Int {
        guard !range.isEmpty else { return 0 }
        var end = 0
        LineLayout.walk(bytes, [StyledRun(range: range, style: .plain)], width: Int.max / 2, wrap: false) { _, column, _, width, _ in
            end = column + width
            return true
        }
        return end
    }
}
