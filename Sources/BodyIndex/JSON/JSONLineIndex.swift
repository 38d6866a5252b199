import RequestKit

/// One line of a `JSONLineIndex`: where its text starts in the body, and its word: the nesting depth (the number of
/// containers around it) in the low bits, then `LineFlags`.
package struct LineRecord: Equatable, Sendable, BitwiseCopyable {
    /// The body offset of the line's first byte.
    package var start: UInt32
    /// The depth and flags.
    package var word: UInt32
}

/// The lines of a JSON body as `JSONPrettyPrinter` lays them out, indexed into the body's own bytes.
///
/// Each line costs eight bytes (kept in chunks, see `ChunkedColumn`): where its first token starts in the body, and a word
/// holding its nesting depth and what the line opens or closes (see `JSONLineIndex+Structure.swift`). The text of a
/// line is written from the body only when asked for (`line(at:)`, see `JSONLineWalker`), so showing a body
/// holds the body once plus this index. A pretty line longer than `TextLines.maximumLineBytes` is cut into
/// pieces at UTF-8 character boundaries, exactly where `TextLines` cuts the printed text; each later piece
/// is a continuation line.
///
/// Built by `JSONLineIndexer`, which can hand out the lines indexed so far while it goes on.
package struct JSONLineIndex: Equatable, Sendable {
    /// The body as received, shared with the document (for a body still arriving, the part that has come).
    package fileprivate(set) var bytes: BodyBytes
    /// Per line: where it starts in the body and its word (see `LineRecord`).
    package fileprivate(set) var records = ChunkedColumn<LineRecord>()
    /// Indices of lines that continue the line before them (a cut long line), ascending.
    package fileprivate(set) var continuations: [Int] = []
    /// Where each continuation line's walk starts: its lexer state and whether it starts with the space after a `:`.
    package fileprivate(set) var continuationStarts: [Int: JSONLineWalker.Start] = [:]
    /// The body offset the last line's text ends before.
    package fileprivate(set) var end: Int = 0
    /// Whether the whole body is indexed; a partial index holds only lines known to be complete.
    package fileprivate(set) var isComplete = false

    /// The number of lines.
    package var lineCount: Int { records.count }

    /// The nesting depth of line `index`: 0 for the top-level value's first and last line, one more inside each container.
    package func depth(at index: Int) -> Int { Int(records[index].word & LineFlags.depthMask) }

    /// The body offset of the first byte of line `index` (for a continuation, where its piece starts).
    package func bodyOffset(at index: Int) -> Int { Int(records[index].start) }

    /// Whether line `index` continues the previous line because that one was too long.
    package func isContinuation(_ index: Int) -> Bool { records[index].word & LineFlags.continuation != 0 }

    /// The lexer state at the start of each continuation line, for coloring it.
    package var continuationStates: [Int: JSONLexState] { continuationStarts.mapValues(\.state) }

    /// The line whose text holds body offset `offset`: the last line starting at or before it (0 before the first).
    package func line(containing offset: Int) -> Int {
        var low = 0
        var high = records.count
        while low < high {
            let mid = (low + high) / 2
            if Int(records[mid].start) <= offset { low = mid + 1 } else { high = mid }
        }
        return max(0, low - 1)
    }

    /// The text of line `index` as pretty-printed, indent included, without a line break.
    package func line(at index: Int) -> [UInt8] {
        let start = Int(records[index].start)
        let bound = index + 1 < records.count ? Int(records[index + 1].start) : end
        var output: [UInt8] = []
        let walkStart: JSONLineWalker.Start
        if let piece = continuationStarts[index] {
            walkStart = piece
        } else {
            walkStart = JSONLineWalker.Start()
            output.append(contentsOf: repeatElement(0x20, count: Self.indent(of: depth(at: index))))
        }
        let nextPiece = index + 1 < records.count ? continuationStarts[index + 1] : nil
        let keepingSpace = nextPiece.map { !$0.pendingSpace } ?? false
        bytes.withUnsafeBufferPointer { input in
            JSONLineWalker.append(input, from: start, to: bound, walkStart, keepingTrailingSpace: keepingSpace, into: &output)
        }
        return output
    }

    /// Adds the lines of `later`, an index of the bytes that follow this one's lines, after them.
    fileprivate mutating func append(_ later: JSONLineIndex) {
        let shift = records.count
        records.append(contentsOf: later.records)
        continuations.append(contentsOf: later.continuations.map { $0 + shift })
        for (line, start) in later.continuationStarts { continuationStarts[line + shift] = start }
        end = later.end
        isComplete = later.isComplete
    }

    /// The spaces before a line at `depth`, as `JSONBodyLayout` indents.
    package static func indent(of depth: Int) -> Int {
        min(depth, JSONBodyLayout.maximumIndentDepth) * JSONBodyLayout.indentWidth
    }
}

/// Builds a `JSONLineIndex` in one pass over the body's tokens, checking the JSON grammar as it goes.
///
/// It reads tokens with `JSONScanner`, so nesting of any depth costs memory, never stack. `advance` can stop
/// after a number of lines and be called again, and `index` is the part indexed so far; so the first screen
/// of a big body can be shown before the rest is indexed.
package struct JSONLineIndexer: Equatable, Sendable {
    /// The index so far.
    private var built: JSONLineIndex
    /// The fast reader of tokens; nil once it has stopped on an error and `scanner` reads instead.
    private var fast: JSONFastTokens? = JSONFastTokens()
    /// The reader that gives the exact syntax error, used only after the fast one stopped on one.
    private var scanner = JSONScanner()
    private var depth = 0
    private var pendingOpen = false
    /// Whether the container whose bracket is pending is an object.
    private var pendingObject = false
    /// Whether the current line ends by opening a container whose members follow on the next lines.
    private var opened = false
    private var startsLine = true
    /// The current (last) line: its body offset, depth and pretty length so far.
    private var lineStart = -1
    private var lineDepth = 0
    private var lineLength = 0
    /// The longest pretty line kept whole.
    package let maximumLineBytes: Int
    /// How many steps on several threads had a cut that did not hold (see `parallelGaveUp`).
    package var missedCuts = 0
    /// How many runs indexed on other threads have been joined to this index.
    package private(set) var runsJoined = 0
    /// Whether more bytes of the body are still to come (see `appendArrived` and `endArrival`).
    package private(set) var isArriving = false

    /// The largest body indexed; offsets are kept in 32 bits.
    package static let maximumBodyBytes = Int(UInt32.max)

    /// An indexer over a copy of `body`.
    package init(_ body: [UInt8], maximumLineBytes: Int = TextLines.maximumLineBytes) {
        self.init(BodyBytes(body), maximumLineBytes: maximumLineBytes)
    }

    /// An indexer over `body` (shared, not copied).
    package init(_ body: BodyBytes, maximumLineBytes: Int = TextLines.maximumLineBytes) {
        built = JSONLineIndex(bytes: body)
        self.maximumLineBytes = max(2, maximumLineBytes)
    }

    /// An indexer of a body that is still arriving: it starts with no bytes, takes them with `appendArrived`,
    /// and indexes each line once the bytes that end it have come; `endArrival` says the body is whole.
    package static func arriving(maximumLineBytes: Int = TextLines.maximumLineBytes) -> JSONLineIndexer {
        var indexer = JSONLineIndexer(BodyBytes(), maximumLineBytes: maximumLineBytes)
        indexer.isArriving = true
        indexer.fast?.moreInputFollows = true
        return indexer
    }

    /// Adds the next bytes of a body still arriving; `advance` indexes them, going on from where it stopped.
    package mutating func appendArrived(_ more: [UInt8]) {
        guard isArriving, !more.isEmpty else { return }
        built.bytes.append(contentsOf: more)
    }

    /// Says that every byte of the body has come: the next `advance` reads its last token and completes the index.
    package mutating func endArrival() {
        isArriving = false
        fast?.moreInputFollows = false
    }

    /// Indexes the whole body, or returns the syntax error that stops it.
    package static func index(_ body: [UInt8], maximumLineBytes: Int = TextLines.maximumLineBytes, threads: Int = 1,
                      minimumRun: Int = parallelRunMinimum) -> Result<JSONLineIndex, JSONSyntaxError> {
        index(BodyBytes(body), maximumLineBytes: maximumLineBytes, threads: threads, minimumRun: minimumRun)
    }

    /// Indexes the whole of a body's own bytes (shared, not copied), or returns the syntax error that stops it; a
    /// large array in it is indexed on up to `threads` threads (see `advance(lines:threads:minimumRun:)`).
    package static func index(_ body: BodyBytes, maximumLineBytes: Int = TextLines.maximumLineBytes, threads: Int = 1,
                      minimumRun: Int = parallelRunMinimum) -> Result<JSONLineIndex, JSONSyntaxError> {
        var indexer = JSONLineIndexer(body, maximumLineBytes: maximumLineBytes)
        do {
            _ = try indexer.advance(lines: .max, threads: threads, minimumRun: minimumRun)
            return .success(indexer.index)
        } catch {
            return .failure(error)
        }
    }

    /// Two indexers are equal when they have indexed the same lines of the same body up to the same token.
    package static func == (left: JSONLineIndexer, right: JSONLineIndexer) -> Bool {
        left.built == right.built && left.scanner.offset == right.scanner.offset && left.fast?.offset == right.fast?.offset && left.lineStart == right.lineStart
    }

    /// Whether the whole body has been indexed.
    package var isComplete: Bool { built.isComplete }

    /// The body's bytes (for a body still arriving, those that have come).
    package var bytes: BodyBytes { built.bytes }

    /// The lines indexed so far: all of them once complete, else those known to be whole (the last one open is left out).
    package var index: JSONLineIndex {
        guard !built.isComplete, lineStart >= 0 else { return built }
        var partial = built
        partial.records.removeLast()
        while let last = partial.continuations.last, last >= partial.records.count {
            partial.continuations.removeLast()
            partial.continuationStarts[last] = nil
        }
        partial.end = lineStart
        return partial
    }

    /// Reads tokens until at least `lines` more lines are indexed or the body ends; returns true once complete.
    ///
    /// With `threads` above one, the rest of a whole body (not one still arriving) is read on up to that many threads
    /// where it is a large array, cut between its elements into runs of at least `minimumRun` bytes (see
    /// `JSONLineIndexer+Parallel.swift`); the index is the same as on one thread.
    package mutating func advance(lines: Int, threads: Int = 1, minimumRun: Int = JSONLineIndexer.parallelRunMinimum) throws(JSONSyntaxError) -> Bool {
        if built.isComplete { return true }
        let body = built.bytes
        guard body.count <= Self.maximumBodyBytes else {
            throw JSONSyntaxError(offset: 0, reason: "the body is larger than the \(Self.maximumBodyBytes) bytes the viewer indexes")
        }
        let target = lines == .max ? Int.max : built.records.count + lines
        if threads > 1, !isArriving { advanceInParallel(toLines: target, threads: threads, minimumRun: minimumRun) }
        if fast != nil {
            let stopped = readFast(upTo: body.count, lines: target)
            if !stopped { return built.isComplete }
            // The text breaks the grammar somewhere: read it again with the scanner, which says where and how.
            let arriving = isArriving
            self = JSONLineIndexer(body, maximumLineBytes: maximumLineBytes)
            isArriving = arriving
            fast = nil
        }
        let arriving = isArriving
        try body.withUnsafeBufferPointer { (input) throws(JSONSyntaxError) in
            while built.records.count < target {
                guard let token = try scanner.next(in: input) else {
                    guard !arriving else {
                        throw JSONSyntaxError(offset: input.count, reason: "the body breaks off before its end")
                    }
                    finish(input)
                    return
                }
                take(token.kind, start: token.range.lowerBound, end: token.range.upperBound, input)
            }
        }
        return built.isComplete
    }

    /// Reads tokens with the fast reader, up to body offset `bound`, until the index has `target` lines or the bytes
    /// end; returns true when it stopped on a byte that breaks the grammar (or has no fast reader).
    package mutating func readFast(upTo bound: Int, lines target: Int) -> Bool {
        guard var reader = fast else { return true }
        let body = built.bytes
        let stopped = body.withUnsafeBufferPointer { input -> Bool in
            guard let base = input.baseAddress else { return !isArriving }
            let end = min(bound, input.count)
            while built.records.count < target {
                guard let token = reader.next(base, count: end) else {
                    if reader.isWaiting { return false }
                    if reader.isFinished, !isArriving, end == input.count { finish(input) }
                    return !reader.isFinished
                }
                take(token.kind, start: token.start, end: token.end, input)
            }
            return false
        }
        fast = reader
        return stopped
    }

    /// An indexer of the run of an array's elements whose first token is at `offset`: it reads as `reader` would
    /// after a comma of the array open at nesting `depth` (its containers the same as `reader`'s up to there).
    package init(run body: BodyBytes, at offset: Int, after reader: JSONFastTokens, depth: Int, maximumLineBytes: Int) {
        self.init(body, maximumLineBytes: maximumLineBytes)
        fast = reader.startingElement(at: offset, depth: depth)
        self.depth = depth
    }

    /// Whether the fast reader has read everything before body offset `cut` and stands after a comma of the array open at
    /// nesting `depth`, with the same containers as `reader` up to there: where a run built by `init(run:at:after:depth:)` starts.
    package func standsBeforeElement(at cut: Int, depth: Int, like reader: JSONFastTokens) -> Bool {
        guard startsLine, !pendingOpen, !opened, self.depth == depth, let fast else { return false }
        return fast.standsBeforeElement(at: cut, depth: depth, like: reader)
    }

    /// Takes over the lines of `run`, an indexer that started where this one stands (see `standsBeforeElement`), and
    /// its state after them, as if this indexer had read them itself.
    package mutating func absorb(_ run: JSONLineIndexer) {
        guard run.built.records.count > 0 else { return }
        // The line left open here ends where the run's first line starts, as `startLine` would have ended it.
        let body = built.bytes
        body.withUnsafeBufferPointer { input in closeLine(before: Int(run.built.records[0].start), input) }
        var joined = built
        joined.append(run.built)
        let runs = runsJoined + 1
        let missed = missedCuts
        self = run
        built = joined
        runsJoined = runs
        missedCuts = missed
    }

    /// The number of lines begun so far, the last one perhaps still open.
    package var linesBegun: Int { built.records.count }

    /// The fast reader's state (nil once it has stopped on an error and the scanner reads instead).
    package var fastReader: JSONFastTokens? { fast }

    /// Lets the fast reader stop at the end of the bytes it is given and wait there, as for a body still arriving.
    package mutating func setWaitsAtEnd(_ waits: Bool) {
        fast?.moreInputFollows = waits
    }

    /// Adds one token to the current line, or starts a line with it.
    ///
    /// Most tokens (a colon, a value after it, a comma) only lengthen the current line; they take the short way here,
    /// small enough to be inlined into the reading loop, and the rest go through `takeAtLineEdge`.
    @inline(__always)
    private mutating func take(_ kind: JSONTokenKind, start: Int, end: Int, _ input: UnsafeBufferPointer<UInt8>) {
        guard !pendingOpen, !startsLine, kind != .endObject, kind != .endArray else {
            takeAtLineEdge(kind, start: start, end: end, input)
            return
        }
        lengthenLine(kind, start: start, end: end)
    }

    /// Adds a token's bytes to the current line and notes what it leaves pending: an opened container, a new line
    /// after a comma, the space after a colon.
    @inline(__always)
    private mutating func lengthenLine(_ kind: JSONTokenKind, start: Int, end: Int) {
        lineLength &+= end &- start
        switch kind {
        case .beginObject, .beginArray:
            pendingOpen = true
            pendingObject = kind == .beginObject
        case .comma: startsLine = true
        case .colon: lineLength &+= 1
        default: break
        }
    }

    /// Adds a token that opens or closes a container's lines or starts a line.
    @inline(never)
    private mutating func takeAtLineEdge(_ kind: JSONTokenKind, start: Int, end: Int, _ input: UnsafeBufferPointer<UInt8>) {
        let isClose = kind == .endObject || kind == .endArray
        if pendingOpen {
            pendingOpen = false
            if isClose {
                lineLength += 1
                return
            }
            depth += 1
            startsLine = true
            opened = true
        }
        if isClose {
            depth -= 1
            startLine(at: start, closes: true, input)
        } else if startsLine {
            startsLine = false
            startLine(at: start, closes: false, input)
        }
        lengthenLine(kind, start: start, end: end)
    }

    /// Ends the current line before `offset` and starts a new one there at the current depth; `closes` when it starts with a closing bracket.
    @inline(__always)
    private mutating func startLine(at offset: Int, closes: Bool, _ input: UnsafeBufferPointer<UInt8>) {
        if lineLength > maximumLineBytes { closeLine(before: offset, input) }
        if opened {
            opened = false
            let flags = LineFlags.opens | (pendingObject ? LineFlags.object : 0)
            built.records.updateLast { $0.word |= flags }
        }
        lineStart = offset
        lineDepth = depth
        lineLength = JSONLineIndex.indent(of: depth)
        built.records.append(LineRecord(start: UInt32(truncatingIfNeeded: offset), word: LineFlags.word(depth: depth) | (closes ? LineFlags.closes : 0)))
    }

    /// Marks the index complete once the scanner has read the last token.
    private mutating func finish(_ input: UnsafeBufferPointer<UInt8>) {
        closeLine(before: input.count, input)
        built.end = input.count
        built.isComplete = true
    }

    /// Cuts the current line into pieces when its pretty text is longer than `maximumLineBytes`.
    private mutating func closeLine(before bound: Int, _ input: UnsafeBufferPointer<UInt8>) {
        guard lineStart >= 0, lineLength > maximumLineBytes else { return }
        var cursor = Cursor(position: lineStart, emitted: JSONLineIndex.indent(of: lineDepth))
        var pieceStart = 0
        while lineLength - pieceStart > maximumLineBytes {
            let target = pieceStart + maximumLineBytes
            cursor.advance(to: target, in: input, bound: bound)
            var start = JSONLineWalker.Start(state: cursor.state, pendingSpace: cursor.space)
            var offset = cursor.position
            var cut = target
            if !cursor.space {
                cursor.skipWhitespace(in: input, bound: bound)
                offset = cursor.position
                while cut > pieceStart + 1, offset < input.count, input[offset] & 0xC0 == 0x80 {
                    cut -= 1
                    offset -= 1
                }
                start.state = cursor.inString ? (offset == cursor.position ? cursor.state : .inString) : .normal
            }
            let line = built.records.count
            built.records.append(LineRecord(start: UInt32(truncatingIfNeeded: offset), word: LineFlags.word(depth: lineDepth) | LineFlags.continuation))
            built.continuations.append(line)
            built.continuationStarts[line] = start
            cursor = Cursor(position: offset, emitted: cut, strings: JSONStringTracker(state: start.state), space: start.pendingSpace)
            pieceStart = cut
        }
    }

    /// Counts pretty bytes along the body the way `JSONLineWalker` writes them, to find where a long line is cut.
    private struct Cursor {
        /// The next body offset to read.
        package var position: Int
        /// The pretty bytes written so far on the line, indent included.
        package var emitted: Int
        /// Whether the next byte is read inside a string.
        package var strings = JSONStringTracker()
        /// Whether a space after `:` is still to be written.
        package var space = false

        /// Whether the next byte is read inside a string.
        package var inString: Bool { strings.inString }
        /// The lexer state the next byte is read in.
        package var state: JSONLexState { strings.state }

        /// Moves on until the next byte written would be the one at pretty offset `target`.
        package mutating func advance(to target: Int, in input: UnsafeBufferPointer<UInt8>, bound: Int) {
            while emitted < target, position < bound {
                if strings.inString {
                    strings.take(input[position])
                    position += 1
                    emitted += 1
                    continue
                }
                if space {
                    space = false
                    emitted += 1
                    continue
                }
                let byte = input[position]
                position += 1
                switch byte {
                case 0x20, 0x09, 0x0A, 0x0D:
                    continue
                case UInt8(ascii: "\""):
                    strings.take(byte)
                case UInt8(ascii: ":"):
                    space = true
                default:
                    break
                }
                emitted += 1
            }
        }

        /// Moves past whitespace between tokens, so the position is at the next byte written.
        package mutating func skipWhitespace(in input: UnsafeBufferPointer<UInt8>, bound: Int) {
            guard !inString else { return }
            while position < bound {
                switch input[position] {
                case 0x20, 0x09, 0x0A, 0x0D: position += 1
                default: return
                }
            }
        }
    }
}
