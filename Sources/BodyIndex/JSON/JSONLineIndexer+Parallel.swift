import Dispatch
import Foundation
import RequestKit
import Locking

/// Indexing the rest of a whole body on several threads: a large array is cut between its elements into runs, each
/// run is indexed by an indexer of its own at once, and the runs' lines are joined in order.
///
/// A cut is a guess, made without reading what comes before it: the first token after a comma near an even share of
/// the bytes, preferring a comma between two containers (`},{`). Joining checks each guess: a run is taken only when
/// the indexer before it, which read from the true start, stopped exactly at the run's first byte, after a comma of
/// the same array, with the same containers open. So the index is always the one a single thread builds.
extension JSONLineIndexer {
    /// The fewest bytes worth a run of their own: below it, starting a thread costs more than it saves.
    package static let parallelRunMinimum = 1 << 19
    /// How many steps may have a cut that does not hold before the rest is read on one thread.
    package static let missedCutLimit = 4
    /// The most lines read on one thread at a time while no array is open, to reach the one to cut.
    package static let linesBeforeAnArray = 1 << 12
    /// How far past its share of the bytes a cut is looked for.
    package static let cutSearchWindow = 1 << 20

    /// The cuts of one step: the first byte of each run after the first, and where the last run stops.
    package struct ParallelPlan: Sendable {
        /// Where each run after the first starts (the first token after a comma).
        package var cuts: [Int]
        /// Where the last run stops: the end of the body, or a guessed cut where the next step starts.
        package var end: Int
        /// The nesting depth inside the array that is cut.
        package var depth: Int
    }

    /// Whether reading on several threads stopped after `missedCutLimit` cuts that did not hold, so the rest is read on one.
    package var parallelGaveUp: Bool { missedCuts >= Self.missedCutLimit }

    /// Indexes on up to `threads` threads until the index has `target` lines, the body ends, or the rest cannot be
    /// cut; what is left is read on one thread by `advance`.
    ///
    /// A step whose cut does not hold keeps the lines read up to it, so it costs no time over one thread, only work on
    /// the others; after `missedCutLimit` such steps the rest is read on one thread.
    package mutating func advanceInParallel(toLines target: Int, threads: Int, minimumRun: Int) {
        let minimumRun = max(1, minimumRun)
        var linesToAnArray = 1
        while !isComplete, !parallelGaveUp, linesBegun < target, let reader = fastReader, !reader.hasFailed {
            guard bytes.count - reader.offset >= 2 * minimumRun else { return }
            guard let depth = reader.outermostArrayDepth else {
                // No array is open yet (a header object before the data, say): read on a little and look again.
                if readFast(upTo: bytes.count, lines: min(target, linesBegun + linesToAnArray)) { return }
                linesToAnArray = min(linesToAnArray * 2, Self.linesBeforeAnArray)
                continue
            }
            guard let plan = plan(threads: threads, lines: target, depth: depth, minimumRun: minimumRun) else { return }
            if !runParallelStep(plan, reader: reader) {
                missedCuts += 1
            }
        }
    }

    /// Where to cut the next step: enough bytes for about `target` lines (all the rest for an unbounded target), in
    /// `threads` runs of at least `minimumRun` bytes; nil when no cut is found.
    private func plan(threads: Int, lines target: Int, depth: Int, minimumRun: Int) -> ParallelPlan? {
        guard let reader = fastReader else { return nil }
        let start = reader.offset
        let count = bytes.count
        var budget = count - start
        if target != .max {
            // As many bytes as the lines wanted take at the rate so far.
            guard linesBegun > 0 else { return nil }
            let bytesPerLine = max(1, start / linesBegun)
            let (wanted, overflow) = (target - linesBegun).multipliedReportingOverflow(by: bytesPerLine)
            if !overflow { budget = min(budget, wanted) }
        }
        let runs = min(threads, budget / minimumRun)
        guard runs >= 2 else { return nil }
        return bytes.withUnsafeBufferPointer { input -> ParallelPlan? in
            guard let base = input.baseAddress else { return nil }
            var cuts: [Int] = []
            for run in 1..<runs {
                let from = max(start + budget * run / runs, (cuts.last ?? start) + 1)
                guard let cut = Self.guessedCut(base, from: from, before: count) else { break }
                cuts.append(cut)
            }
            guard !cuts.isEmpty else { return nil }
            var end = count
            if start + budget < count - minimumRun, let last = cuts.last {
                end = Self.guessedCut(base, from: max(start + budget, last + 1), before: count) ?? count
            }
            return ParallelPlan(cuts: cuts, end: end, depth: depth)
        }
    }

    /// Indexes the runs of `plan` at once and joins those whose cut holds; returns false when a cut did not hold
    /// (the lines up to it are kept, and reading goes on from there).
    private mutating func runParallelStep(_ plan: ParallelPlan, reader: JSONFastTokens) -> Bool {
        let body = bytes
        let count = body.count
        let bounds = plan.cuts + [plan.end]
        var head = self
        head.setWaitsAtEnd(true)
        let first = head
        let results = Locked<[Int: JSONLineIndexer]>([:])
        DispatchQueue.concurrentPerform(iterations: bounds.count) { run in
            var indexer = run == 0 ? first : JSONLineIndexer(run: body, at: plan.cuts[run - 1], after: reader, depth: plan.depth,
                                                             maximumLineBytes: first.maximumLineBytes)
            indexer.setWaitsAtEnd(bounds[run] < count)
            _ = indexer.readFast(upTo: bounds[run], lines: .max)
            results.withLock { $0[run] = indexer }
        }
        let indexed = results.withLock { $0 }
        guard var joined = indexed[0] else { return false }
        var held = true
        for run in 1..<bounds.count {
            guard let next = indexed[run], next.fastReader?.hasFailed == false,
                  joined.standsBeforeElement(at: plan.cuts[run - 1], depth: plan.depth, like: reader) else {
                held = false
                break
            }
            joined.absorb(next)
        }
        joined.setWaitsAtEnd(false)
        joined.missedCuts = missedCuts
        self = joined
        return held
    }

    /// A guess at where an element of an array begins, at or after `from` and before `limit`: the first token after a
    /// comma with a closing bracket before it and an opening one after it (whitespace aside), or failing that within
    /// `cutSearchWindow` bytes, after the first comma found; nil when there is no comma.
    package static func guessedCut(_ base: UnsafePointer<UInt8>, from: Int, before limit: Int) -> Int? {
        var position = from
        var firstComma: Int?
        let stop = min(limit, from + cutSearchWindow)
        while position < stop {
            guard let found = memchr(base + position, Int32(UInt8(ascii: ",")), stop - position) else { break }
            let comma = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
            var after = comma + 1
            while after < limit, isWhitespace(base[after]) { after += 1 }
            guard after < limit else { break }
            if firstComma == nil { firstComma = after }
            var before = comma - 1
            while before > from, isWhitespace(base[before]) { before -= 1 }
            let closes = base[before] == UInt8(ascii: "}") || base[before] == UInt8(ascii: "]")
            let opens = base[after] == UInt8(ascii: "{") || base[after] == UInt8(ascii: "[")
            if closes, opens { return after }
            position = comma + 1
        }
        return firstComma
    }

    /// Whether `byte` is JSON whitespace.
    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}
