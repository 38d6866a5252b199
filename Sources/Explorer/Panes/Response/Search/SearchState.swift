import BodyIndex
import TUICore

/// Which text a search ran over: the tab, the opened event and the filter output it showed.
struct SearchTarget: Hashable, Sendable {
    /// The tab searched.
    var tab: ResponseTab
    /// The opened event of the Events tab, by number.
    var event: Int?
    /// The revision of the viewer's text (a new document or a new filter output raises it).
    var revision: Int
}

/// The response viewer's search: the line being typed, the matches found so far and the current one.
///
/// The matches are found off the UI thread in chunks (`SearchJob`, `SearchChunk`); the state keeps at most
/// `matchLimit` of them, in text order, and stops looking once it has that many (the counter then shows `≥`).
public struct SearchState: Equatable, Sendable {
    /// The most matches kept (and counted); a search that finds more shows `n/≥10000`.
    public static let matchLimit = 10_000
    /// About how many bytes one chunk of the search reads before it reports back.
    public static let chunkBytes = 1 << 20

    /// The search text as typed.
    public internal(set) var field = TextFieldState()
    /// Whether the search line is open for typing.
    public internal(set) var isEditing = false
    /// Whether the text is a regular expression.
    public internal(set) var isRegex = false
    /// The number of the newest search; results of older ones are ignored.
    public internal(set) var generation = 0
    /// The matches found so far, in text order.
    public internal(set) var matches: [SearchMatch] = []
    /// The index in `matches` of the current match.
    public internal(set) var current: Int?
    /// Whether the search is still reading the text.
    public internal(set) var counting = false
    /// Whether the search stopped at `matchLimit` matches.
    public internal(set) var capped = false
    /// Why the pattern cannot be used (an invalid regular expression), or nil.
    public internal(set) var error: String?
    /// The text the matches belong to.
    var target: SearchTarget?
    /// The line the next chunk starts at, when a chunk is due.
    var nextLine: Int?
    /// The top line of the view when the search began: the first match at or below it becomes current.
    var origin = 0

    /// Creates an empty search.
    public init() {}

    /// The pattern of the search line.
    public var pattern: SearchPattern { SearchPattern(text: field.text, isRegex: isRegex) }

    /// Whether there is a search whose matches are shown.
    public var isActive: Bool { !field.isEmpty }

    /// The counter beside the line: `3/120`, `3/120…` while counting, `3/≥10000` when capped, `0/0` for none.
    public var counter: String {
        let position = current.map { "\($0 + 1)" } ?? (matches.isEmpty ? "0" : "-")
        if capped { return "\(position)/≥\(matches.count)" }
        return "\(position)/\(matches.count)" + (counting ? "…" : "")
    }

    /// The matches on line `line`, in order.
    func matches(onLine line: Int) -> ArraySlice<SearchMatch> {
        var low = 0
        var high = matches.count
        while low < high {
            let mid = (low + high) / 2
            if matches[mid].line < line { low = mid + 1 } else { high = mid }
        }
        var end = low
        while end < matches.count, matches[end].line == line { end += 1 }
        return matches[low..<end]
    }
}

/// One chunk of searching to do off the UI thread: a pattern over a text, from a line on.
public struct SearchJob: Sendable {
    /// The search this chunk belongs to.
    public let generation: Int
    /// What to look for.
    public let pattern: SearchPattern
    /// The text searched (shared with the viewer, never copied).
    let text: PaneText
    /// The first line to read.
    let startLine: Int
    /// The most matches to report.
    let limit: Int

    /// Searches from `startLine` until about `SearchState.chunkBytes` are read or `limit` matches are found.
    public func run() -> SearchChunk {
        switch SearchMatcher.make(pattern) {
        case .failure(let error):
            return SearchChunk(generation: generation, matches: [], nextLine: nil, error: error.message)
        case .success(let matcher):
            let (matches, next) = SearchScan.scan(text, with: matcher, from: startLine, byteBudget: SearchState.chunkBytes, limit: limit)
            return SearchChunk(generation: generation, matches: matches, nextLine: next, error: nil)
        }
    }
}

/// What one chunk of a search found, and where the next chunk starts (nil at the end of the text).
public struct SearchChunk: Equatable, Sendable {
    /// The search the chunk belongs to.
    public let generation: Int
    /// The matches found, in text order.
    public let matches: [SearchMatch]
    /// The line the next chunk starts at, or nil when the whole text was read.
    public let nextLine: Int?
    /// Why the pattern could not be used, or nil.
    public let error: String?
}
