import BodyIndex

/// Reads a text line by line with a matcher, a bounded piece at a time.
enum SearchScan {
    /// The matches from line `start` on, until `byteBudget` bytes are read or `limit` matches found;
    /// returns them with the line to continue from (nil at the end of the text).
    static func scan(_ text: PaneText, with matcher: SearchMatcher, from start: Int, byteBudget: Int, limit: Int) -> ([SearchMatch], Int?) {
        var matches: [SearchMatch] = []
        var line = max(0, start)
        var read = 0
        while line < text.lineCount {
            if read >= byteBudget || matches.count >= limit || Task.isCancelled { return (matches, line) }
            let (part, first) = text.locate(line)
            let lines = part.lines
            let partStart = line - first
            var index = first
            let skipping: JSONLineIndex? = if case .json(let json) = lines, matcher.staysInsideJSONTokens { json } else { nil }
            while index < lines.count, read < byteBudget, matches.count < limit {
                if let json = skipping {
                    // Hits lie inside tokens, which the body holds verbatim: go straight to the next line holding one.
                    let from = json.bodyOffset(at: index)
                    let to = min(json.end, from + byteBudget - read)
                    let hit = json.bytes.withUnsafeBufferPointer { matcher.firstMatch(in: $0, from..<to) }
                    if let hit {
                        let target = max(index, json.line(containing: hit))
                        read += json.bodyOffset(at: target) - from
                        index = target
                    } else {
                        let next = to >= json.end ? lines.count : json.line(containing: to)
                        if next > index {
                            read += to - from
                            index = next
                            continue
                        }
                        // One line reaches past the budget (whitespace between its tokens): it is read as text below.
                    }
                }
                let (bytes, range) = lines.line(index)
                read += range.count + 1
                let number = partStart + index
                bytes.withUnsafeBufferPointer { buffer in
                    matcher.forEachMatch(in: buffer, range) { from, to in
                        matches.append(SearchMatch(line: number, start: from, end: to))
                        return matches.count < limit
                    }
                }
                index += 1
            }
            line = partStart + index
        }
        return (matches, nil)
    }
}
