import Dispatch
import Foundation
import Locking

/// Reading a large JSON array (top-level, or the array member of a top-level object) on several threads.
extension OrderedJSON {
    /// The smallest text `parse(_:threads:)` splits: below it one thread is quicker than starting others.
    public static let parallelParsingMinimum = 1 << 20
    /// How many threads suit `parse(_:threads:)` here: one per processor, at most four.
    public static let parallelParsingThreads = max(1, min(4, ProcessInfo.processInfo.activeProcessorCount))

    /// Parses a JSON document as `parse(_:)` does, with the same tree and the same errors; the large array of a text
    /// of at least `minimumBytes` (the top-level array, or an array member of a top-level object holding most of the
    /// text, as in `{"items": [...]}`) is cut between its elements into `threads` runs that are read at once.
    ///
    /// The cut points come from one pass over the bytes tracking strings and nesting. Each run is read whole by
    /// the usual reader as an array of its own, and the runs' elements are joined in order; around an array member,
    /// the object is read with that member's value left empty (its "shell") and the elements put back. Should any
    /// part fail (the text is not valid JSON), the whole text is read again on one thread, so the error is exactly
    /// the one `parse(_:)` gives.
    public static func parse(_ bytes: some Sequence<UInt8>, threads: Int, minimumBytes: Int = parallelParsingMinimum) throws(NetworkError) -> OrderedJSON {
        let split = bytes.withContiguousStorageIfAvailable { input -> Split? in
            guard threads >= 2, input.count >= minimumBytes else { return nil }
            if let runs = Self.splitTopLevelArray(input, parts: threads) { return Split(runs: runs, shell: nil) }
            return Self.splitArrayMember(input, parts: threads)
        } ?? nil
        guard let split, split.runs.count > 1 else { return try parse(bytes) }
        let pieces = split.runs + (split.shell.map { [$0.bytes] } ?? [])
        let results = Locked<[Int: OrderedJSON]>([:])
        DispatchQueue.concurrentPerform(iterations: pieces.count) { index in
            let value = pieces[index].withUnsafeBufferPointer { input in try? OrderedJSONReader.read(input) }
            if let value { results.withLock { $0[index] = value } }
        }
        let read = results.withLock { $0 }
        var elements: [OrderedJSON] = []
        for index in split.runs.indices {
            var value = read[index]
            if split.shell != nil {
                // A run of an array member is wrapped once more (see `memberSplit`).
                if case .array(let outer)? = value, outer.count == 1 { value = outer[0] } else { value = nil }
            }
            // Every run holds at least one element: an empty one stood between two commas, which the whole text
            // may not have, so it is read again whole for its error.
            guard case .array(let part)? = value, !part.isEmpty else { return try parse(bytes) }
            elements.append(contentsOf: part)
        }
        guard let shell = split.shell else { return .array(elements) }
        guard case .object(var members)? = read[split.runs.count], members.indices.contains(shell.member),
              members[shell.member].value == .array([]) else { return try parse(bytes) }
        members[shell.member].value = .array(elements)
        return .object(members)
    }

    /// A text cut for reading on several threads: runs of an array's elements, each an array of its own, and for
    /// an array inside a top-level object the object with that array left empty and the member's place.
    struct Split {
        /// The top-level object with the cut array's value written `[]`, and the index of that member.
        struct Shell {
            /// The object's text.
            var bytes: [UInt8]
            /// The member whose value is the cut array, counted from 0 in the object's order.
            var member: Int
        }

        /// The arrays of elements, in order (for an array member, each inside one more array).
        var runs: [[UInt8]]
        /// The object around the cut array; nil when the cut array is the top-level value.
        var shell: Shell?
    }

    /// The text of a top-level object cut inside the array value of one of its members, when that array holds more
    /// than half of the text; nil for any other text or when the array has too few elements to cut.
    static func splitArrayMember(_ input: UnsafeBufferPointer<UInt8>, parts: Int) -> Split? {
        guard let base = input.baseAddress else { return nil }
        var start = 0
        while start < input.count, Self.isWhitespace(input[start]) { start += 1 }
        guard start < input.count, input[start] == UInt8(ascii: "{") else { return nil }
        let span = input.count - start
        var depth = 0
        var member = 0
        var open = -1
        var cuts: [Int] = []
        var target = 0
        var index = start
        while index < input.count {
            switch input[index] {
            case UInt8(ascii: "\""):
                guard let quote = Self.closingQuote(base, input.count, afterOpeningAt: index) else { return nil }
                index = quote
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                if depth == 2, input[index] == UInt8(ascii: "[") {
                    open = index
                    cuts = []
                    target = index + (input.count - index) / parts
                }
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                if depth == 2, open >= 0, input[index] == UInt8(ascii: "]") {
                    if !cuts.isEmpty, (index - open) * 2 > span {
                        return Self.memberSplit(input, open: open, close: index, cuts: cuts, member: member)
                    }
                    open = -1
                }
                depth -= 1
                if depth <= 0 { return nil }
            case UInt8(ascii: ","):
                if depth == 1 { member += 1 }
                if depth == 2, open >= 0, index >= target, cuts.count < parts - 1 {
                    cuts.append(index)
                    target = open + (input.count - open) * (cuts.count + 1) / parts
                }
            default: break
            }
            index += 1
        }
        return nil
    }

    /// The runs of the array between `open` and `close` cut at `cuts`, and the object with that array written `[]`.
    private static func memberSplit(_ input: UnsafeBufferPointer<UInt8>, open: Int, close: Int, cuts: [Int], member: Int) -> Split {
        var runs: [[UInt8]] = []
        var from = open + 1
        for cut in cuts + [close] {
            // Two brackets: the elements sit as deep as in the whole text, so the nesting limit cuts alike.
            var run: [UInt8] = [UInt8(ascii: "["), UInt8(ascii: "[")]
            run.reserveCapacity(cut - from + 4)
            run.append(contentsOf: UnsafeBufferPointer(rebasing: input[from..<cut]))
            run.append(contentsOf: [UInt8(ascii: "]"), UInt8(ascii: "]")])
            runs.append(run)
            from = cut + 1
        }
        var shell = Array(UnsafeBufferPointer(rebasing: input[0..<open]))
        shell.append(contentsOf: [UInt8(ascii: "["), UInt8(ascii: "]")])
        shell.append(contentsOf: UnsafeBufferPointer(rebasing: input[(close + 1)...]))
        return Split(runs: runs, shell: Split.Shell(bytes: shell, member: member))
    }

    /// The offset of the quote closing the string opened at `open` (a quote after an odd run of backslashes is
    /// escaped), or nil when the string does not close.
    private static func closingQuote(_ base: UnsafePointer<UInt8>, _ count: Int, afterOpeningAt open: Int) -> Int? {
        var from = open + 1
        while true {
            guard let found = memchr(base + from, 0x22, count - from) else { return nil }
            let quote = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
            var slashes = 0
            while quote - slashes - 1 > open, base[quote - slashes - 1] == UInt8(ascii: "\\") { slashes += 1 }
            if slashes % 2 == 0 { return quote }
            from = quote + 1
        }
    }

    /// The text cut into `parts` arrays holding runs of the top-level array's elements, in order; nil when the
    /// text is not a top-level array (after optional whitespace) or has too few elements to cut.
    static func splitTopLevelArray(_ input: UnsafeBufferPointer<UInt8>, parts: Int) -> [[UInt8]]? {
        var start = 0
        while start < input.count, Self.isWhitespace(input[start]) { start += 1 }
        guard start < input.count, input[start] == UInt8(ascii: "[") else { return nil }
        let span = input.count - start
        var cuts: [Int] = []
        var target = start + span / parts
        guard let base = input.baseAddress else { return nil }
        var depth = 0
        var index = start
        while index < input.count, cuts.count < parts - 1 {
            switch input[index] {
            case UInt8(ascii: "\""):
                // Strings are skipped quote to quote.
                guard let quote = Self.closingQuote(base, input.count, afterOpeningAt: index) else { return nil }
                index = quote
            case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                if depth <= 0 { return cuts.isEmpty ? nil : Self.runs(input, start: start, cuts: cuts) }
            case UInt8(ascii: ","):
                if depth == 1, index >= target {
                    cuts.append(index)
                    target = start + span * (cuts.count + 1) / parts
                }
            default: break
            }
            index += 1
        }
        return cuts.isEmpty ? nil : Self.runs(input, start: start, cuts: cuts)
    }

    /// The arrays between the cut commas: the first keeps the text's start and gains a `]`, the last keeps its
    /// end and gains a `[`, the others gain both.
    private static func runs(_ input: UnsafeBufferPointer<UInt8>, start: Int, cuts: [Int]) -> [[UInt8]] {
        var runs: [[UInt8]] = []
        var from = start
        for (number, cut) in (cuts + [input.count]).enumerated() {
            var run: [UInt8] = []
            run.reserveCapacity(cut - from + 2)
            if number > 0 { run.append(UInt8(ascii: "[")) }
            run.append(contentsOf: UnsafeBufferPointer(rebasing: input[from..<cut]))
            if cut < input.count { run.append(UInt8(ascii: "]")) }
            runs.append(run)
            from = cut + 1
        }
        return runs
    }

    /// Whether `byte` is whitespace between JSON tokens.
    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}
